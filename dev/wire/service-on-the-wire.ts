/**
 * The embedded authentication service as a runner far from it sees it: over TLS (a throw-away
 * CA), with latency on the wire, and, if asked, through a local HTTPS proxy:
 *
 *   client → [proxy on 127.0.0.1] → delay link (L/2 each way) → TLS front → embedded service
 *
 * The proxy stands where a self-hosted runner's is, next to the runner: the link, and its
 * latency, are between the proxy and the service. What a run costs on the wire is counted
 * where it happens: TCP connections at the link, TLS handshakes at the front, requests in the
 * service's log.
 */
import { EmbeddedAuthService, type AuthServiceOptions } from '../auth-service.ts';
import { ForwardProxy } from '../forward-proxy.ts';
import { makeThrowawayCa, type ThrowawayCa } from './certs.ts';
import { DelayLink } from './delay-link.ts';
import { TlsFront } from './tls-front.ts';

/** Counts so far, for `since`. */
export interface WireMark {
  connections: number;
  handshakes: number;
  requests: number;
}

interface Parts {
  service: EmbeddedAuthService;
  link: DelayLink;
  front: TlsFront;
  proxy: ForwardProxy;
  proxyUrl: string;
  ca: ThrowawayCa;
}

/** What Node's fetch needs besides HTTPS_PROXY to go through a proxy (Node 22.21 and 24.5 on). */
export const NODE_FETCH_PROXY = { NODE_USE_ENV_PROXY: '1' } as const;

export class ServiceOnTheWire {
  readonly service: EmbeddedAuthService;
  readonly link: DelayLink;
  readonly front: TlsFront;
  readonly proxy: ForwardProxy;
  /** The HTTPS proxy's address (http://127.0.0.1:port, CONNECT tunnels). */
  readonly proxyUrl: string;
  private readonly ca: ThrowawayCa;
  /** The proxy behind TLS as well, made on first asking (httpsProxyUrl). */
  private httpsProxy: { front: TlsFront; url: Promise<string> } | undefined;

  private constructor(parts: Parts) {
    ({
      service: this.service,
      link: this.link,
      front: this.front,
      proxy: this.proxy,
      proxyUrl: this.proxyUrl,
      ca: this.ca,
    } = parts);
  }

  static async start(options: AuthServiceOptions = {}): Promise<ServiceOnTheWire> {
    const ca = await makeThrowawayCa();
    const service = new EmbeddedAuthService(options);
    const servicePort = Number(new URL(await service.start()).port);
    const front = new TlsFront(ca, servicePort);
    const link = new DelayLink(await front.start());
    service.options.publicUrl = `https://127.0.0.1:${await link.start()}`;
    const proxy = new ForwardProxy();
    return new ServiceOnTheWire({ service, link, front, proxy, proxyUrl: await proxy.start(), ca });
  }

  /** The service's address, as clients reach it (https, through the link). */
  get url(): string {
    return this.service.url;
  }

  set latencyMs(ms: number) {
    this.link.latencyMs = ms;
  }

  get latencyMs(): number {
    return this.link.latencyMs;
  }

  /**
   * The environment of a client process: the CA trusted by Node, curl and Python, and, through
   * the proxy, HTTPS_PROXY (both spellings, as curl and Python read either; the action and the
   * command line read it themselves). Not NODE_USE_ENV_PROXY, which only Node's fetch needs
   * (`NODE_FETCH_PROXY`): with it, Node loads its own proxy dispatcher as it starts, about 80 ms
   * of every process's start-up on a 2-vCPU machine.
   */
  clientEnv(viaProxy: boolean): Record<string, string> {
    return {
      ...this.ca.trustEnv,
      ...(viaProxy ? { HTTPS_PROXY: this.proxyUrl, https_proxy: this.proxyUrl } : {}),
    };
  }

  /**
   * The proxy reached over TLS (an https:// proxy, with the service's certificate, so trusted as
   * the service is): for the client that speaks TLS to its proxy before the tunnel's own.
   */
  httpsProxyUrl(): Promise<string> {
    if (this.httpsProxy === undefined) {
      const front = new TlsFront(this.ca, Number(new URL(this.proxyUrl).port));
      this.httpsProxy = { front, url: front.start().then((port) => `https://127.0.0.1:${port}`) };
    }
    return this.httpsProxy.url;
  }

  mark(): WireMark {
    return {
      connections: this.link.connections.length,
      handshakes: this.front.handshakes.length,
      requests: this.service.requests.length,
    };
  }

  /**
   * What happened on the wire since the mark. Each connection says how many answer bytes had
   * come back on the connections opened before it since the mark: none, and it was opened in
   * parallel with them.
   */
  since(mark: WireMark) {
    return {
      connections: this.link.connections.slice(mark.connections).map((c) => ({
        openedAt: c.openedAt,
        answeredBefore: c.answerBytesBefore.slice(mark.connections).reduce((sum, bytes) => sum + bytes, 0),
      })),
      handshakes: this.front.handshakes.slice(mark.handshakes),
      requests: this.service.requests.slice(mark.requests),
    };
  }

  async stop(): Promise<void> {
    await Promise.all([
      this.proxy.stop(),
      this.link.stop(),
      this.front.stop(),
      this.service.stop(),
      this.httpsProxy?.front.stop(),
    ]);
    await this.ca.remove();
  }
}
