import { readFileSync } from 'node:fs';

// The kernel's queues of a TCP connection (tx_queue:rx_queue in /proc/net/tcp and tcp6, Linux). A server
// that wrote the last byte of a response does not know whether it has arrived: the socket buffers hold
// megabytes; what the peer has acknowledged has (the send queue holds what it has not).

/**
 * The send queue (written, not acknowledged by the peer) and receive queue (arrived, not read) of the
 * connection between these ports, from this end; 'closed' when there is no such connection (any more),
 * null where not known (not Linux).
 */
export function tcpQueues(localPort: number, remotePort: number): { send: number; receive: number } | 'closed' | null {
  let known = false;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'latin1');
      known = true;
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue ...; addresses as HEXADDR:HEXPORT
      const [, local, remote, , queues] = line.trim().split(/\s+/);
      if (!local || !remote || !queues) continue;
      if (parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== localPort) continue;
      if (parseInt(remote.slice(remote.lastIndexOf(':') + 1), 16) !== remotePort) continue;
      const [send = '0', receive = '0'] = queues.split(':');
      return { send: parseInt(send, 16), receive: parseInt(receive, 16) };
    }
  }
  return known ? 'closed' : null;
}
