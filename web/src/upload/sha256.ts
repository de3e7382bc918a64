// SHA-256 of a file with hash-wasm (WebAssembly): crypto.subtle exists only in secure contexts,
// and guests reach the box over plain http:// on the LAN. Loaded on demand, read in slices.

const SLICE = 4 * 1024 * 1024;

export const loadHashWasm = () => import('hash-wasm');

export async function sha256OfFile(file: Blob, signal?: AbortSignal): Promise<string> {
  const { createSHA256 } = await loadHashWasm();
  const hasher = await createSHA256();
  hasher.init();
  for (let off = 0; off < file.size; off += SLICE) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const buf = await file.slice(off, off + SLICE).arrayBuffer();
    hasher.update(new Uint8Array(buf));
  }
  return hasher.digest('hex');
}
