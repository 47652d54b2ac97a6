// The message catalogue as the browser tests read it, and choosing a language in Settings.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness.mjs';
import { SOON, boardReady } from './chess.mjs';

/** A language's plain messages (`key = text`, continuation lines joined), from its files. */
export function messages(code) {
  const folder = path.join(ROOT, 'assets', 'messages', code);
  const out = new Map();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.txt')).sort()) {
    let last = null;
    for (const line of readFileSync(path.join(folder, file), 'utf8').split('\n')) {
      if (/^\s+\S/.test(line) && last) {
        out.set(last, `${out.get(last)} ${line.trim()}`);
      } else {
        const m = /^([a-z][a-z0-9-]*(?:\.[a-z]+)?)\s*=\s*(.*)$/.exec(line);
        last = m ? m[1] : null;
        if (m) out.set(m[1], m[2].trim());
      }
    }
  }
  return out;
}

/** The trimmed text of the first element matching `selector`. */
export const text = (page, selector) => page.locator(selector).first().textContent().then((t) => t.trim());

/** Chooses the language `code` in Settings and waits for the app to start again in it. */
export async function chooseLanguage(page, code) {
  await page.locator('[data-testid=settings]').click();
  const select = page.locator('select[data-testid=language]');
  await select.waitFor({ timeout: SOON });
  // Choosing fetches the language, keeps it and starts the app again in it.
  await Promise.all([page.waitForEvent('load', { timeout: 15_000 }), select.selectOption(code)]);
  await boardReady(page);
}

