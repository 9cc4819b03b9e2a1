/**
 * The embedded service's second door: an undici Dispatcher that hands each request to the
 * service's one handler (EmbeddedAuthService.reply, the one the HTTP server calls too) and
 * plays its reply back to the client, with no socket. Given to the real service client as
 * its `dispatcher`, it lets the unit tests drive the service's rules in process, faults
 * included: a dropped connection reaches the client as the same undici error a destroyed
 * socket gives, and a request left hanging ends only when the client's signal aborts it.
 */
import { STATUS_CODES } from 'node:http';
import { Dispatcher, errors } from 'undici';

/** A request as either door hands it to the handler: read in full. */
export interface IncomingCall {
  method: string;
  /** The path with its query, as sent. */
  path: string;
  authorization: string | undefined;
  contentType?: string | undefined;
  body: string;
  /** The client's port (0 in process): requests that share it came over one connection. */
  connection: number;
}

/** What the handler does: answer, drop the connection unanswered, or never answer. */
export type Reply = { status: number; headers: Record<string, string>; body: string } | 'drop' | 'hang';

/** The request's headers, given as an object or as a flat list of names and values. */
function headerOf(headers: Dispatcher.DispatchOptions['headers'], name: string): string | undefined {
  const pairs: unknown[][] = Array.isArray(headers)
    ? headers.flatMap((_, i, all) => (i % 2 === 0 ? [[all[i], all[i + 1]]] : []))
    : Object.entries(headers ?? {});
  const value = pairs.find(([key]) => String(key).toLowerCase() === name)?.[1];
  return value === undefined ? undefined : String(value);
}

function bodyOf(body: Dispatcher.DispatchOptions['body']): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  throw new TypeError('The in-process service reads a body given as a string or a buffer');
}

export class InProcessDispatcher extends Dispatcher {
  private readonly reply: (call: IncomingCall) => Promise<Reply>;

  constructor(reply: (call: IncomingCall) => Promise<Reply>) {
    super();
    this.reply = reply;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    // Settled once: by the reply, or by an abort (the client's signal, or its reading stopped).
    let reason: Error | null = null;
    let settled = false;
    const controller: Dispatcher.DispatchController = {
      get aborted() {
        return reason !== null;
      },
      paused: false,
      get reason() {
        return reason;
      },
      abort(why: Error) {
        if (settled) return;
        settled = true;
        reason = why;
        handler.onResponseError?.(controller, why);
      },
      // The whole body is handed over at once: there is nothing to pause.
      pause() {},
      resume() {},
    };
    handler.onRequestStart?.(controller, {});
    if (settled) return true;

    const call = {
      method: options.method,
      path: options.path,
      authorization: headerOf(options.headers, 'authorization'),
      contentType: headerOf(options.headers, 'content-type'),
      body: bodyOf(options.body),
      connection: 0,
    };
    void this.reply(call).then((reply) => {
      if (settled || reply === 'hang') return;
      settled = true;
      if (reply === 'drop') {
        handler.onResponseError?.(controller, new errors.SocketError('other side closed'));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(reply.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      handler.onResponseStart?.(controller, reply.status, headers, STATUS_CODES[reply.status]);
      handler.onResponseData?.(controller, Buffer.from(reply.body));
      handler.onResponseEnd?.(controller, {});
    });
    return true;
  }

  // No connection to close: a request still hanging ends with its client's signal.
  override close(): Promise<void> {
    return Promise.resolve();
  }

  override destroy(): Promise<void> {
    return Promise.resolve();
  }
}
