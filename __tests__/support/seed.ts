/**
 * A scope made the way people make one by hand (curl, a script, the SDK): one
 * `POST /v2/api/clients/{id}/scopes` with the client's credentials, through the service's own
 * API, never through the engine. In process (the service's one handler), or over HTTP.
 */
import type { ClientRecord, EmbeddedAuthService } from '../../dev/auth-service.ts';

export interface Seeded {
  status: number;
  body: { scopes?: Array<{ id: string; scope_string: string }> } & Record<string, unknown>;
}

const basic = (client: ClientRecord): string =>
  `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;

/** Through the service's handler, as its HTTP server would hand the request on. */
export async function seedInProcess(
  service: EmbeddedAuthService,
  client: ClientRecord,
  scope: Record<string, unknown>,
): Promise<Seeded> {
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

/**
 * Over HTTP, the request a person sends with curl (`curl -u id:secret -H 'Content-Type:
 * application/json' --data '{"scope": ...}'`), sent with Node's fetch: `npm test` needs no curl.
 */
export async function seedOverHttp(
  service: EmbeddedAuthService,
  client: ClientRecord,
  scope: Record<string, unknown>,
): Promise<Seeded> {
  const answer = await fetch(`${service.url}/v2/api/clients/${client.id}/scopes`, {
    method: 'POST',
    headers: { authorization: basic(client), 'content-type': 'application/json' },
    body: JSON.stringify({ scope }),
  });
  return { status: answer.status, body: (await answer.json()) as Seeded['body'] };
}
