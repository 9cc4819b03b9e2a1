/**
 * A scope made the way people make one by hand (curl, a script, the SDK): one
 * `POST /v2/api/clients/{id}/scopes` with the client's credentials, through the service's own
 * API, never through the engine. In process (the service's one handler), or over HTTP with curl.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ClientRecord, EmbeddedAuthService } from '../../dev/auth-service.ts';

export interface Seeded {
  status: number;
  body: { scopes?: Array<{ id: string; scope_string: string }> } & Record<string, unknown>;
}

const basic = (client: ClientRecord): string => `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;

/** Through the service's handler, as its HTTP server would hand the request on. */
export async function seedInProcess(service: EmbeddedAuthService, client: ClientRecord, scope: Record<string, unknown>): Promise<Seeded> {
  const reply = await service.reply({
    method: 'POST',
    path: `/v2/api/clients/${client.id}/scopes`,
    authorization: basic(client),
    contentType: 'application/json',
    body: JSON.stringify({ scope }),
    connection: 0,
  });
  if (typeof reply === 'string') throw new Error(`the service gave no answer (${reply})`);
  return { status: reply.status, body: JSON.parse(reply.body) as Seeded['body'] };
}

/** With curl, over HTTP, as a person at a terminal would. */
export async function seedWithCurl(service: EmbeddedAuthService, client: ClientRecord, scope: Record<string, unknown>): Promise<Seeded> {
  const { stdout } = await promisify(execFile)('curl', [
    '--silent',
    '--show-error',
    '--user',
    `${client.id}:${client.secret}`,
    '--header',
    'Content-Type: application/json',
    '--data-binary',
    JSON.stringify({ scope }),
    '--write-out',
    '\n%{http_code}',
    `${service.url}/v2/api/clients/${client.id}/scopes`,
  ]);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) as Seeded['body'] };
}
