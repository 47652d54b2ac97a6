// The message catalogue (assets/messages) as the build reads it: each language's files as one
// text, for page-words.mjs (the page's own words in each language). The files the app fetches
// are the languages' string tables, which build.rs writes.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every language in `messages` as one text (code → text): its message files joined in name
 * order, as src/text/catalogue.rs `join` does and src/text/languages.rs tests, without their
 * comment lines (they are for translators). */
export function catalogueTexts(messages) {
  const texts = new Map();
  for (const code of readdirSync(messages).sort()) {
    const folder = path.join(messages, code);
    if (code.startsWith('.') || !statSync(folder).isDirectory()) continue;
    let joined = '';
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.txt') && !f.startsWith('.')).sort()) {
      joined += readFileSync(path.join(folder, file), 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\n')
        .filter((line) => !line.startsWith('#'))
        .join('\n');
      if (joined && !joined.endsWith('\n')) joined += '\n';
    }
    texts.set(code, joined);
  }
  return texts;
}
