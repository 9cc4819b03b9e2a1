/**
 * A forward proxy on 127.0.0.1, as on a self-hosted runner: it relays absolute-form requests
 * (plain http) and tunnels CONNECT (https), and records where each went.
 */
import http from 'node:http';
import net, { type Socket } from 'node:net';
import { LocalServer } from './local-server.ts';

export class ForwardProxy {
  /** `METHOD url` of every request relayed, `CONNECT host:port` of every tunnel. */
  readonly relayed: string[] = [];
  /**
   * Host names the proxy resolves itself, as a proxy's own DNS would: a name that is not
   * loopback reaches a test server on 127.0.0.1 (clients never proxy loopback addresses).
   */
  private readonly hosts: Readonly<Record<string, string>>;

  constructor({ hosts = {} }: { hosts?: Record<string, string> } = {}) {
    this.hosts = hosts;
  }

  private readonly server = http.createServer((req, res) => {
    this.relayed.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = http.request(
      target,
      { method: req.method, headers: req.headers, hostname: this.hosts[target.hostname] ?? target.hostname },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });

  private readonly local = new LocalServer(this.server);

  async start(): Promise<string> {
    this.server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) =>
      this.tunnel(req, client, head),
    );
    return `http://127.0.0.1:${await this.local.listen()}`;
  }

  stop(): Promise<void> {
    return this.local.stop();
  }

  /** CONNECT host:port: answered once the connection to the target is up, then bytes both ways. */
  private tunnel(req: http.IncomingMessage, client: Socket, head: Buffer): void {
    this.relayed.push(`CONNECT ${req.url}`);
    const { hostname, port } = new URL(`http://${req.url ?? ''}`);
    // An IPv6 host comes in brackets ([::1]:443), which net.connect does not take.
    const upstream = net.connect(Number(port), this.hosts[hostname] ?? hostname.replace(/^\[(.*)\]$/, '$1'), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    this.local.track(upstream);
    upstream.setNoDelay(true);
    client.setNoDelay(true);
    upstream.on('error', () =>
      client.writable && !upstream.connecting ? client.destroy() : client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'),
    );
    client.on('error', () => upstream.destroy());
  }
}
