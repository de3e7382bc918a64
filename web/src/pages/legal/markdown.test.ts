import { expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, Fragment } from 'react';
import { renderMarkdown } from './markdown';

test('legal texts: headings, paragraphs with line breaks, lists, bold and code', () => {
  const html = renderToStaticMarkup(
    createElement(Fragment, null, ...renderMarkdown('# Titel\n\nZeile 1\nZeile **2**\n\n- a\n- `b`\n\n## Teil')),
  );
  expect(html).toBe('<h1>Titel</h1><p>Zeile 1<br/>Zeile <strong>2</strong></p><ul><li>a</li><li><code>b</code></li></ul><h2>Teil</h2>');
});
