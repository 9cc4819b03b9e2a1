/**
 * End-to-end: the bundled action as the runner runs it, against the embedded service and the
 * fake GitHub API. The reviewer of a first registration sees every field it would send, where
 * they review (the comment) and on the run's page (the summary); a failed run still leaves a
 * summary that says what failed; `changes` says whether an apply changes the registration.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING } from '../../dev/auth-service.ts';
import type { FakeGitHubApi } from '../../dev/github-api.ts';
import { escapeMarkdown as md } from '../../src/render/summary.ts';
import { Harness, SPEC, TRANSFER_SCOPE_ID } from '../support/harness.ts';
import { expectSafeWithGitHub, ISSUE, runOnPullRequest, startGitHub } from '../support/pull-request.ts';

const TRANSFER = 'https://transfer.example.org/scopes/all';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

describe('a first registration planned on a pull request', () => {
  let github: FakeGitHubApi;
  beforeEach(async () => {
    github = await startGitHub();
  });
  afterEach(() => github.stop());

  test('the summary and the comment list every field the creation would send, each dependent scope by string and id', async () => {
    const result = await runOnPullRequest(h, github, { inputs: { dry_run: 'true' } });
    expect(result.exitCode).toBe(0);
    const comment = github.commentsOf(ISSUE)[0]?.body ?? '';
    const rows = [
      `| name | <code>${md('"Example Action Provider"')}</code> |`,
      `| description | <code>${md('"Runs example actions"')}</code> |`,
      `| scope_suffix | <code>${md('"action_all"')}</code> |`,
      '| advertised | <code>true</code> |',
      '| allow_refresh_tokens | <code>true</code> |',
      // The groups scope by the string the spec gave; the transfer scope by the one its id's lookup returned.
      `| dependent_scopes | <code>${md(`${GROUPS_SCOPE_STRING} (${GROUPS_SCOPE_ID}) optional: false, requires_refresh_token: true`)}</code><br>` +
        `<code>${md(`${TRANSFER} (${TRANSFER_SCOPE_ID}) optional: true, requires_refresh_token: true`)}</code> |`,
    ];
    for (const [where, text] of [
      ['summary', result.summary],
      ['comment', comment],
    ] as const) {
      expect([where, text]).toEqual([
        where,
        expect.stringContaining(
          `#### The scope a run would create\n\n| Field | Value |\n|---|---|\n${rows.join('\n')}\n`,
        ),
      ]);
    }
    expect(result.outputs.changes).toBe('true');
    expectSafeWithGitHub(h, github, result);
  });
});

describe('a failed run still leaves a summary', () => {
  test("a rejected secret: what failed, in the action's words, and the client and scope string it was about", async () => {
    const result = await h.run({ inputs: { client_secret: 'not-the-secret' } });
    expect(result.exitCode).toBe(1);
    expect(result.summary).toContain('### Provider scope: the run failed');
    expect(result.summary).toContain(`| Client | <code>${h.client.id}</code> |`);
    expect(result.summary).toContain(
      `| Scope string | <code>${md(h.expectedString)}</code> (the spec's; not read from the service) |`,
    );
    expect(result.summary).toMatch(
      /\*\*Next\*\*: .*the credentials were rejected.*client\\_id must be the app's Client ID and client\\_secret one of its current secrets/,
    );
    expect(result.outputs).toEqual({});
    h.expectNoLeak(result, { secret: 'not-the-secret' });
  });

  test('an unreachable service: the summary names the failure and the input to check', async () => {
    const url = h.service.url;
    await h.service.stop();
    const result = await h.run({ inputs: { auth_url: url, timeout_seconds: '3' } });
    expect(result.exitCode).toBe(1);
    expect(result.summary).toContain('### Provider scope: the run failed');
    expect(result.summary).toContain(`| Client | <code>${h.client.id}</code> |`);
    expect(result.summary).toMatch(/\*\*Next\*\*: .*auth\\_url/);
  });
});

describe('the changes output', () => {
  const drifted = (): void => void h.addSpecifiedScope({ description: 'Old text' });
  test.each<[string, () => void, Record<string, string>, string]>([
    ['a plan that creates', () => {}, { dry_run: 'true' }, 'true'],
    ['a plan that updates', drifted, { dry_run: 'true', on_drift: 'update' }, 'true'],
    ['a plan with drift under warn', drifted, { dry_run: 'true', on_drift: 'warn' }, 'false'],
    ['a plan with no drift', () => void h.addSpecifiedScope(), { dry_run: 'true' }, 'false'],
    ['an apply that created', () => {}, {}, 'true'],
    ['an apply that updated', drifted, { on_drift: 'update' }, 'true'],
    ['an apply that changed nothing', () => void h.addSpecifiedScope(), {}, 'false'],
  ])('%s: %s', async (_what, arrange, inputs, changes) => {
    arrange();
    const result = await h.run({ inputs });
    expect([result.exitCode, result.outputs.changes]).toEqual([0, changes]);
    expect(result.outputs.updated).toBe(
      inputs.on_drift === 'update' && inputs.dry_run === undefined ? 'true' : 'false',
    );
  });
});

test('the spec the tests run with names both dependent scopes, one by string and one by id', () => {
  expect(SPEC).toContain(`scope: ${GROUPS_SCOPE_STRING}`);
  expect(SPEC).toContain(`scope: ${TRANSFER_SCOPE_ID}`);
});
