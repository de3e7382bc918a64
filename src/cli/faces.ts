import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import sharp from 'sharp';
import { decodeHeic } from '../media/heic.ts';
import { MediaError } from '../media/media-error.ts';
import { descriptorBytes, type FaceAnswer, type FaceRequest } from '../media/faces/protocol.ts';
import { asImageError, DEFAULT_MAX_INPUT_PIXELS, type ImageInput } from '../media/sharp-input.ts';
import { sniffMediaType } from '../media/sniff.ts';

/** Below the server and its jobs: indexing is background work. */
export const NICENESS = 10;

/** A selfie's bytes as sharp reads them: HEIC decoded first (sharp's libheif has no HEVC decoder). */
async function selfieInput(bytes: Buffer): Promise<ImageInput> {
  if (sniffMediaType(bytes.subarray(0, 64))?.mime !== 'image/heic') return bytes;
  return decodeHeic(bytes, { maxInputPixels: DEFAULT_MAX_INPUT_PIXELS });
}

/**
 * `momentbox faces`: the face worker (issue 30). Started by the server (services/faces), never by hand: it
 * loads the face engine (a WebAssembly heap of 0.5-0.8 GB that never shrinks, which is why it is a process of
 * its own), answers `{"ready":true}`, then describes one picture per request line (protocol.ts) until its
 * stdin closes, which the server does when it has nothing more to ask, so the memory goes back to the box.
 */
export async function facesWorker(): Promise<number> {
  try {
    setPriority(0, NICENESS);
  } catch {
    // not allowed to lower it (a container's seccomp): run at the server's priority
  }
  const { detectFaces, loadEngine } = await import('../media/faces/engine.ts');
  const send = (answer: FaceAnswer) => process.stdout.write(JSON.stringify(answer) + '\n');
  await loadEngine();
  send({ ready: true });
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let request: FaceRequest;
    try {
      request = JSON.parse(line) as FaceRequest;
    } catch {
      console.error('momentbox faces: not a request line');
      continue;
    }
    try {
      const input = 'path' in request ? request.path : await selfieInput(Buffer.from(request.base64, 'base64'));
      const faces = await detectFaces(sharp, input);
      send({
        id: request.id,
        faces: faces.map((f) => ({
          box: f.box,
          score: f.score,
          sharpness: f.sharpness,
          descriptor: descriptorBytes(f.descriptor).toString('base64'),
        })),
      });
    } catch (err) {
      const kind = asImageError(err) instanceof MediaError ? 'image' : 'engine';
      send({ id: request.id, error: { kind, message: String((err as Error)?.message ?? err) } });
    }
  }
  return 0;
}
