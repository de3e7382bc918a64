// The face engine (issue 30): @vladmandic/face-api on TensorFlow.js' WebAssembly backend (single-threaded SIMD,
// the same on x64 and arm64). Its weights and the wasm file are embedded in the binary (`with { type: 'file' }`)
// and read from there: nothing is fetched, nothing lies beside the binary. The WebAssembly heap grows to
// 0.5-0.8 GB and never shrinks, so only the face worker process (`momentbox faces`) imports this module.
import { readFileSync } from 'node:fs';
// The CommonJS build: the ESM one failed inside `bun build --compile` (issue 30's research).
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmSimdPath from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm' with { type: 'file' };
import wasmPlainPath from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm' with { type: 'file' };
import detectorBin from '@vladmandic/face-api/model/ssd_mobilenetv1_model.bin' with { type: 'file' };
import detectorManifest from '@vladmandic/face-api/model/ssd_mobilenetv1_model-weights_manifest.json';
import landmarksBin from '@vladmandic/face-api/model/face_landmark_68_model.bin' with { type: 'file' };
import landmarksManifest from '@vladmandic/face-api/model/face_landmark_68_model-weights_manifest.json';
import recognitionBin from '@vladmandic/face-api/model/face_recognition_model.bin' with { type: 'file' };
import recognitionManifest from '@vladmandic/face-api/model/face_recognition_model-weights_manifest.json';
import type { SharpFactory } from '../sharp-input.ts';
import { openUpright, type ImageInput } from '../sharp-input.ts';

/** One face found in a picture. */
export interface DetectedFace {
  /** where it is, relative to the upright picture (0..1) */
  box: { x: number; y: number; w: number; h: number };
  /** the detector's confidence, 0..1 */
  score: number;
  /** the 128-dimension recognition descriptor (euclidean distance between two: same person when small) */
  descriptor: Float32Array;
  /** variance of the Laplacian of the face's crop at a fixed size: small for a blurry face (a shaken selfie) */
  sharpness: number;
}

/** Pictures are described at this long side: faces of a group photo stay large enough, and the network's cost stays bounded. */
export const DESCRIBE_LONG_SIDE = 1024;
/** Faces below this detector confidence are not faces (SSD MobileNet v1's own default). */
const MIN_CONFIDENCE = 0.5;
/** Faces are cropped to this square (grey) before their sharpness is measured, so it does not depend on their size. */
const SHARPNESS_SIDE = 112;

type Manifest = { weights: Parameters<typeof faceapi.tf.io.decodeWeights>[1] }[];

function weightMap(binPath: string, manifest: Manifest) {
  const bytes = readFileSync(binPath);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  // face-api's own tfjs types (the same module at run time)
  return faceapi.tf.io.decodeWeights(
    buffer,
    manifest.flatMap((group) => group.weights),
  );
}

let ready: Promise<void> | null = null;

/** Loads the backend and the three networks once per process. */
export function loadEngine(): Promise<void> {
  return (ready ??= (async () => {
    // Single-threaded: one core per worker, and no thread workers (their script would need a file of its own).
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    const paths = { 'tfjs-backend-wasm-simd.wasm': wasmSimdPath, 'tfjs-backend-wasm.wasm': wasmPlainPath };
    setWasmPaths({ ...paths, 'tfjs-backend-wasm-threaded-simd.wasm': wasmSimdPath });
    await tf.setBackend('wasm');
    await tf.ready();
    await faceapi.nets.ssdMobilenetv1.loadFromWeightMap(weightMap(detectorBin, detectorManifest as Manifest));
    await faceapi.nets.faceLandmark68Net.loadFromWeightMap(weightMap(landmarksBin, landmarksManifest as Manifest));
    await faceapi.nets.faceRecognitionNet.loadFromWeightMap(weightMap(recognitionBin, recognitionManifest as Manifest));
  })());
}

/** The picture upright, as RGB at DESCRIBE_LONG_SIDE at most. */
async function uprightRgb(sharp: SharpFactory, input: ImageInput) {
  const { data, info } = await openUpright(sharp, input)
    .resize(DESCRIBE_LONG_SIDE, DESCRIBE_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Variance of the 4-neighbour Laplacian of grey pixels (side x side). */
export function laplacianVariance(grey: Uint8Array, side: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x;
      const l = grey[i - 1]! + grey[i + 1]! + grey[i - side]! + grey[i + side]! - 4 * grey[i]!;
      sum += l;
      sumSq += l * l;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

async function sharpnessOf(
  sharp: SharpFactory,
  rgb: { data: Buffer; width: number; height: number },
  box: { x: number; y: number; width: number; height: number },
) {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const width = Math.max(1, Math.min(rgb.width - left, Math.round(box.width)));
  const height = Math.max(1, Math.min(rgb.height - top, Math.round(box.height)));
  const grey = await sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(SHARPNESS_SIDE, SHARPNESS_SIDE, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  return laplacianVariance(grey, SHARPNESS_SIDE);
}

/** Every face of a picture (a file path, encoded bytes, or decoded upright RGBA), largest confidence first. */
export async function detectFaces(sharp: SharpFactory, input: ImageInput): Promise<DetectedFace[]> {
  await loadEngine();
  const rgb = await uprightRgb(sharp, input);
  const tensor = tf.tensor3d(rgb.data, [rgb.height, rgb.width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    const faces: DetectedFace[] = [];
    for (const face of found) {
      const box = face.detection.box;
      faces.push({
        box: { x: box.x / rgb.width, y: box.y / rgb.height, w: box.width / rgb.width, h: box.height / rgb.height },
        score: face.detection.score,
        descriptor: face.descriptor,
        sharpness: await sharpnessOf(sharp, rgb, box),
      });
    }
    return faces.sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}
