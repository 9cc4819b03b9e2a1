/**
 * Whether the update path can be measured: the action's update is `PUT /v2/api/scopes/{id}`,
 * which the embedded service may not implement yet. One probe, before the runs, on a client of
 * its own: a service that answers it 404 or 405 has no PUT, and the update path is then not
 * measured (and said so) rather than failing the benchmark. Any other answer means the route is
 * there; the action's runs then tell whether it works.
 */
import type { PathClients } from './paths.ts';
import type { BenchService } from './service.ts';
import { SPEC } from './spec.ts';

export const UPDATE_NOT_MEASURED = 'update path: not measured (the embedded service has no PUT)';

export async function serviceHasPut(service: BenchService, clients: PathClients): Promise<boolean> {
  const client = clients.clientFor('update');
  const scopeId = client.scopes[0];
  if (scopeId === undefined) throw new Error("The update path's client has no scope");
  const url = new URL(`/v2/api/scopes/${encodeURIComponent(scopeId)}`, service.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`The probe only talks to 127.0.0.1, not ${url.host}`);
  // The fields the action sends on update (src/service-client.ts, updateScope).
  const { name, description, advertised, allow_refresh_tokens } = SPEC;
  const scope = { name, description, advertised, allows_refresh_token: allow_refresh_tokens, allow_refresh_tokens, dependent_scopes: clients.dependentScopes };
  const response = await fetch(url, {
    method: 'PUT',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ scope }),
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status !== 404 && response.status !== 405;
}
