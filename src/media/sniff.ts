// Tells the type of an upload from its first bytes only: the file name and the client's MIME type are
// whatever the sender claims, so neither is trusted. The product takes JPEG, PNG, HEIC (iPhones, Samsung's
// 'high efficiency' photos), MP4 and MOV; AVIF (ISO-BMFF like HEIC and MP4) and everything else give null.

export interface SniffedMedia {
  kind: 'photo' | 'video';
  mime: 'image/jpeg' | 'image/png' | 'image/heic' | 'video/mp4' | 'video/quicktime';
  ext: 'jpg' | 'png' | 'heic' | 'mp4' | 'mov';
}

/** How many leading bytes sniffMediaType looks at: an `ftyp` box with its major and ~10 compatible brands. */
export const SNIFF_BYTES = 64;

const JPEG: SniffedMedia = { kind: 'photo', mime: 'image/jpeg', ext: 'jpg' };
const PNG: SniffedMedia = { kind: 'photo', mime: 'image/png', ext: 'png' };
const HEIC: SniffedMedia = { kind: 'photo', mime: 'image/heic', ext: 'heic' };
const MP4: SniffedMedia = { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
const MOV: SniffedMedia = { kind: 'video', mime: 'video/quicktime', ext: 'mov' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// Brands of ISO-BMFF video files written by phones and cameras (Android: isom/mp42/3gp*, Sony: XAVC/MSNV).
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  '3gp4',
  '3gp5',
  '3gp6',
  '3gp7',
  '3g2a',
  '3g2b',
  '3g2c',
  'dash',
  'mmp4',
  'MSNV',
  'XAVC',
]);
const QUICKTIME_BRAND = 'qt  ';
// HEVC-coded HEIF still images: iPhones write major brand `heic`, some Android phones `mif1` with `heic` compatible.
// (The layered `heim`/`heis` brands are left out: the decoder in src/media/heic.ts does not take them.)
const HEIC_BRANDS = new Set(['heic', 'heix']);
const HEIF_GENERIC_BRANDS = new Set(['mif1', 'mif2']);
// ISO-BMFF files that are no video: HEIF/AVIF images and image sequences, iTunes audio and audiobooks.
const NOT_VIDEO_BRANDS = new Set([
  ...HEIC_BRANDS,
  ...HEIF_GENERIC_BRANDS,
  'heim',
  'heis',
  'hevc',
  'hevx',
  'hevm',
  'hevs',
  'msf1',
  'avif',
  'avis',
  'avio',
  'M4A ',
  'M4B ',
  'M4P ',
]);

/** Type of a file by its magic bytes, or null when it is none of JPEG, PNG, HEIC, MP4, MOV. Give it SNIFF_BYTES (fewer if the file is shorter). */
export function sniffMediaType(firstBytes: Uint8Array): SniffedMedia | null {
  if (startsWith(firstBytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(firstBytes, PNG_SIGNATURE)) return PNG;
  return sniffIsoBmff(firstBytes);
}

function sniffIsoBmff(bytes: Uint8Array): SniffedMedia | null {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (boxSize < 16 || boxSize % 4 !== 0) return null;
  // The major brand decides. HEIC's is `heic`/`mif1` and must not slip through on a compatible `iso*` brand,
  // so compatible brands count only when the major brand is unknown.
  const major = ascii(bytes, 8, 12);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length); at += 4) compatible.push(ascii(bytes, at, at + 4));
  if (major === QUICKTIME_BRAND) return MOV;
  if (MP4_BRANDS.has(major)) return MP4;
  if (HEIC_BRANDS.has(major)) return HEIC;
  // A generic HEIF is HEIC only when it says so; with `avif` (or nothing else) it is AVIF, which is refused.
  if (HEIF_GENERIC_BRANDS.has(major)) return compatible.some((b) => HEIC_BRANDS.has(b)) && !compatible.includes('avif') ? HEIC : null;
  if (NOT_VIDEO_BRANDS.has(major)) return null;
  if (compatible.includes(QUICKTIME_BRAND)) return MOV;
  if (compatible.some((brand) => MP4_BRANDS.has(brand))) return MP4;
  return null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * A guestbook attachment's type by its first bytes (issue 27): the photos sniffMediaType takes, ISO-BMFF
 * files (whose streams, read by ffprobe, tell a video message from a voice memo: an Android recorder's 3GP
 * holds AMR sound only), and the voice recordings phones make. `demuxer` is the ffmpeg demuxer forced on
 * the file, so ffmpeg never guesses a format (a playlist, a URL) from a crafted one.
 */
export interface SniffedAttachment {
  family: 'photo' | 'av' | 'audio';
  mime: string;
  ext: string;
  demuxer: AttachmentDemuxer | null;
}
export type AttachmentDemuxer = 'mov' | 'amr' | 'matroska' | 'ogg' | 'mp3' | 'wav';

const AUDIO_SIGNATURES: { test: (b: Uint8Array) => boolean; type: SniffedAttachment }[] = [
  // AMR-NB and AMR-WB storage format (RFC 4867): Android's voice recorders, older phones.
  { test: (b) => ascii(b, 0, 5) === '#!AMR', type: { family: 'audio', mime: 'audio/amr', ext: 'amr', demuxer: 'amr' } },
  // Opus or Vorbis in Ogg; Opus in WebM (Chrome's and Android's recorders).
  { test: (b) => ascii(b, 0, 4) === 'OggS', type: { family: 'audio', mime: 'audio/ogg', ext: 'ogg', demuxer: 'ogg' } },
  { test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]), type: { family: 'audio', mime: 'audio/webm', ext: 'webm', demuxer: 'matroska' } },
  {
    test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE',
    type: { family: 'audio', mime: 'audio/wav', ext: 'wav', demuxer: 'wav' },
  },
  // MP3 with an ID3 tag, or starting at an MPEG audio frame (11 sync bits, layer III).
  {
    test: (b) => ascii(b, 0, 3) === 'ID3' || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe6) === 0xe2),
    type: { family: 'audio', mime: 'audio/mpeg', ext: 'mp3', demuxer: 'mp3' },
  },
];

export function sniffAttachment(firstBytes: Uint8Array): SniffedAttachment | null {
  const media = sniffMediaType(firstBytes);
  if (media?.kind === 'photo') return { family: 'photo', mime: media.mime, ext: media.ext, demuxer: null };
  const major = firstBytes.length >= 12 && ascii(firstBytes, 4, 8) === 'ftyp' ? ascii(firstBytes, 8, 12) : null;
  if (media) {
    const threeGp = major?.startsWith('3g') ?? false;
    return { family: 'av', mime: threeGp ? 'video/3gpp' : media.mime, ext: threeGp ? '3gp' : media.ext, demuxer: 'mov' };
  }
  // iPhone voice memos: AAC (or ALAC) in an MPEG-4 file branded as audio.
  if (major === 'M4A ') return { family: 'audio', mime: 'audio/mp4', ext: 'm4a', demuxer: 'mov' };
  return AUDIO_SIGNATURES.find((s) => s.test(firstBytes))?.type ?? null;
}

/** The demuxer of a stored attachment, from the extension sniffAttachment gave it (null: a photo). */
export function attachmentDemuxer(ext: string): AttachmentDemuxer | null {
  const byExt: Record<string, AttachmentDemuxer> = {
    mp4: 'mov',
    mov: 'mov',
    '3gp': 'mov',
    m4a: 'mov',
    amr: 'amr',
    webm: 'matroska',
    ogg: 'ogg',
    mp3: 'mp3',
    wav: 'wav',
  };
  return byExt[ext] ?? null;
}
