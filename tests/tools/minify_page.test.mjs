// tools/minify-page.mjs: the page as it ships, its comments left out and its styles and plain
// scripts minified.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minifyPage } from '../../tools/minify-page.mjs';

test("the page's comments are left out, its words and elements kept", () => {
  const page = `<head>
    <!-- One line. -->
    <meta charset="utf-8" />
    <!-- Two
         lines. -->
    <style>
      .a { color: #ff0000; }
    </style>
  </head>
  <body><p class="x">Loading…</p><!-- after --></body>`;
  const shipped = minifyPage(page);
  assert.doesNotMatch(shipped, /<!--|-->|lines\\.|One line/);
  assert.match(shipped, /<meta charset="utf-8" \/>/);
  assert.match(shipped, /<style>\.a\{color:red\}<\/style>/);
  assert.match(shipped, /<body><p class="x">Loading…<\/p><\/body>/);
});

test('a plain script is minified; one written past ES5 stops the build', () => {
  const shipped = minifyPage('<script>\n  (function () {\n    var words = "kept";\n    window.late = words;\n  })();\n</script>');
  assert.match(shipped, /^<script>[^\n]*"kept"[^\n]*<\/script>$/);
  assert.throws(() => minifyPage('<script>const late = () => 1;</script>'), /es5/);
});
