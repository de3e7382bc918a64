import { describe, expect, test } from 'bun:test';
import { faceDistance, MATCH_THRESHOLD, MIN_SELFIE_SHARPNESS, precisionRecall, rankMatches, selfieFace } from './faces.ts';

/** A descriptor `d` away from the origin along axis `axis` (distances between them are easy to know). */
function at(d: number, axis = 0): Float32Array {
  const v = new Float32Array(128);
  v[axis] = d;
  return v;
}

describe('faceDistance', () => {
  test('is euclidean', () => {
    expect(faceDistance(at(0), at(0))).toBe(0);
    expect(faceDistance(at(0.3), at(0))).toBeCloseTo(0.3, 6);
    expect(faceDistance(at(0.3, 0), at(0.4, 1))).toBeCloseTo(0.5, 6);
  });
});

describe('the threshold', () => {
  test('is tighter than face-api’s usual 0.6, which lets strangers in', () => {
    expect(MATCH_THRESHOLD).toBeLessThan(0.6);
    expect(MATCH_THRESHOLD).toBeGreaterThan(0.5);
  });
});

describe('rankMatches', () => {
  const selfie = at(0);
  test('best match first, one entry per upload (its closest face), nothing at or beyond the threshold', () => {
    const faces = [
      { uploadId: 1, descriptor: at(0.5) },
      { uploadId: 2, descriptor: at(0.2) },
      { uploadId: 1, descriptor: at(0.1, 3) },
      { uploadId: 3, descriptor: at(MATCH_THRESHOLD) },
      { uploadId: 4, descriptor: at(0.58) },
    ];
    const matches = rankMatches(selfie, faces);
    expect(matches.map((m) => m.uploadId)).toEqual([1, 2]);
    expect(matches[0]!.distance).toBeCloseTo(0.1, 6);
  });

  test('leaves out the guest’s own drops', () => {
    const faces = [
      { uploadId: 1, descriptor: at(0.1) },
      { uploadId: 2, descriptor: at(0.2) },
    ];
    expect(rankMatches(selfie, faces, { dropped: new Set([1]) }).map((m) => m.uploadId)).toEqual([2]);
  });

  test('a face close to an exclusion is nobody’s match; other faces of the same photo still are', () => {
    const removed = at(0.45, 5);
    const faces = [
      { uploadId: 1, descriptor: at(0.4, 5) }, // the removed person (0.05 from the exclusion), 0.4 from the selfie
      { uploadId: 2, descriptor: at(-0.3, 5) }, // the guest, 0.75 from the exclusion
      { uploadId: 2, descriptor: at(0.42, 5) }, // the removed person again
    ];
    expect(rankMatches(selfie, faces).map((m) => m.uploadId)).toEqual([2, 1]);
    const after = rankMatches(selfie, faces, { exclusions: [removed] });
    expect(after.map((m) => m.uploadId)).toEqual([2]);
    expect(after[0]!.distance).toBeCloseTo(0.3, 6);
  });
});

describe('selfieFace', () => {
  const face = (w: number, sharpness = 500) => ({ box: { w, h: w }, sharpness, descriptor: at(0) });
  test('no face, several faces, a blurry one', () => {
    expect(selfieFace([])).toEqual({ problem: 'noFace' });
    expect(selfieFace([face(0.3), face(0.25)])).toEqual({ problem: 'severalFaces' });
    expect(selfieFace([face(0.3, MIN_SELFIE_SHARPNESS - 1)])).toEqual({ problem: 'blurry' });
  });
  test('the one face; a small face far behind does not count as a second person', () => {
    const guest = face(0.4);
    expect(selfieFace([guest])).toEqual({ face: guest });
    expect(selfieFace([face(0.1), guest])).toEqual({ face: guest });
  });
});

describe('precisionRecall', () => {
  test('counts found and missed photos per single-person query', () => {
    const photos = [
      { name: 'a1', people: ['a'], faces: [at(0)] },
      { name: 'a2', people: ['a'], faces: [at(0.3)] },
      { name: 'group', people: ['a', 'b'], faces: [at(0.1), at(0.9, 2)] },
      { name: 'b1', people: ['b'], faces: [at(0.4)] }, // too close to a: a false positive
    ].map(({ faces, ...p }) => ({ ...p, asSelfie: faces, asUpload: faces }));
    const r = precisionRecall(photos, MATCH_THRESHOLD);
    // a1 finds a2, group, b1(wrong); a2 finds a1, group, b1(wrong); b1 finds a1, a2, group: all wrong but
    // group, which has b (through its a face: photo-level, as a guest sees it); b misses nothing.
    expect(r.truePositives).toBe(5);
    expect(r.falsePositives).toBe(4);
    expect(r.falseNegatives).toBe(0);
    expect(r.recall).toBe(1);
  });
});
