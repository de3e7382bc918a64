// The face worker's protocol (issue 30): JSON lines over its stdin and stdout, one request at a time.
// The server (worker-client.ts) writes requests; the worker (src/cli/faces.ts) answers each with its id.

/** A picture to describe: a file the worker reads (an upload's preview or a video's poster) or encoded bytes (a selfie). */
export type FaceRequest = { id: number; path: string } | { id: number; base64: string };

/** One face on the wire: the descriptor as base64 of its 128 little-endian float32. */
export interface WireFace {
  box: { x: number; y: number; w: number; h: number };
  score: number;
  descriptor: string;
  sharpness: number;
}

/** 'image': the picture cannot be read as a photo; 'engine': anything else went wrong. */
export type FaceAnswer =
  { ready: true } | { id: number; faces: WireFace[] } | { id: number; error: { kind: 'image' | 'engine'; message: string } };

export const DESCRIPTOR_LENGTH = 128;
export const DESCRIPTOR_BYTES = DESCRIPTOR_LENGTH * 4;

/** A descriptor as the 512 bytes stored in `faces.descriptor` (little-endian float32, what every supported CPU uses). */
export function descriptorBytes(descriptor: Float32Array): Buffer {
  return Buffer.from(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength);
}

/** The 512 stored bytes as a descriptor (a copy, aligned). */
export function descriptorFromBytes(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength !== DESCRIPTOR_BYTES) throw new Error(`a face descriptor has ${DESCRIPTOR_BYTES} bytes, not ${bytes.byteLength}`);
  return new Float32Array(new Uint8Array(bytes).buffer);
}
