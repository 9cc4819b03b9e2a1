/**
 * The baseline: the system spec's procedure literally, one call after the other, as a script
 * with curl would: inspect the client; if it has scopes, look them up by id; else resolve each
 * dependent scope string with a lookup of its own, create the scope, and inspect the client again.
 */
import type { ClientRecord } from '../auth-service.ts';
import type { CorePathName, PathClients } from './paths.ts';
import { analyseRequests } from './request-log.ts';
import type { BenchService } from './service.ts';
import { SPEC } from './spec.ts';
import type { Measured } from './statistics.ts';

interface ServiceScope {
  id: string;
  scope_string: string;
}

export async function baselineProcedure(
  authUrl: string,
  client: ClientRecord,
  timeoutMs: number,
): Promise<{ created: boolean; scopeStrings: string[] }> {
  const authorization = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
  const call = async (method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<Record<string, unknown>> => {
    const url = new URL(apiPath, authUrl);
    if (url.hostname !== '127.0.0.1') throw new Error(`The baseline only talks to 127.0.0.1, not ${url.host}`);
    const response = await fetch(url, {
      method,
      headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`Baseline: ${method} ${apiPath} answered HTTP ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const clientPath = `/v2/api/clients/${encodeURIComponent(client.id)}`;
  const scopeIdsOf = (answer: Record<string, unknown>): string[] => (answer.client as { scopes: string[] }).scopes;
  const scopesOf = (answer: Record<string, unknown>): ServiceScope[] => answer.scopes as ServiceScope[];

  // 1. Inspect the client.
  const ids = scopeIdsOf(await call('GET', clientPath));
  if (ids.length > 0) {
    // 2. It has scopes: look them up by id, and that is all.
    const scopes = scopesOf(await call('GET', `/v2/api/scopes?ids=${ids.map(encodeURIComponent).join(',')}`));
    return { created: false, scopeStrings: scopes.map((s) => s.scope_string) };
  }
  // 2. Resolve each dependent scope string to its UUID, one lookup each.
  const dependents: Array<{ scope: string; optional: boolean; requires_refresh_token: boolean }> = [];
  for (const dep of SPEC.dependent_scopes) {
    const found = scopesOf(await call('GET', `/v2/api/scopes?scope_strings=${encodeURIComponent(dep.scope)}`))[0];
    if (found === undefined) throw new Error(`Baseline: no scope for ${dep.scope}`);
    dependents.push({ ...dep, scope: found.id });
  }
  // 3. Create the scope.
  const created = scopesOf(await call('POST', `${clientPath}/scopes`, { scope: { ...SPEC, dependent_scopes: dependents } }));
  // 4. Inspect the client again: the scope must be attached.
  const after = scopeIdsOf(await call('GET', clientPath));
  if (!created.every((s) => after.includes(s.id))) throw new Error('Baseline: the created scope is not attached to the client');
  return { created: true, scopeStrings: created.map((s) => s.scope_string) };
}

/** One run of the baseline on the path, in this process, from a fresh client. */
export async function runTheBaseline(service: BenchService, clients: PathClients, pathName: CorePathName, latencyMs: number): Promise<Measured> {
  const client = clients.clientFor(pathName);
  const before = service.mark();
  const started = performance.now();
  const result = await baselineProcedure(service.url, client, 10_000 + 3 * latencyMs);
  const ms = performance.now() - started;
  if (result.created !== (pathName === 'create')) throw new Error(`The baseline's ${pathName} run did not end as expected`);
  return { ms, ...analyseRequests(service.requestsSince(before), service.latencyMs) };
}
