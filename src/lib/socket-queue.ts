import { readFileSync } from 'node:fs';

// The kernel's view of a TCP connection (/proc/net/tcp and tcp6, Linux). A server that wrote the last byte
// of a response does not know whether it has arrived: the socket buffers hold megabytes; what the peer has
// acknowledged has (the send queue holds what it has not). And a peer that went away is not always told
// to the writer (writes into a half-closed socket succeed), but the kernel knows the connection's state.

/** The states after which the peer has closed its side (CLOSE_WAIT, LAST_ACK, CLOSING, TIME_WAIT, CLOSE). */
const PEER_CLOSED = new Set([0x08, 0x09, 0x0b, 0x06, 0x07]);
const TIME_WAIT = 0x06;

export interface TcpConnection {
  /** written, not acknowledged by the peer */
  send: number;
  /** arrived, not read */
  receive: number;
  /** the peer has closed its side (it reads nothing more) */
  peerClosed: boolean;
}

/**
 * The connection between these ports, from this end; 'closed' when there is no such connection (any more),
 * null where not known (not Linux). An older connection of the same ports lingering in TIME_WAIT is passed over.
 */
export function tcpConnection(localPort: number, remotePort: number): TcpConnection | 'closed' | null {
  let known = false;
  let lingering: TcpConnection | undefined;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'latin1');
      known = true;
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue ...; addresses as HEXADDR:HEXPORT, st in hex
      const [, local, remote, st, queues] = line.trim().split(/\s+/);
      if (!local || !remote || !st || !queues) continue;
      if (parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== localPort) continue;
      if (parseInt(remote.slice(remote.lastIndexOf(':') + 1), 16) !== remotePort) continue;
      const [send = '0', receive = '0'] = queues.split(':');
      const state = parseInt(st, 16);
      const found = { send: parseInt(send, 16), receive: parseInt(receive, 16), peerClosed: PEER_CLOSED.has(state) };
      if (state !== TIME_WAIT) return found;
      lingering = found;
    }
  }
  return lingering ?? (known ? 'closed' : null);
}
