import { createServer, connect, type Server, type Socket } from 'node:net';

// A TCP proxy that treats connections the way venue Wi-Fi treats phones: every chunk of data is delayed
// with jitter, and a share of the connections stall for a while, are reset, are cut in the middle of the
// request body, or lose the server's answer. The fault of each connection is drawn from a seeded generator,
// so a failing run can be repeated.

export type Fault = 'clean' | 'stall' | 'reset' | 'cut' | 'lose-answer';

export interface ChaosOptions {
  /** where connections are forwarded */
  upstream: { host: string; port: number };
  seed: number;
  /** share of connections per fault (the rest are clean); e.g. { stall: 0.1, reset: 0.1, cut: 0.15, 'lose-answer': 0.05 } */
  faults: Partial<Record<Exclude<Fault, 'clean'>, number>>;
  /** delay of each forwarded chunk: base plus up to jitter, in ms */
  delayMs: number;
  jitterMs: number;
  /** how long a stall holds the data back, in ms (from, to) */
  stallMs: [number, number];
}

/** Mulberry32: small, fast and good enough to draw faults from a seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class ChaosProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly next: () => number;
  /** how many connections got each fault */
  readonly counts: Record<Fault, number> = { clean: 0, stall: 0, reset: 0, cut: 0, 'lose-answer': 0 };
  port = 0;

  constructor(private readonly opts: ChaosOptions) {
    this.next = random(opts.seed);
  }

  async start(): Promise<void> {
    this.server = createServer((client) => this.handle(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  private draw(): Fault {
    let r = this.next();
    for (const [fault, share] of Object.entries(this.opts.faults) as [Exclude<Fault, 'clean'>, number][]) {
      if (r < share) return fault;
      r -= share;
    }
    return 'clean';
  }

  private handle(client: Socket) {
    const fault = this.draw();
    this.counts[fault]++;
    const upstream = connect(this.opts.upstream);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => {}); // resets are what this proxy is for
    }
    const endBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    // Each direction forwards in order through a chain of delayed writes; an end or close of one side
    // reaches the other only after the data before it.
    let toServer = Promise.resolve();
    let toClient = Promise.resolve();
    const written = (socket: Socket, data: Buffer) =>
      new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.write(data, () => resolve())));
    client.on('close', () => void toServer.then(() => upstream.destroy()));
    upstream.on('close', () => void toClient.then(() => client.destroy()));

    // The point in the request at which the fault strikes: somewhere in the first 2 MB of the body.
    const strikeAt = 512 + Math.floor(this.next() * 2 * 1024 * 1024);
    const stallFor = this.opts.stallMs[0] + this.next() * (this.opts.stallMs[1] - this.opts.stallMs[0]);
    let sent = 0;
    let struck = false;
    const jitter = () => this.opts.delayMs + this.next() * this.opts.jitterMs;

    // Client to server: one chunk at a time (back-pressure through pause/resume), each delayed.
    client.on('data', (data: Buffer) => {
      client.pause();
      toServer = toServer.then(async () => {
        await Bun.sleep(jitter());
        if (!struck && sent + data.length >= strikeAt && fault !== 'clean' && fault !== 'lose-answer') {
          struck = true;
          const head = data.subarray(0, Math.max(0, strikeAt - sent));
          await written(upstream, head);
          sent += head.length;
          if (fault === 'reset') {
            client.resetAndDestroy();
            upstream.resetAndDestroy();
            return;
          }
          if (fault === 'cut') return endBoth();
          // stall: hold the rest back, then go on (the server may have given up on the connection meanwhile)
          await Bun.sleep(stallFor);
          data = data.subarray(head.length);
        }
        sent += data.length;
        await written(upstream, data);
        client.resume();
      });
    });
    client.on('end', () => void toServer.then(() => upstream.end()));

    // Server to client: delayed too; 'lose-answer' drops the connection when the answer starts.
    upstream.on('data', (data: Buffer) => {
      if (fault === 'lose-answer') return endBoth();
      upstream.pause();
      toClient = toClient.then(async () => {
        await Bun.sleep(jitter());
        await written(client, data);
        upstream.resume();
      });
    });
    upstream.on('end', () => void toClient.then(() => client.end()));
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
