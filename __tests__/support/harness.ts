/**
 * The end-to-end harness: the embedded authentication service with one client, a provider's
 * introspection document, the bundled action run against them as the runner runs it, and the
 * checks every run shares.
 */
import { expect } from '@jest/globals';
import {
  EmbeddedAuthService,
  GROUPS_SCOPE_ID,
  GROUPS_SCOPE_STRING,
  type AuthServiceOptions,
  type ClientRecord,
  type ScopeRecord,
} from '../../dev/auth-service.ts';
import { ProviderStub } from '../../dev/provider-stub.ts';
import { runAction, type ActionRun, type RunOptions } from '../../dev/runner.ts';

// Every character class that a form of the secret changes: `+ / =` (base64, URL encoding),
// a space (form encoding), `"` and `\` (JSON escaping), and a second line (masked line by line).
export const SECRET = 'e2e+Secret/with=chars&more? "q" \\ x\nsecond-line-of-it';
export const SPEC_FILE = '.github/provider-scope.yml';
export const TRANSFER_SCOPE_ID = '6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10';
export const SPEC = `name: Example Action Provider
description: Runs example actions
advertised: true
dependent_scopes:
  - scope: ${GROUPS_SCOPE_STRING}
  - scope: ${TRANSFER_SCOPE_ID}
    optional: true
`;

export type RunOverrides = Partial<RunOptions> & { inputs?: Record<string, string> };

export class Harness {
  readonly service: EmbeddedAuthService;
  readonly provider: ProviderStub;
  readonly client: ClientRecord;

  private constructor(service: EmbeddedAuthService, provider: ProviderStub, client: ClientRecord) {
    this.service = service;
    this.provider = provider;
    this.client = client;
  }

  static async start(options: AuthServiceOptions = {}, fqdns: string[] = []): Promise<Harness> {
    const service = new EmbeddedAuthService(options);
    const provider = new ProviderStub();
    await Promise.all([service.start(), provider.start()]);
    service.addScope({ id: TRANSFER_SCOPE_ID, scope_string: 'https://transfer.example.org/scopes/all' });
    return new Harness(service, provider, service.addClient({ secret: SECRET, fqdns }));
  }

  async stop(): Promise<void> {
    await Promise.all([this.service.stop(), this.provider.stop()]);
  }

  run(overrides: RunOverrides = {}): Promise<ActionRun> {
    return runAction({
      files: { [SPEC_FILE]: SPEC },
      ...overrides,
      inputs: { client_id: this.client.id, client_secret: SECRET, auth_url: this.service.url, ...overrides.inputs },
    });
  }

  get expectedString(): string {
    return `${this.service.url}/scopes/${this.client.id}/action_all`;
  }

  /** Gives the client the scope SPEC describes, as another run would have created it; `changes` make it drift. */
  addSpecifiedScope(changes: Partial<ScopeRecord> = {}): ScopeRecord {
    return this.service.addScope({
      client: this.client.id,
      scope_string: this.expectedString,
      name: 'Example Action Provider',
      description: 'Runs example actions',
      advertised: true,
      allows_refresh_token: true,
      dependent_scopes: [
        { scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true },
        { scope: TRANSFER_SCOPE_ID, optional: true, requires_refresh_token: true },
      ],
      ...changes,
    });
  }

  /** The client's own scopes in the service's state. */
  clientScopes(): string[] {
    return [...this.service.scopes.values()].filter((s) => s.client === this.client.id).map((s) => s.scope_string);
  }

