/**
 * End-to-end, as action.test.ts: invalid inputs and spec, an empty secret, a missing spec
 * file and another spec path, each reported before any request.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { runAction } from '../../dev/runner.ts';
import { annotations, expectSafe, Harness, SPEC, SPEC_FILE } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

describe('on a fresh client', () => {
  test('invalid inputs and spec are all reported, each at its field, before any request', async () => {
    const spec = `name: P\ndescription: D\nadvertised: "yes"\nallow_refresh_token: true\n`;
    const result = await h.run({ files: { [SPEC_FILE]: spec }, inputs: { auth_url: 'auth.example.org' } });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([
      '::error::Input auth_url must be an absolute http(s) URL, e.g. https://auth.globus.org',
      `::error file=${SPEC_FILE},line=3,col=13::${SPEC_FILE}: advertised must be a boolean, not string "yes"`,
      `::error file=${SPEC_FILE},line=4,col=1::${SPEC_FILE}: unknown key "allow_refresh_token" (did you mean "allow_refresh_tokens"?)`,
    ]);
    expect(h.service.requests).toEqual([]);
    expectSafe(h, result);
  });

  test('an empty secret says why it may be missing', async () => {
    const result = await runAction({
      files: { [SPEC_FILE]: SPEC },
      inputs: { client_id: h.client.id, client_secret: '', auth_url: h.service.url },
    });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([
      expect.stringMatching(/^::error::Input client_secret is empty: .*forks or by Dependabot/),
    ]);
    expect(h.service.requests).toEqual([]);
  });

  test('a missing spec file is named, with the input that points at it', async () => {
    const result = await h.run({ files: {}, inputs: { spec: 'config/scope.yml' } });

    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([
      expect.stringMatching(/^::error::Spec file config\/scope.yml was not found in the workspace .*actions\/checkout/),
    ]);
  });

  test('the spec input points at another file, here JSON under `scope:`', async () => {
    const spec = JSON.stringify({ scope: { name: 'P', description: 'D', advertised: false, scope_suffix: 'custom' } });
    const result = await h.run({ files: { 'provider/scope.json': spec }, inputs: { spec: 'provider/scope.json' } });

    expect(result.exitCode).toBe(0);
    expect(result.outputs.scope_string).toBe(`${h.service.url}/scopes/${h.client.id}/custom`);
  });
});
