import { connect, type Socket } from 'node:net';

// A GET on a raw socket, held as a phone holds a long answer (a live stream, a ZIP): reading it, or not reading
// past the head (an app gone to the background), so the server's writes pile up in front of it.

export interface RawGet {
  socket: Socket;
  /** the status code, once the head arrived (0 when the connection closed first) */
  status: Promise<number>;
  /** everything received so far, as latin1 text */
  text(): string;
}

export async function rawGet(
  url: string,
  path: string,
  opts: { reading: boolean; headers?: Record<string, string>; localAddress?: string },
): Promise<RawGet> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), localAddress: opts.localAddress });
  socket.on('error', () => {});
  let text = '';
  const status = new Promise<number>((resolve) => {
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      const code = /^HTTP\/1\.1 (\d+)/.exec(text)?.[1];
      if (code) {
        resolve(Number(code));
        if (!opts.reading) socket.pause();
      }
    });
    socket.on('close', () => resolve(0));
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const head = Object.entries(opts.headers ?? {}).map(([k, v]) => `${k}: ${v}`);
  socket.write([`GET ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, ...head].join('\r\n') + '\r\n\r\n');
  return { socket, status, text: () => text };
}
