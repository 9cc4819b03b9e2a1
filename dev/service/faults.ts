/**
 * Faults: data that say which requests to disturb and how. A fault matches a request by
 * method, path and query; it fires `times` times (once by default). When it fires, it acts in
 * this order, the one place that applies it being EmbeddedAuthService:
 *   1. `before` runs (e.g. another run's creation lands first);
 *   2. `delayMs` passes;
 *   3. its one effect, if any: `status` (answer that instead of handling the request), `hang`
 *      (never answer), `reset` (destroy the connection unanswered) or `loseAnswer` (handle the
 *      request for real, then destroy the connection: an answer lost on the way). Without an
 *      effect, the request is handled as usual after the delay.
 * The effects exclude one another by type: a fault cannot both hang and answer.
 */
export interface FaultMatch {
  method?: string;
  /** The path as it is, or a pattern. */
  path?: string | RegExp;
  /** Query parameters that must be present, each equal to a string or matching a pattern. */
  query?: Record<string, string | RegExp>;
}

type NoEffect = { status?: never; body?: never; headers?: never; hang?: never; reset?: never; loseAnswer?: never };
type Answer = Omit<NoEffect, 'status' | 'body' | 'headers'> & {
  status: number;
  body?: string;
  headers?: Record<string, string>;
};
type Hang = Omit<NoEffect, 'hang'> & { hang: true };
type Reset = Omit<NoEffect, 'reset'> & { reset: true };
type LoseAnswer = Omit<NoEffect, 'loseAnswer'> & { loseAnswer: true };

export type Fault = FaultMatch & {
  /** How many matching requests it disturbs (default 1). */
  times?: number;
  before?: () => void;
  delayMs?: number;
} & (NoEffect | Answer | Hang | Reset | LoseAnswer);

export interface RequestKey {
  method: string;
  path: string;
  query: URLSearchParams;
}

const matches = ({ method, path, query }: FaultMatch, request: RequestKey): boolean =>
  (method === undefined || method === request.method) &&
  (path === undefined || (typeof path === 'string' ? path === request.path : path.test(request.path))) &&
  Object.entries(query ?? {}).every(([name, want]) => {
    const value = request.query.get(name);
    return value !== null && (typeof want === 'string' ? value === want : want.test(value));
  });

/** The faults still to fire, in the order they were injected: the first that matches fires. */
export class FaultQueue {
  private readonly pending: Array<Fault & { left: number }> = [];

  add(fault: Fault): void {
    this.pending.push({ ...fault, left: fault.times ?? 1 });
  }

  clear(): void {
    this.pending.length = 0;
  }

  take(request: RequestKey): Fault | undefined {
    const index = this.pending.findIndex((fault) => matches(fault, request));
    const fault = this.pending[index];
    if (fault === undefined) return undefined;
    if (--fault.left <= 0) this.pending.splice(index, 1);
    return fault;
  }
}
