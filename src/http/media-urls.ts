// Public URLs of media files. Each contains a random 128-bit key, so a URL cannot be guessed.
export const mediaUrl = {
  original: (key: string, ext: string) => `/media/${key}/original.${ext}`,
  derived: (key: string, file: string) => `/media/${key}/${file}`,
  hostImage: (key: string) => `/media/host/${key}.jpg`,
  /** a guestbook attachment's files (issue 27): read as its entry is (files.routes.ts) */
  guestbook: (key: string, file: string) => `/media/guestbook/${key}/${file}`,
};
