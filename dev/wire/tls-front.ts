/**
 * TLS in front of a plain HTTP server on 127.0.0.1, one upstream connection per client
 * connection, so that keep-alive on the client's side is keep-alive on the service's. It counts
 * the handshakes it completes.
 */
import net from 'node:net';
import tls from 'node:tls';
import { LocalServer } from '../local-server.ts';

export class TlsFront {
  /** When each handshake completed (performance.now() of this process). */
  readonly handshakes: number[] = [];
  /** The server name each handshake asked for (SNI), false for none. */
  readonly servernames: Array<string | false> = [];
  private readonly local: LocalServer;

  constructor(credentials: { key: Buffer; cert: Buffer }, upstreamPort: number) {
    const server = tls.createServer(credentials, (client) => {
      this.handshakes.push(performance.now());
      this.servernames.push(client.servername ?? false);
      const upstream = this.local.track(net.connect(upstreamPort, '127.0.0.1'));
      for (const socket of [client, upstream]) socket.setNoDelay(true);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    // A client that gives up mid-handshake is no failure of the front.
    server.on('tlsClientError', () => {});
    this.local = new LocalServer(server);
  }

  start(): Promise<number> {
    return this.local.listen();
  }

  stop(): Promise<void> {
    return this.local.stop();
  }
}
