// A picture of the app installed and open in its own standalone window, as a tablet's home
// screen starts it (`make installed-screenshot`). Chromium with a window needs a display, so
// this runs under Xvfb; the screen is captured with xwd, converted by ImageMagick.
//   node tools/installed-screenshot.mjs [dist] [out.png]   (DISPLAY set, the screen 1024x768)
import { execSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const [root = 'dist', out = 'tests/e2e/screenshots/installed-1024x768.png'] = process.argv.slice(2);
const { server, url } = await serve({ root, cacheControl: 'no-store' });
const profile = await mkdtemp(path.join(os.tmpdir(), 'classroom-installed-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: false,
  viewport: null,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active.state);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  if (installabilityErrors.length) throw new Error(`not installable: ${JSON.stringify(installabilityErrors)}`);
  // Install as a tablet does from "Add to home screen", opening in its own window.
  await cdp.send('PWA.install', { manifestId: url });
  await cdp.send('PWA.changeAppUserSettings', { manifestId: url, displayMode: 'standalone' });
  const opened = context.waitForEvent('page');
  await cdp.send('PWA.launch', { manifestId: url });
  const app = await opened;
  await page.close();
  const appCdp = await context.newCDPSession(app);
  const { windowId } = await appCdp.send('Browser.getWindowForTarget');
  await appCdp.send('Browser.setWindowBounds', { windowId, bounds: { left: 0, top: 0, width: 1024, height: 768 } });
  await app.locator('[data-testid=board]').waitFor();
  await app.waitForTimeout(1500);
  const standalone = await app.evaluate(() => matchMedia('(display-mode: standalone)').matches);
  if (!standalone) throw new Error('the app window is not in standalone display mode');
  execSync(`xwd -root -silent | convert xwd:- -crop 1024x768+0+0 +repage ${JSON.stringify(out)}`);
  console.log(`installed app, standalone window: ${out}`);
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
  server.close();
}
