// The published online gallery (src/services/gallery/gallery-page.ts) in German: the keys gallery.en.ts must have too.
// `{n}` stands for a number. Both languages go into the page; its script shows the browser's.

export const galleryDe = {
  photosOne: '1 Foto oder Video',
  photosMany: '{n} Fotos und Videos',
  intro: 'Die Fotos und Videos der Gäste',
  empty: 'Hier sind noch keine Fotos.',
  open: 'Groß ansehen',
  close: 'Schließen',
  previous: 'Vorheriges',
  next: 'Nächstes',
  download: 'Herunterladen',
  position: '{n} von {total}',
  footer: 'Veröffentlicht mit Momentbox',
};

export type GalleryTexts = { [K in keyof typeof galleryDe]: string };
