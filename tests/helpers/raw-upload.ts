import { readdirSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';

// Uploads written byte by byte on a raw socket, so a test can do what a phone on venue Wi-Fi does:
// stop sending in the middle of a body, or vanish.

export const BOUNDARY = 'momentbox-test-boundary';

/** Open file descriptors of a process (Linux). */
export const fdCount = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** Entries in the server's tmp/ other than the chunk folder, and the chunk sessions kept there. */
export function tmpContents(dataDir: string): { files: string[]; chunkSessions: string[] } {
  const tmp = join(dataDir, 'tmp');
  // Dot files in tmp/chunks are the chunk store's own (boot id, clean stop), not sessions.
  return {
    files: readdirSync(tmp).filter((n) => n !== 'chunks'),
    chunkSessions: readdirSync(join(tmp, 'chunks')).filter((n) => !n.startsWith('.')),
  };
}

/** The server has a file under its tmp/ open: it is writing a body (a temp file, or a chunk into its file). */
export function writingInto(pid: number, dataDir: string): boolean {
  const tmp = join(dataDir, 'tmp') + '/';
  return readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(tmp);
    } catch {
      return false; // closed meanwhile
    }
  });
}

/** The start of a multipart body: text fields, then the header of the file part named `fileField`. */
export function multipartHead(fields: Record<string, string>, fileField: string, fileName: string): Buffer {
  let text = '';
  for (const [k, v] of Object.entries(fields)) text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.from(text);
}

/**
 * Opens a POST whose headers promise `declaredBytes` of multipart body and writes `sent` of it. The
 * caller then cuts the socket (`destroy`) or stays silent and waits for the server to close it.
 */
export async function openPartialPost(
  url: string,
  path: string,
  headers: Record<string, string>,
  declaredBytes: number,
  sent: Buffer,
): Promise<{ socket: Socket; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {}); // a reset by either side is part of these tests
  socket.resume(); // read what the server answers (callers may listen too), so its closing is seen
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const lines = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${declaredBytes}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.write(lines.join('\r\n') + '\r\n\r\n');
  await new Promise<void>((resolve) => socket.write(sent, () => resolve()));
  return { socket, closed };
}

/** Polls `check` until it returns true or `ms` pass (bounded waiting for the server to settle). */
export async function waitFor(check: () => boolean, ms: number, stepMs = 50): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await Bun.sleep(stepMs);
  }
  return check();
}
