import { describe, expect, test } from 'bun:test';
import type { TcpConnection } from '../lib/socket-queue.ts';
import { createExportsService, type ZipPlan } from './exports.service.ts';

// The export page's truth (issue 26, item 8): what a ticket's progress says for each thing the kernel can
// tell about the connection. The socket states are set by hand here; tests/api/export-progress.test.ts
// shows the same with real clients (curl reading slowly, killed, a fetch cancelled).

const plan: ZipPlan = { entries: [], size: 1000, fileEnds: [400, 1000], fileName: 'x.zip' };
const open = (send: number): TcpConnection => ({ send, receive: 0, peerClosed: false });
const peerClosed = (send: number): TcpConnection => ({ send, receive: 0, peerClosed: true });

/** A redeemed ticket whose connection the test sets (`conn.now`), with its observer. */
function download() {
  // only the ticket calls are used: the other dependencies are never reached
  const exports = createExportsService({} as Parameters<typeof createExportsService>[0]);
  const { ticket } = exports.issueTicket({ eventId: 1 }, plan);
  exports.redeemTicket(1, ticket);
  const conn: { now: TcpConnection | 'closed' | null } = { now: open(0) };
  const observer = exports.observe(ticket, plan, () => conn.now);
  return { conn, observer, progress: () => exports.progress(ticket)! };
}

describe('export progress', () => {
  test('sent is what the client acknowledged; done only once it acknowledged the last byte', () => {
    const d = download();
    d.conn.now = open(300);
    d.observer.sent(600);
    expect(d.progress()).toMatchObject({ state: 'sending', sent: 300, filesSent: 0 });
    d.observer.sent(400);
    d.observer.finished();
    expect(d.progress()).toMatchObject({ state: 'sending', sent: 700, filesSent: 1 });
    d.conn.now = open(0);
    expect(d.progress()).toMatchObject({ state: 'done', sent: 1000, filesSent: 2 });
  });

  test('a client killed while the box waits for it: the progress call alone sees it (no write settles any more)', () => {
    const d = download();
    d.observer.sent(500);
    d.conn.now = peerClosed(200);
    expect(d.progress().state).toBe('failed');
    const again = download();
    again.observer.sent(500);
    again.conn.now = 'closed'; // reset: the connection is gone at once
    expect(again.progress().state).toBe('failed');
  });

  test('writes that went on into a connection whose client left: failed, with the bytes written', () => {
    const d = download();
    d.observer.sent(100);
    d.conn.now = peerClosed(0);
    d.observer.sent(100);
    expect(d.progress()).toMatchObject({ state: 'failed', sent: 200 });
  });

  test('the last byte written into a connection already closed by its client: failed, not done', () => {
    const d = download();
    d.observer.sent(1000);
    d.conn.now = peerClosed(0);
    d.observer.finished();
    expect(d.progress().state).toBe('failed');
  });

  test('a client that closes its side with bytes it never acknowledged: failed', () => {
    const d = download();
    d.conn.now = open(400);
    d.observer.sent(1000);
    d.observer.finished();
    expect(d.progress().state).toBe('sending');
    d.conn.now = peerClosed(400);
    expect(d.progress().state).toBe('failed');
  });

  test('after the last byte the client takes it and leaves: done', () => {
    const d = download();
    d.observer.sent(1000);
    d.observer.finished();
    d.conn.now = 'closed';
    expect(d.progress()).toMatchObject({ state: 'done', sent: 1000 });
  });

  test('where the kernel cannot be asked (not Linux), the bytes written count', () => {
    const d = download();
    d.conn.now = null;
    d.observer.sent(400);
    expect(d.progress()).toMatchObject({ state: 'sending', sent: 400, filesSent: 1 });
    d.observer.sent(600);
    d.observer.finished();
    expect(d.progress()).toMatchObject({ state: 'done', sent: 1000 });
  });
});
