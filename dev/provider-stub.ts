/**
 * A deployed Action Provider, as far as the action sees one: its introspection document at
 * `GET /`, public, on 127.0.0.1. For the provider check (`provider_url`); every request is
 * counted, and a status can be forced.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class ProviderStub {
  /** The introspection document served at GET /. */
  document: Record<string, unknown> = { title: 'Example Action Provider' };
  /** Answer with this status (the document as the body), whatever was asked. */
  status: number | undefined;
  requests = 0;
  private readonly server = http.createServer((req, res) => {
    this.requests++;
    const status = this.status ?? (req.url === '/' && req.method === 'GET' ? 200 : 404);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(this.document));
  });
  private baseUrl = '';

  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
