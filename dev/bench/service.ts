/**
 * The embedded authentication service as the benchmark uses it. Beyond the service's plain API
 * (constructor, start, stop, addClient, addScope, requests, url), the benchmark needs two of its
 * internals, both here and nowhere else, so that a change of the service is adapted in one place:
 * - the latency is changed between runs on the same service (`options.latencyMs`), so that each
 *   run at latency L has its twin at latency 0 just before it, on the same state;
 * - a request's body (`RecordedRequest.body`), to tell a request sent twice from two requests.
 */
import { EmbeddedAuthService, type ClientRecord, type ScopeRecord } from '../auth-service.ts';

/** One request as the service logged it. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** When it arrived (ms since the epoch). */
  at: number;
  body?: unknown;
}

export class BenchService {
  private readonly embedded: EmbeddedAuthService;

  private constructor(embedded: EmbeddedAuthService) {
    this.embedded = embedded;
  }

  /** Starts a service on 127.0.0.1, at latency 0. */
  static async start(): Promise<BenchService> {
    const embedded = new EmbeddedAuthService({ latencyMs: 0 });
    const url = await embedded.start();
    if (new URL(url).hostname !== '127.0.0.1') {
      await embedded.stop();
      throw new Error(`The embedded service must listen on 127.0.0.1, not ${url}`);
    }
    return new BenchService(embedded);
  }

  get url(): string {
    return this.embedded.url;
  }

  /** The latency added to every answer from now on. */
  get latencyMs(): number {
    return this.embedded.options.latencyMs ?? 0;
  }

  set latencyMs(ms: number) {
    this.embedded.options.latencyMs = ms;
  }

  addClient(client: Parameters<EmbeddedAuthService['addClient']>[0]): ClientRecord {
    return this.embedded.addClient(client);
  }

  addScope(scope: Parameters<EmbeddedAuthService['addScope']>[0]): ScopeRecord {
    return this.embedded.addScope(scope);
  }

  /** A mark in the request log, for `requestsSince`. */
  mark(): number {
    return this.embedded.requests.length;
  }

  /** The requests the service received since the mark. */
  requestsSince(mark: number): LoggedRequest[] {
    return this.embedded.requests.slice(mark).map(({ method, path, query, at, body }) => ({ method, path, query, at, ...(body === undefined ? {} : { body }) }));
  }

  stop(): Promise<void> {
    return this.embedded.stop();
  }
}
