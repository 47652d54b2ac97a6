// Draws the app's PNG icons from our own SVG (assets/icon.svg) with headless Chromium:
//   node tools/icons.mjs
// The PNGs (assets/icons/) are committed; run this again after changing the SVG. Home screens want PNGs:
// 192 and 512 px for Android and desktop installs, a "maskable" one whose picture stays in the
// middle 80 % (the launcher crops it to its own shape), and a 180 px one for iPads.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets');
const SVG = path.join(ASSETS, 'icon.svg');
const OUT = path.join(ASSETS, 'icons');
// The icon's own green, so a cropped maskable icon has no edge.
const BACKGROUND = '#769656';

const ICONS = [
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
];

function page(svg, { size, fullBleed }) {
  // Full bleed: a square of the background with the icon at 80 %, inside the safe zone.
  const scale = fullBleed ? 0.8 : 1;
  const inner = Math.round(size * scale);
  return `<!doctype html><html><body style="margin:0">
    <div style="width:${size}px;height:${size}px;display:grid;place-items:center;
      background:${fullBleed ? BACKGROUND : 'transparent'}">
      <img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"
        width="${inner}" height="${inner}" alt="">
    </div></body></html>`;
}

const svg = await readFile(SVG, 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(page(svg, icon));
    await tab.locator('img').evaluate((img) => img.decode());
    const png = await tab.screenshot({ omitBackground: !icon.fullBleed });
    await writeFile(path.join(OUT, icon.file), png);
    await tab.close();
    console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
