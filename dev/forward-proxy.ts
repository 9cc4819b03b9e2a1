/**
 * A forward HTTP proxy on 127.0.0.1 for the tests of HTTP_PROXY / NO_PROXY: it relays
 * absolute-form requests and records where they went. (No CONNECT: the embedded service
 * speaks plain http on loopback.)
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export class ForwardProxy {
  /** `METHOD url` of every request relayed. */
  readonly relayed: string[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server = http.createServer((req, res) => {
    this.relayed.push(`${req.method} ${req.url}`);
    const upstream = http.request(req.url ?? '', { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });

  async start(): Promise<string> {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
