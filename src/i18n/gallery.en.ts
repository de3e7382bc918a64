// The published online gallery in English, typed by the German one (gallery.de.ts).
import type { GalleryTexts } from './gallery.de.ts';

export const galleryEn: GalleryTexts = {
  photosOne: '1 photo or video',
  photosMany: '{n} photos and videos',
  intro: "The guests' photos and videos",
  empty: 'There are no photos here yet.',
  open: 'View large',
  close: 'Close',
  previous: 'Previous',
  next: 'Next',
  download: 'Download',
  position: '{n} of {total}',
  footer: 'Published with Momentbox',
};
