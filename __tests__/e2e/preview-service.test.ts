/**
 * `npm run preview` against another service, with the usual PROVIDER_* settings (here an
 * embedded one the test holds, to see that nothing is written to it); the embedded service it
 * starts itself: e2e/preview.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedAuthService } from '../../dev/auth-service.ts';
import { OBEYED_CONTROL } from '../support/terminal.ts';
import { expectNoSecret, FILE, NAMES, preview, SPEC, useWorkdir, workdir } from '../support/preview.ts';

useWorkdir();

describe('against another service, with the usual settings', () => {
  let service: EmbeddedAuthService;
  beforeEach(async () => {
    service = new EmbeddedAuthService();
    await service.start();
  });
  afterEach(() => service.stop());

  test('PROVIDER_AUTH_URL, PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET: its client previewed, only reads sent; hostile text inert', async () => {
    const client = service.addClient({ secret: 'another-secret-4d1f', name: 'Team <b>@everyone</b>' });
    await writeFile(
      path.join(workdir, FILE),
      SPEC.replace('Runs previewed actions', '"Runs \\e[2J [x](https://evil.example) @team"'),
    );
    const run = await preview(['--out', 'rendered'], {
      PROVIDER_AUTH_URL: service.url,
      PROVIDER_CLIENT_ID: client.id,
      PROVIDER_CLIENT_SECRET: client.secret,
    });
    expect(run.code).toBe(0);
    expect(Object.keys(run.files)).toEqual(NAMES);
    expect(run.stderr).toContain(`against the service at ${service.url} (PROVIDER_AUTH_URL)`);
    expect(service.requests.length).toBeGreaterThan(0);
    expect(service.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    for (const text of Object.values(run.files)) {
      expect(text).not.toMatch(OBEYED_CONTROL);
      expect(text).not.toMatch(/(?<!\\)<b>|(?<!\\)\]\(https:\/\/evil/);
    }
    // Where GitHub would notify or link, outside code, a word joiner after @ (the client's name);
    // in code, where GitHub links nothing, the value whole (the spec's description).
    expect(run.files["The pull request's comment"]).toContain('\\@\u2060everyone');
    expect(run.files["The pull request's comment"]).toContain('\\@team"</code>');
    await expectNoSecret(run, client.id, client.secret);
  });

  test('its secret echoed in a failure: scrubbed from every file; exit 1', async () => {
    const client = service.addClient({ secret: 'echoed-secret-8c3a' });
    service.inject({
      method: 'GET',
      path: /^\/v2\/api\/clients\//,
      status: 400,
      body: JSON.stringify({
        errors: [
          {
            detail: `bad credential ${client.secret} (${Buffer.from(`${client.id}:${client.secret}`).toString('base64')})`,
          },
        ],
      }),
    });
    const run = await preview([], {
      PROVIDER_AUTH_URL: service.url,
      PROVIDER_CLIENT_ID: client.id,
      PROVIDER_CLIENT_SECRET: client.secret,
    });
    expect(run.code).toBe(1);
    expect(run.files['The job summary']).toMatch(/^### Provider scope: the run failed\n/);
    expect(run.files['The job summary']).toContain('bad credential \\*\\*\\*');
    await expectNoSecret(run, client.id, client.secret);
  });

  test('PROVIDER_AUTH_URL without the client: what to put in the environment, nothing sent, exit 1', async () => {
    const run = await preview([], { PROVIDER_AUTH_URL: service.url });
    expect([run.code, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toBe(
      'preview: PROVIDER_AUTH_URL is set, so the preview runs against that service: put PROVIDER_CLIENT_ID and PROVIDER_CLIENT_SECRET in the environment too, or unset PROVIDER_AUTH_URL for the embedded service.\n',
    );
    expect(service.requests).toEqual([]);
  });
});
