/**
 * End to end, the real service's names, fields and errors (see fixtures/vendor/README.md):
 * dependents by id, the error id and the hints, the suffix rule.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import {
  annotations,
  expectNoForgedCommand,
  Harness,
  SPEC_FILE,
  specFiles,
  TRANSFER_SCOPE_ID,
  warnings,
} from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

describe('dependent scopes given by id', () => {
  const UNKNOWN = '5b0f4e2c-7a1d-4c3e-9f8a-0d1e2f3a4b5c';

  test.each(['true', 'false'])(
    'an id the service does not show: a warning at its line before any write (dry_run: %s)',
    async (dryRun) => {
      const result = await h.run({
        files: specFiles('dependent_scopes:', `  - scope: ${UNKNOWN}`),
        inputs: { dry_run: dryRun },
      });
      const [warning] = warnings(result);
      expect(warning).toMatch(
        new RegExp(
          `^::warning file=${SPEC_FILE.replace(/\./g, '\\.')},line=5,col=12::dependent_scopes: no scope with id ${UNKNOWN} is visible to this client`,
        ),
      );
      // Before any write: the warning precedes the line that says what is (or would be) created.
      expect(result.stdout.indexOf(warning ?? '')).toBeLessThan(result.stdout.indexOf('has no scope'));
      if (dryRun === 'true') {
        expect(result.exitCode).toBe(0);
        expect(h.countRequests('POST', '/v2/')).toBe(0);
      } else {
        // The service refuses an id that does not exist: the error names it.
        expect(result.exitCode).toBe(1);
        expect(annotations(result).at(-1)).toMatch(
          new RegExp(`HTTP 400: .* The dependent scope id\\(s\\) ${UNKNOWN} could not be verified before the creation`),
        );
      }
      h.expectNoLeak(result);
    },
  );

  test('a non-advertised scope of another client: hidden from the lookup, warned about, and still accepted', async () => {
    const other = h.service.addClient();
    const hidden = h.service.addScope({
      client: other.id,
      scope_string: `${h.service.url}/scopes/${other.id}/private`,
      advertised: false,
    });
    const result = await h.run({ files: specFiles('dependent_scopes:', `  - scope: ${hidden.id}`) });
    expect(result.exitCode).toBe(0);
    expect(result.outputs.created).toBe('true');
    expect(warnings(result)).toEqual([
      expect.stringContaining(`no scope with id ${hidden.id} is visible to this client`),
    ]);
  });

  test('the no-op path is still one round trip: inspection and both lookups at once', async () => {
    await h.stop();
    h = await Harness.start({ latencyMs: 300 });
    h.addSpecifiedScope();
    const result = await h.run();
    expect(result.exitCode).toBe(0);
    // All three sent before any answer was read: a request sent after an answer would have
    // taken the idle kept-alive connection of that answer, so three requests, three connections.
    expect(new Set(h.service.requests.map((r) => r.connection)).size).toBe(3);
    const calls = h.service.requests.map((r) => `${r.method} ${r.path}?${Object.keys(r.query).join(',')}`);
    expect(calls.sort()).toEqual(
      [`GET /v2/api/clients/${h.client.id}?`, 'GET /v2/api/scopes?ids', 'GET /v2/api/scopes?scope_strings'].sort(),
    );
    expect(h.service.requests.find((r) => 'ids' in r.query)?.query.ids).toBe(TRANSFER_SCOPE_ID);
  });
});

describe('messages', () => {
  test('a suffix outside [a-z0-9_]: a warning at its line; the run goes on', async () => {
    const result = await h.run({ files: specFiles('scope_suffix: Action-All') });
    expect(result.exitCode).toBe(0);
    expect(warnings(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::warning file=${SPEC_FILE.replace(/\./g, '\\.')},line=4,col=15::.*scope_suffix "Action-All" has characters other than lower-case letters, digits and underscores`,
        ),
      ),
    ]);
    expect(result.outputs.scope_string).toBe(`${h.service.url}/scopes/${h.client.id}/Action-All`);
  });

  test.each([
    [
      { client_secret: 'wrong-secret' },
      /HTTP 401: the credentials were rejected: client_id must be the app's Client ID and client_secret one of its current secrets.* \(error id [0-9a-f-]{36}\)$/,
    ],
    [
      { auth_url: 'AUTH/v2/api' },
      /HTTP 404: auth_url ends in \/v2\/api, which looks like a path of the API: set it to the service's base address alone/,
    ],
  ])('%j: the hint says what it can really mean', async (inputs, message) => {
    const given = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.replace('AUTH', h.service.url)]));
    const result = await h.run({ inputs: given });
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(message)]);
    expectNoForgedCommand(result);
  });
});
