import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { renderGalleryPage } from '../../src/http/gallery-page.ts';
import { GENERATED, generatedModule } from '../../scripts/write-gallery-script.ts';

// The published gallery's index.html (issue 29): its script is the one in web/src/gallery, and what the couple
// typed (event and album names) is text, never markup or the end of the script.

test('the generated gallery script is up to date with web/src/gallery/gallery-script.ts (npm run gallery-script)', () => {
  expect(readFileSync(GENERATED, 'utf8')).toBe(generatedModule());
});

test('names are escaped: an event or album name cannot add markup or end the script', () => {
  const html = renderGalleryPage({
    name: 'Anna & Ben </script><script>alert(1)</script>',
    primaryColor: '#112233',
    secondaryColor: 'gold',
    language: 'en',
    albums: [
      {
        name: '<img src=x onerror=alert(2)>',
        items: [{ kind: 'photo', thumb: 'media/k/thumb.jpg', view: 'media/k/preview.jpg', original: null, name: 'x.jpg' }],
      },
    ],
  });
  expect(html).not.toContain('<script>alert(1)');
  expect(html).not.toContain('<img src=x');
  expect(html).toContain('<title>Anna &amp; Ben &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
  expect(html.match(/<script>/g)?.length).toBe(1);
  expect(html.match(/<\/script>/g)?.length).toBe(1);
  // No original: no download offered for it.
  expect(html).not.toContain('data-original');
});
