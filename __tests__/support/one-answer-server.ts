/**
 * A server on 127.0.0.1 that answers every request with the one answer a test set last: for
 * tests about what the client makes of a given answer (a recorded fixture, a malformed body).
 * Started before the file's tests, closed after them.
 */
import { afterAll, beforeAll } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  /** Sent as it is: the body's JSON text. */
  body: string;
  headers?: Record<string, string>;
}

export function oneAnswerServer(): { answer(next: Answer): void; url(): string } {
  let current: Answer = { status: 200, body: '{}' };
  let baseUrl = '';
  const server = http.createServer((_req, res) => {
    res.writeHead(current.status, { 'content-type': 'application/json', ...current.headers }).end(current.body);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { answer: (next) => void (current = next), url: () => baseUrl };
}
