// The reference of part o (bench/faces-speed.ts): face-api's pipeline alone, in a process of its own like the
// face worker and at its priority, on the pictures named on the command line. Per picture only what the engine
// cannot do without: decode to RGB at the engine's size (sharp), then detect + 68 landmarks + descriptor (the
// calls of media/faces/engine.ts detectFaces). No protocol, no sharpness, no database.
// Prints one JSON line: the window from the first picture's end to the last's (wall and CPU ms), its peak memory.
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import * as tf from '@tensorflow/tfjs';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import sharp from 'sharp';
import { NICENESS } from '../../src/cli/faces.ts';
import { DESCRIBE_LONG_SIDE, loadEngine } from '../../src/media/faces/engine.ts';

setPriority(0, NICENESS);
await loadEngine();
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let faces = 0;
let first: { wall: number; cpu: number } | null = null;
for (const file of process.argv.slice(2)) {
  const { data, info } = await sharp(file)
    .resize(DESCRIBE_LONG_SIDE, DESCRIBE_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tensor = tf.tensor3d(data, [info.height, info.width, 3], 'int32');
  // minConfidence 0.5: the engine's (and SSD MobileNet v1's default)
  const found = await faceapi
    .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 }))
    .withFaceLandmarks()
    .withFaceDescriptors();
  tensor.dispose();
  faces += found.length;
  first ??= { wall: performance.now(), cpu: cpuMs() };
}
const hwm = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) * 1024;
console.log(JSON.stringify({ wallMs: performance.now() - first!.wall, cpuMs: cpuMs() - first!.cpu, faces, hwm }));
