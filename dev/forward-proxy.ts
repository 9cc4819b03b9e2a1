/**
 * A forward proxy on 127.0.0.1, as on a self-hosted runner: it relays absolute-form requests
 * (plain http) and tunnels CONNECT (https), and records where each went.
 */
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

export class ForwardProxy {
  /** `METHOD url` of every request relayed, `CONNECT host:port` of every tunnel. */
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
    this.server.on('connection', (socket) => this.track(socket));
    this.server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => this.tunnel(req, client, head));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** CONNECT host:port: answered once the connection to the target is up, then bytes both ways. */
  private tunnel(req: http.IncomingMessage, client: Socket, head: Buffer): void {
    this.relayed.push(`CONNECT ${req.url}`);
    const { hostname, port } = new URL(`http://${req.url ?? ''}`);
    const upstream = net.connect(Number(port), hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    this.track(upstream);
    upstream.setNoDelay(true);
    client.setNoDelay(true);
    upstream.on('error', () => (client.writable && !upstream.connecting ? client.destroy() : client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')));
    client.on('error', () => upstream.destroy());
  }
}
