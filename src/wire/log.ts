/**
 * What a layer tells as it goes. The engine builds it on the door's writer, so each line
 * shows where the door shows it (the runner's log, a terminal); the wire only tells.
 */
export interface Log {
  /** A retry, a step of the procedure: shown to the user. */
  info(text: string): void;
  /** One line per request: method, path, status or error, milliseconds; never a header. */
  debug(text: string): void;
  /** Something the run goes on after; `field` is the spec field it is about, e.g. ['dependent_scopes', 1, 'scope'] (a listed scope's: [2, 'dependent_scopes', 1, 'scope']). */
  warning(text: string, field?: ReadonlyArray<string | number>): void;
}

export const silentLog: Log = { info: () => {}, debug: () => {}, warning: () => {} };
