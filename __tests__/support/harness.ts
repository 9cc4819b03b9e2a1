/**
 * The end-to-end harness: the embedded authentication service with one client, the bundled
 * action run against it as the runner runs it, and the checks every run shares.
 */
import { expect } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedAuthService, GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING, type AuthServiceOptions, type ClientRecord, type ScopeRecord } from '../../dev/auth-service.ts';
import { runAction, type ActionRun, type RunOptions } from '../../dev/runner.ts';

// Characters that base64 and URL encoding change, so that every form of it differs.
export const SECRET = 'e2e+Secret/with=chars&more?';
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
  readonly client: ClientRecord;

  private constructor(service: EmbeddedAuthService, client: ClientRecord) {
    this.service = service;
    this.client = client;
  }

  static async start(options: AuthServiceOptions = {}, fqdns: string[] = []): Promise<Harness> {
    const service = new EmbeddedAuthService(options);
    await service.start();
    service.addScope({ id: TRANSFER_SCOPE_ID, scope_string: 'https://transfer.example.org/scopes/all' });
    return new Harness(service, service.addClient({ secret: SECRET, fqdns }));
  }

  stop(): Promise<void> {
    return this.service.stop();
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

  /** No form of the secret in any channel but the ::add-mask:: commands, which come first. */
  async expectNoLeak(result: ActionRun, secret = SECRET): Promise<void> {
    const forms = [secret, Buffer.from(`${this.client.id}:${secret}`).toString('base64'), encodeURIComponent(secret)];
    const lines = result.stdout.split('\n');
    const masks = lines.filter((line) => line.startsWith('::add-mask::'));
    expect(lines.slice(0, masks.length)).toEqual(masks);
    expect(masks.map((line) => commandData(line.slice('::add-mask::'.length)))).toEqual(expect.arrayContaining(forms));

    const files = await readdir(result.tempDir, { recursive: true, withFileTypes: true });
    const onDisk = await Promise.all(files.filter((f) => f.isFile()).map((f) => readFile(path.join(f.parentPath, f.name), 'utf8')));
    const channels = [lines.slice(masks.length).join('\n'), result.stderr, ...onDisk];
    for (const form of forms) {
      for (const channel of channels) expect(channel).not.toContain(form);
    }
  }
}

// Workflow command data is escaped by the toolkit and unescaped by the runner.
const commandData = (line: string): string => line.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');

export const annotations = (result: ActionRun): string[] => result.stdout.split('\n').filter((line) => /^::(error|warning)/.test(line));
