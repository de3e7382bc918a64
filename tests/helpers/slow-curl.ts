import { existsSync, readFileSync, statSync } from 'node:fs';
import { tcpConnection } from '../../src/lib/socket-queue.ts';

/**
 * curl reading a URL into a file at `rate` (curl's --limit-rate, e.g. '2M'): a slow client whose progress
 * the test can see. `arrived()`: the bytes that have reached curl, in its file or still in its socket's
 * receive queue (read in that order, so a byte moving from one to the other is counted, never missed).
 */
export function slowCurl(url: string, file: string, rate: string) {
  const server = Number(new URL(url).port);
  // a range of local ports curl picks from, so its connection can be found among the test's others
  const first = 20000 + Math.floor(Math.random() * 40000);
  const ports = Array.from({ length: 20 }, (_, i) => first + i);
  const proc = Bun.spawn(['curl', '-sS', '--no-buffer', '--local-port', `${first}-${first + 19}`, '--limit-rate', rate, '-o', file, url]);
  let finished = false;
  const exited = proc.exited.then((code) => ((finished = true), code));
  return {
    exited,
    running: () => !finished,
    arrived(): number {
      const queued = ports.map((p) => tcpConnection(p, server)).reduce((sum, q) => sum + (q && q !== 'closed' ? q.receive : 0), 0);
      return queued + (existsSync(file) ? statSync(file).size : 0);
    },
    kill: () => proc.kill(),
  };
}

/**
 * The most bytes the kernel can hold in flight on one loopback connection: the sender's send buffer and the
 * receiver's receive buffer at their autotuned maximum (net.ipv4.tcp_wmem and tcp_rmem; 4 + 32 MB on
 * Debian's defaults). Every byte the server wrote past them has been acknowledged by the client's kernel,
 * so a test that kills a client 'half-way' needs an archive larger than this, or the box has rightly
 * handed over the whole archive before the kill (what made the killed-download tests flaky).
 */
export function bytesInFlightMax(): number {
  const max = (name: string) => Number(readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/)[2]);
  return max('tcp_wmem') + max('tcp_rmem');
}