  countRequests(method: string, pathPrefix: string): number {
    return this.service.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)).length;
  }

  /**
   * No form of the secret in any channel but the ::add-mask:: commands, which come first: the
   * forms computed here on their own, not with the action's code. `clientId` is the input as
   * given (the action also masks the Basic credential made with it in lower case). With
   * `tokens` (auth: token, the access tokens the service issued), no form of them either: each
   * masked once it arrived, before any line about a call to the API that sends it.
   */
  expectNoLeak(
    result: ActionRun,
    {
      secret = SECRET,
      clientId = this.client.id,
      tokens = [],
    }: { secret?: string; clientId?: string; tokens?: readonly string[] } = {},
  ): void {
    const basic = (id: string) => Buffer.from(`${id}:${secret}`).toString('base64');
    const forms = [
      secret,
      basic(clientId),
      basic(clientId.toLowerCase()),
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1),
      ...secret.split('\n').filter((line) => line.trim() !== ''),
    ];
    const formsOf = (token: string): string[] => [
      token,
      `Bearer ${token}`,
      encodeURIComponent(token),
      JSON.stringify(token).slice(1, -1),
    ];
    const tokenForms = tokens.flatMap(formsOf);
    const lines = result.stdout.split('\n');
    const isMask = (line: string): boolean => line.startsWith('::add-mask::');
    const masked = (line: string): string => commandData(line.slice('::add-mask::'.length));
    const leading = lines.slice(
      0,
      lines.findIndex((line) => !isMask(line)),
    );
    expect(leading.map(masked)).toEqual(expect.arrayContaining([...new Set(forms)]));
    if (tokens.length === 0) expect(lines.filter(isMask)).toEqual(leading);
    // The n-th token arrived with the n-th answer of the token endpoint; each of its forms is
    // masked after that line, and before any answer to a call that could have sent it.
    const arrivals = lines.flatMap((line, index) =>
      /^::debug::POST \/v2\/oauth2\/token: HTTP 200 /.test(line) ? [index] : [],
    );
    expect(arrivals).toHaveLength(tokens.length);
    tokens.forEach((token, n) => {
      const arrived = arrivals[n] as number;
      const nextAnswer = lines.findIndex((line, index) => index > arrived && /\/v2\/api\/.*: HTTP 2\d\d /.test(line));
      for (const form of formsOf(token)) {
        const at = lines.findIndex((line, index) => index > arrived && isMask(line) && masked(line) === form);
        expect(at).toBeGreaterThan(arrived);
        if (nextAnswer >= 0) expect(at).toBeLessThan(nextAnswer);
      }
    });

    const channels = [
      lines.filter((line) => !isMask(line)).join('\n'),
      result.stderr,
      ...Object.values(result.leftFiles),
    ];
    for (const form of [...forms, ...tokenForms]) {
      for (const channel of channels) expect(channel).not.toContain(form);
    }
  }
}

// Workflow command data is escaped by the toolkit and unescaped by the runner.
const commandData = (line: string): string => line.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');

/** The spec file of a minimal spec (name, description, advertised) with these lines added. */
export const specFiles = (...lines: string[]): Record<string, string> => ({
  [SPEC_FILE]: ['name: P', 'description: D', 'advertised: true', ...lines, ''].join('\n'),
});

export const annotations = (result: ActionRun): string[] =>
  result.stdout.split('\n').filter((line) => /^::(error|warning)/.test(line));
export const warnings = (result: ActionRun): string[] =>
  annotations(result).filter((line) => line.startsWith('::warning'));
export const errors = (result: ActionRun): string[] => annotations(result).filter((line) => line.startsWith('::error'));

/** No stdout line of the run is a workflow command but the action's own masks, annotations and debug lines. */
export const expectNoForgedCommand = (result: ActionRun): void => {
  const commands = result.stdout.split('\n').filter((line) => line.startsWith('::'));
  for (const line of commands) expect(line).toMatch(/^::(add-mask|error|warning|debug)(::| )/);
};

export const stdoutLines = (result: ActionRun): string[] => result.stdout.split('\n');

/** No form of the secret anywhere, and no workflow command but the action's own. */
export function expectSafe(h: Harness, result: ActionRun, leak: Parameters<Harness['expectNoLeak']>[1] = {}): void {
  h.expectNoLeak(result, leak);
  expectNoForgedCommand(result);
}
