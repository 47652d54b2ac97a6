// Called by tools/app-build.mjs for release builds: styles (the page's own, and the screens'
// stylesheet) without their comments and spare white space. This is safe only while no string
// in style/*.css holds `/*`, a run of spaces or one of `{};,>` (today the only strings are font
// names).

/** `css` without comments and spare white space. */
export function minifyCss(css) {
  return css
    .replace(/\/\*[^]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/** The page `html` with each of its `<style>` elements minified. */
export function minifyStyles(html) {
  return html.replace(/<style>([^]*?)<\/style>/g, (_, css) => `<style>${minifyCss(css)}</style>`);
}
