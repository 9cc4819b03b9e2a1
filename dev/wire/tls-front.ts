/**
 * TLS in front of a plain HTTP server on 127.0.0.1, one upstream connection per client
 * connection, so that keep-alive on the client's side is keep-alive on the service's. It counts
 * the handshakes it completes.
 */
import net, { type AddressInfo, type Socket } from 'node:net';
import tls from 'node:tls';

export class TlsFront {
  /** When each handshake completed (performance.now() of this process). */
  readonly handshakes: number[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: tls.Server;

  constructor(credentials: { key: Buffer; cert: Buffer }, upstreamPort: number) {
    this.server = tls.createServer(credentials, (client) => {
      this.handshakes.push(performance.now());
      const upstream = net.connect(upstreamPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        socket.setNoDelay(true);
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    // A client that gives up mid-handshake is no failure of the front.
    this.server.on('tlsClientError', () => {});
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
