/**
 * connect()'s octokit as it sends: each request within its own time limit, and the toolkit's
 * own request options (the runner's proxy, given as a fetch) kept beside it. The fetch here
 * answers in process: nothing waits on a limit, AbortSignal.timeout is watched for the one asked.
 */
import { afterEach, expect, jest, test } from '@jest/globals';
import { getOctokit } from '@actions/github';
import { connect, type GitHubContext } from '../../src/github/octokit.ts';
import { fakeClock } from '../support/clock.ts';

const context = { apiUrl: 'https://api.github.example' } as GitHubContext;

afterEach(() => {
  jest.restoreAllMocks();
});

// What fetch rejects with when its signal's time limit passes.
const TIMED_OUT = 'timed out';

/**
 * An octokit from connect(), whose toolkit gives every request its fetch (as the proxy's is
 * given): `answers` in turn (a status, or no answer within the limit), then 200.
 */
function connected(...answers: Array<number | typeof TIMED_OUT>) {
  const sent: Array<{ url: string; signal: AbortSignal | null | undefined }> = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    sent.push({ url: String(url), signal: init?.signal });
    const answer = answers.shift() ?? 200;
    if (answer === TIMED_OUT) throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    return new Response(JSON.stringify({ login: 'octo' }), {
      status: answer,
      headers: { 'content-type': 'application/json' },
    });
  };
  const withFetch: typeof getOctokit = (token, options) => getOctokit(token, { ...options, request: { fetch } });
  const clock = fakeClock();
  const octokit = connect({ context, getOctokit: withFetch }, 'token', clock, () => {});
  return { octokit, sent, clock };
}

test("each request, a read and a creation, goes through the toolkit's fetch with a 30 s limit of its own", async () => {
  const timeout = jest.spyOn(AbortSignal, 'timeout');
  const { octokit, sent } = connected();
  await octokit.rest.users.getAuthenticated();
  await octokit.rest.issues.create({ owner: 'o', repo: 'r', title: 't' });
  expect(sent.map((s) => s.url)).toEqual([
    'https://api.github.example/user',
    'https://api.github.example/repos/o/r/issues',
  ]);
  expect(timeout.mock.calls).toEqual([[30_000], [30_000]]);
  expect(sent.map((s) => s.signal)).toEqual(timeout.mock.results.map((r) => r.value));
  expect(sent.every((s) => s.signal instanceof AbortSignal && !s.signal.aborted)).toBe(true);
});

test('a read tried again after a 503 gets a new limit for its second attempt', async () => {
  const timeout = jest.spyOn(AbortSignal, 'timeout');
  const { octokit, sent, clock } = connected(503);
  expect((await octokit.rest.users.getAuthenticated()).data.login).toBe('octo');
  expect(clock.slept).toHaveLength(1);
  expect(timeout.mock.calls).toEqual([[30_000], [30_000]]);
  const [first, second] = sent.map((s) => s.signal);
  expect([first, second]).toEqual(timeout.mock.results.map((r) => r.value));
  expect(first).not.toBe(second);
});

test('no answer within the limit: a read is tried again, a creation is not (its marker finds it)', async () => {
  const read = connected(TIMED_OUT);
  expect((await read.octokit.rest.users.getAuthenticated()).data.login).toBe('octo');
  expect([read.sent.length, read.clock.slept.length]).toEqual([2, 1]);

  const creation = connected(TIMED_OUT);
  await expect(creation.octokit.rest.issues.create({ owner: 'o', repo: 'r', title: 't' })).rejects.toMatchObject({
    status: 500,
  });
  expect(creation.sent).toHaveLength(1);
});
