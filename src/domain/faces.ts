// Face search (issue 30): which faces are "the same person", which selfie is usable, and how a search is
// ranked. Pure: the descriptors come from the face worker (media/faces), the rows from the database.

/** A face descriptor: the recognition network's 128 numbers. */
export type Descriptor = Float32Array;

/**
 * Two faces are the same person when their descriptors are closer than this (euclidean). face-api's usual
 * 0.6 is too loose for a room of relatives. On the labelled set (tests/fixtures/faces, 37 real photos of 22
 * people; bench part n), each single-person photo as a selfie against the others as the indexer sees them
 * (their viewer previews): at 0.55 precision 0.93 and recall 0.75 (the misses are small, turned or dim faces),
 * at 0.60 precision 0.72 (strangers found) and recall 0.92, at 0.50 precision 1.00 and recall 0.47. The photos
 * found of the same person measured 0.42-0.55 from the selfie, the closest stranger to a portrait 0.56.
 */
export const MATCH_THRESHOLD = 0.55;

/**
 * A selfie face is too blurry below this sharpness (variance of the Laplacian of the face at 112 px, as
 * media/faces/engine.ts measures it): the portraits of the labelled set measured 148-1757, one blurred (sigma 3) 17.
 */
export const MIN_SELFIE_SHARPNESS = 40;

/**
 * Another face counts as a second person in a selfie when it is at least this large against the largest:
 * a small face far behind the guest does not make the selfie ambiguous.
 */
const SECOND_FACE_SIZE = 0.5;

export function faceDistance(a: Descriptor, b: Descriptor): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** Whether two descriptors are the same person by MATCH_THRESHOLD (or a given threshold, for the bench). */
export function sameFace(a: Descriptor, b: Descriptor, threshold = MATCH_THRESHOLD): boolean {
  return faceDistance(a, b) < threshold;
}

/** What the selfie check needs of a detected face (media/faces/engine.ts DetectedFace). */
export interface SelfieFace {
  box: { w: number; h: number };
  sharpness: number;
  descriptor: Descriptor;
}

export type SelfieProblem = 'noFace' | 'severalFaces' | 'blurry';

/** The one face of a selfie, or why the selfie cannot be used (the API answers each with its own 422). */
export function selfieFace<F extends SelfieFace>(faces: readonly F[]): { face: F } | { problem: SelfieProblem } {
  if (faces.length === 0) return { problem: 'noFace' };
  const area = (f: F) => f.box.w * f.box.h;
  const largest = faces.reduce((a, b) => (area(b) > area(a) ? b : a));
  const prominent = faces.filter((f) => Math.sqrt(area(f) / area(largest)) >= SECOND_FACE_SIZE);
  if (prominent.length > 1) return { problem: 'severalFaces' };
  if (largest.sharpness < MIN_SELFIE_SHARPNESS) return { problem: 'blurry' };
  return { face: largest };
}

/** A face of an upload, as the index keeps it. */
export interface IndexedFace {
  uploadId: number;
  descriptor: Descriptor;
}

export interface FaceMatch {
  uploadId: number;
  distance: number;
}

/**
 * The uploads in which the selfie's person appears, best match first (the closest of their faces), one entry
 * per upload. A face close to one of the `exclusions` (a guest's 'Mich aus der Gesichtssuche entfernen') is
 * nobody's match; uploads in `dropped` (the guest's 'Das bin ich nicht') are left out.
 */
export function rankMatches(
  selfie: Descriptor,
  faces: Iterable<IndexedFace>,
  opts: { exclusions?: readonly Descriptor[]; dropped?: ReadonlySet<number>; threshold?: number } = {},
): FaceMatch[] {
  const threshold = opts.threshold ?? MATCH_THRESHOLD;
  const best = new Map<number, number>();
  for (const face of faces) {
    if (opts.dropped?.has(face.uploadId)) continue;
    const distance = faceDistance(selfie, face.descriptor);
    if (distance >= threshold) continue;
    if (opts.exclusions?.some((e) => sameFace(e, face.descriptor, threshold))) continue;
    const before = best.get(face.uploadId);
    if (before === undefined || distance < before) best.set(face.uploadId, distance);
  }
  return [...best]
    .map(([uploadId, distance]) => ({ uploadId, distance }))
    .sort((a, b) => a.distance - b.distance || b.uploadId - a.uploadId);
}

/** Precision and recall of searches over a labelled set: who is in each photo, its faces as a selfie and as indexed. */
export interface LabelledPhoto {
  name: string;
  people: readonly string[];
  /** the faces found in the photo as the guest's selfie (the file as sent) */
  asSelfie: readonly Descriptor[];
  /** the faces the index keeps of it as an upload (described from its viewer preview) */
  asUpload: readonly Descriptor[];
}

/**
 * Every single-person photo as a selfie against all other photos as uploads: a found photo is right when its
 * labels name the selfie's person. Counts are photo-level, as a guest sees results.
 */
export function precisionRecall(photos: readonly LabelledPhoto[], threshold = MATCH_THRESHOLD) {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const mistakes: string[] = [];
  for (const query of photos) {
    if (query.people.length !== 1 || query.asSelfie.length !== 1) continue;
    const person = query.people[0]!;
    const others = photos.filter((p) => p !== query);
    const faces = others.flatMap((p, i) => p.asUpload.map((descriptor) => ({ uploadId: i, descriptor })));
    const found = new Set(rankMatches(query.asSelfie[0]!, faces, { threshold }).map((m) => m.uploadId));
    others.forEach((p, i) => {
      const hit = found.has(i);
      const truth = p.people.includes(person);
      if (hit && truth) truePositives++;
      else if (hit) {
        falsePositives++;
        mistakes.push(`${query.name} found ${p.name}`);
      } else if (truth) {
        falseNegatives++;
        mistakes.push(`${query.name} missed ${p.name}`);
      }
    });
  }
  return {
    precision: truePositives / Math.max(1, truePositives + falsePositives),
    recall: truePositives / Math.max(1, truePositives + falseNegatives),
    truePositives,
    falsePositives,
    falseNegatives,
    mistakes,
  };
}
