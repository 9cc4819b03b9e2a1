/**
 * `npm run preview` against another service, with the usual PROVIDER_* settings (here an
 * embedded one the test holds, to see that nothing is written to it): the command line's
 * `preview` alone, no embedded service of the script's; the embedded service it starts itself:
 * e2e/preview.test.ts; `--registered` refused with PROVIDER_AUTH_URL: unit/dev-preview.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { EmbeddedAuthService } from '../../dev/auth-service.ts';
import { expectNoSecret, NAMES, preview, useWorkdir } from '../support/preview.ts';

useWorkdir();

describe('against another service, with the usual settings', () => {
  let service: EmbeddedAuthService;
  beforeEach(async () => {
    service = new EmbeddedAuthService();
    await service.start();
  });
  afterEach(() => service.stop());

  test('PROVIDER_AUTH_URL, PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET: its client previewed, only reads sent', async () => {
    const client = service.addClient({ secret: 'another-secret-4d1f', name: 'Their client' });
    const run = await preview(['--out', 'rendered'], {
      PROVIDER_AUTH_URL: service.url,
      PROVIDER_CLIENT_ID: client.id,
      PROVIDER_CLIENT_SECRET: client.secret,
    });
    expect(run.code).toBe(2);
    expect(Object.keys(run.files)).toEqual(NAMES);
    expect(run.stderr).not.toContain('embedded service');
    expect(run.files['watch-issue.md']).toMatch(/^# Provider scope needs attention\\: Their client /);
    expect(service.requests.length).toBeGreaterThan(0);
    expect(service.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    await expectNoSecret(run, client.id, client.secret);
  });
});
