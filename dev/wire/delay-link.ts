/**
 * A TCP link with latency on the wire: a forwarder on 127.0.0.1 that delays every chunk by L/2
 * each way, so that a TLS handshake, a request and its answer each pay a real round trip, and a
 * client that waits for one connection before it opens the next shows it. A forwarder cannot
 * delay the TCP handshake itself (the kernel accepts at once), so the first chunk a client sends
 * on a connection waits one round trip more: it arrives when it would had the client waited for
 * the SYN-ACK. That is also when it arrives through a proxy, which answers CONNECT only once its
 * own connection is up. Data, ends and closes keep their order; half-closed connections and
 * back-pressure are not modelled (the clients here send a request and read its answer).
 *
 * It records when each connection is opened, and how many answer bytes each earlier connection
 * had delivered by then: a connection opened before any answer byte came back on the earlier
 * connections of the same run was opened in parallel with them.
 */
import net, { type Socket } from 'node:net';
import { LocalServer } from '../local-server.ts';

export interface LinkConnection {
  /** When the link accepted it (performance.now() of this process). */
  openedAt: number;
  /** Answer bytes delivered so far on this connection. */
  answerBytes: number;
  /** Answer bytes each earlier connection (by index) had delivered when this one was opened. */
  answerBytesBefore: readonly number[];
}

/** What travels one way: data, the end of the stream, or the connection's close (a reset included). */
type Event = Buffer | 'end' | 'close';

/** Events of one direction, each delivered when its time comes, in the order they came. */
class DelayedPipe {
  private readonly queue: Array<{ at: number; event: Event }> = [];
  private lastAt = 0;

  private readonly to: Socket;
  private readonly onWrite: (bytes: number) => void;

  constructor(to: Socket, onWrite: (bytes: number) => void) {
    this.to = to;
    this.onWrite = onWrite;
  }

  push(event: Event, delayMs: number): void {
    if (delayMs <= 0 && this.queue.length === 0) return this.deliver(event);
    // Never before an earlier chunk: a later one may have a shorter delay (the first chunk's is longer).
    const at = Math.max(performance.now() + delayMs, this.lastAt);
    this.lastAt = at;
    this.queue.push({ at, event });
    if (this.queue.length === 1) this.wake(at);
  }

  /** One timer at a time, for the head of the queue. */
  private wake(at: number): void {
    // A timer may fire a little early (libuv counts whole milliseconds): drain() waits again for what is not due.
    setTimeout(() => this.drain(), Math.max(0, at - performance.now()));
  }

  private drain(): void {
    const now = performance.now();
    while (this.queue.length > 0 && (this.queue[0]?.at ?? Infinity) <= now + 0.5)
      this.deliver((this.queue.shift() as { event: Event }).event);
    const next = this.queue[0];
    if (next !== undefined) this.wake(Math.max(next.at, now + 1));
  }

  private deliver(event: Event): void {
    if (this.to.destroyed) return;
    // A close after an end leaves the end to finish: what was written still reaches the peer.
    if (event === 'close') {
      if (!this.to.writableEnded) this.to.destroy();
    } else if (event === 'end') this.to.end();
    else {
      this.onWrite(event.length);
      this.to.write(event);
    }
  }
}

export class DelayLink {
  /** L: the round-trip time every exchange pays from now on. */
  latencyMs = 0;
  readonly connections: LinkConnection[] = [];
  /** When the last answer bytes were delivered, on any connection. */
  lastAnswerAt = 0;
  private readonly local = new LocalServer(net.createServer((client) => this.relay(client)));

  private readonly upstreamPort: number;

  constructor(upstreamPort: number) {
    this.upstreamPort = upstreamPort;
  }

  /** Listens on 127.0.0.1; the port. */
  start(): Promise<number> {
    return this.local.listen();
  }

  stop(): Promise<void> {
    return this.local.stop();
  }

  private relay(client: Socket): void {
    const connection: LinkConnection = {
      openedAt: performance.now(),
      answerBytes: 0,
      answerBytesBefore: this.connections.map((c) => c.answerBytes),
    };
    this.connections.push(connection);
    const server = this.local.track(net.connect(this.upstreamPort, '127.0.0.1'));
    for (const socket of [client, server]) socket.setNoDelay(true);
    const up = new DelayedPipe(server, () => {});
    const down = new DelayedPipe(client, (bytes) => {
      connection.answerBytes += bytes;
      this.lastAnswerAt = performance.now();
    });
    let first = true;
    client.on('data', (chunk: Buffer) => {
      up.push(chunk, this.latencyMs / 2 + (first ? this.latencyMs : 0));
      first = false;
    });
    server.on('data', (chunk: Buffer) => down.push(chunk, this.latencyMs / 2));
    client.on('end', () => up.push('end', this.latencyMs / 2));
    server.on('end', () => down.push('end', this.latencyMs / 2));
    // A close (a reset included) travels like data, after what was sent before it.
    client.on('close', () => up.push('close', this.latencyMs / 2));
    server.on('close', () => down.push('close', this.latencyMs / 2));
    client.on('error', () => {});
    server.on('error', () => {});
  }
}
