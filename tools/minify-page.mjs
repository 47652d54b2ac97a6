// Called by tools/app-build.mjs for release builds: the page's inlined styles and plain scripts,
// and the screens' stylesheet, minified by esbuild; the page's comments (for its readers, not
// for the browser) left out.
import { transformSync } from 'esbuild';

// The oldest browsers the styles are written for; esbuild's shorter forms (colours, shorthands)
// stay within what they read.
const CSS_TARGET = ['chrome80', 'edge80', 'firefox78', 'safari14'];

/** `css` minified. */
export function minifyCss(css) {
  return transformSync(css, { loader: 'css', minify: true, target: CSS_TARGET }).code.trim();
}

/** The page `html` without its comments, and with each `<style>` and plain `<script>` minified.
 * The plain scripts are what runs when the app does not (the crash screen, the offer of a new
 * version): they stay ES5, so a browser too old for the app still shows them. */
export function minifyPage(html) {
  return html
    .replace(/[ \t]*<!--[^]*?-->[ \t]*\n?/g, '')
    .replace(/<style>([^]*?)<\/style>/g, (_, css) => `<style>${minifyCss(css)}</style>`)
    .replace(/<script>([^]*?)<\/script>/g, (_, js) => {
      const code = transformSync(js, { loader: 'js', minify: true, target: 'es5' }).code.trim();
      return `<script>${code}</script>`;
    });
}
