/**
 * `--gitlab-note` in process: the command line (main) against the embedded service and the fake
 * GitLab API (dev/gitlab-api.ts), both on 127.0.0.1, on a fake clock. The note created once and
 * updated in place, found on a later page, never another user's nor a system note; every failure
 * one warning with the run's own exit code; GitLab's references inert; the size limit held.
 */
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { EmbeddedAuthService, type ClientRecord } from '../../dev/auth-service.ts';
import type { FakeGitLabApi } from '../../dev/gitlab-api.ts';
import { apiUrlProblem, nextPage, noteFailure } from '../../src/gitlab/note.ts';
import { concludeRun } from '../../src/engine/conclude/conclude.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { credentialForms, secretForms } from '../../src/engine/secrets.ts';
import {
  commentMarker,
  defuseForGitLab,
  defuseProseForGitLab,
  GITHUB_COMMENT,
  GITLAB_NOTE,
  NOTE_LIMIT,
  renderComment,
} from '../../src/render/comment.ts';
import { HttpError } from '../../src/wire/http.ts';
import { escapeMarkdown } from '../../src/render/summary.ts';
import { CliWorkspace, type CliRun } from '../support/cli-world.ts';
import { CLIENT_ID, REGISTERED, single } from '../support/plans.ts';
import {
  BOT,
  BOT_TOKEN,
  GUEST_TOKEN,
  JOB_URL,
  liveReferences,
  markedNotes,
  mergeRequestEnv,
  MR_IID,
  PROJECT,
  READ_TOKEN,
  SOMEONE,
  startGitLab,
} from '../support/merge-request.ts';

const SECRET = 'gitlab-note-secret-5d2e';
const SPEC = 'name: Noted provider\ndescription: Runs noted actions\nadvertised: true\n';
const NOTES = `/projects/${PROJECT}/merge_requests/${MR_IID}/notes`;

let service: EmbeddedAuthService;
let gitlab: FakeGitLabApi;
let client: ClientRecord;
const workspace = new CliWorkspace();
beforeEach(async () => {
  service = new EmbeddedAuthService();
  await service.start();
  gitlab = await startGitLab();
  client = service.addClient({ secret: SECRET, name: 'Noted app' });
  await workspace.create({ '.git/HEAD': 'ref: refs/heads/main\n', '.github/provider-scope.yml': SPEC });
});
afterEach(async () => {
  await Promise.all([service.stop(), gitlab.stop()]);
  await workspace.remove();
});

const baseEnv = (): Record<string, string> => ({
  PROVIDER_CLIENT_ID: client.id,
  PROVIDER_AUTH_URL: service.url,
  PROVIDER_CLIENT_SECRET: SECRET,
});
const cli = (argv: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> =>
  workspace.run(argv, { ...baseEnv(), ...mergeRequestEnv(gitlab), ...env });
const notes = () => gitlab.notesOf(PROJECT, MR_IID);
const warnings = (run: CliRun): string[] => run.stderr.split('\n').filter((line) => line.startsWith('Warning: '));

/** Neither the GitLab token nor the client secret anywhere: printed, written, or in a note. */
function expectNoToken(...runs: CliRun[]): void {
  const everything = [
    ...runs.flatMap((r) => [r.stdout, r.stderr, ...Object.values(r.written)]),
    ...notes().map((n) => n.body),
  ].join('\n');
  for (const form of [
    ...credentialForms(BOT_TOKEN),
    ...credentialForms(READ_TOKEN),
    ...secretForms(client.id, SECRET),
  ]) {
    expect({ form, found: everything.includes(form) }).toEqual({ form, found: false });
  }
}

describe('the note', () => {
  test("created on the first run, updated in place on the next; the exit code is the run's own", async () => {
    const first = await cli(['plan', '--gitlab-note']);
    expect(first.exitCode).toBe(2);
    expect(notes()).toHaveLength(1);
    const [note] = notes();
    expect(first.stderr).toContain(
      `The note on merge request !${MR_IID} is created: https://gitlab.example/octo/provider/-/merge_requests/${MR_IID}#note_${note?.id}\n`,
    );
    const marker = commentMarker(client.id, '.github/provider-scope.yml');
    expect(note?.body.split('\n')[0]).toBe(marker);
    expect(note?.body).toContain('### Dry run: the provider scope would be created');
    expect(note?.body).toContain(`The log of [the job](${JOB_URL}) has the whole report.`);
    expect(note?.body).toContain('merge\\_request\\_event on change-scope');
    // A scope string in code stays whole (no word joiner in its id), for whoever copies it; the same id in text is broken up.
    expect(note?.body).toContain(`<code>${escapeMarkdown(`${service.url}/scopes/${client.id}/action_all`)}</code>`);
    expect(note?.author).toEqual(BOT);
    // The token in GitLab's PRIVATE-TOKEN header, to CI_API_V4_URL alone.
    expect(gitlab.requests.every((r) => r.via === 'private-token' && r.user === BOT.username)).toBe(true);
    expect(gitlab.calls()).toEqual(['GET /user', `GET ${NOTES}`, `POST ${NOTES}`]);

    await cli(['apply']);
    const again = await cli(['plan'], { PROVIDER_GITLAB_NOTE: 'true' });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).not.toContain('must be true or false');
    expect(notes()).toHaveLength(1);
    expect(notes()[0]?.id).toBe(note?.id);
    expect(notes()[0]?.body).toContain('**No changes**: the scope matches the spec.');
    expect(again.stderr).toContain(`The note on merge request !${MR_IID} is updated: `);
    expect(gitlab.calls().slice(-1)).toEqual([`PUT ${NOTES}/${note?.id}`]);
    expectNoToken(first, again);
  });

  test("never another user's note, even with a copy of the marker, nor a system note; ours is found on a later page", async () => {
    const marker = commentMarker(client.id, '.github/provider-scope.yml');
    const copied = gitlab.addNote(PROJECT, MR_IID, SOMEONE, `${marker}\nA copy`);
    const system = gitlab.addNote(PROJECT, MR_IID, BOT, `${marker}\nadded 1 commit`, { system: true });
    // A long review before the first run: ours comes on the second page of 100.
    for (let n = 0; n < 150; n++) gitlab.addNote(PROJECT, MR_IID, SOMEONE, `Review remark ${n}`);
    const first = await cli(['plan', '--gitlab-note']);
    expect(first.exitCode).toBe(2);
    expect(markedNotes(gitlab)).toHaveLength(3);
    expect([copied.body, system.body]).toEqual([`${marker}\nA copy`, `${marker}\nadded 1 commit`]);
    const ours = notes().at(-1);
    expect(ours?.author).toEqual(BOT);
    const again = await cli(['plan', '--gitlab-note']);
    expect(again.exitCode).toBe(2);
    expect(gitlab.calls().slice(-3)).toEqual([`GET ${NOTES}`, `GET ${NOTES}`, `PUT ${NOTES}/${ours?.id}`]);
    expect(gitlab.requests.at(-2)?.query).toMatchObject({ page: '2', per_page: '100' });
    expect([copied.body, system.body]).toEqual([`${marker}\nA copy`, `${marker}\nadded 1 commit`]);
    expect(markedNotes(gitlab)).toHaveLength(3);
  });

  test('pages that name the first again: each read once, then the note created', async () => {
    gitlab.paging = 'stuck';
    const run = await cli(['plan', '--gitlab-note']);
    expect(warnings(run)).toEqual([]);
    expect(gitlab.calls().filter((c) => c.startsWith('GET /projects'))).toHaveLength(2);
    expect(markedNotes(gitlab)).toHaveLength(1);
  });

  test('pages that never end: 1000 read at most, then the note created', async () => {
    gitlab.paging = 'endless';
    const run = await cli(['plan', '--gitlab-note']);
    expect(warnings(run)).toEqual([]);
    expect(gitlab.calls().filter((c) => c.startsWith('GET /projects'))).toHaveLength(1000);
    expect(markedNotes(gitlab)).toHaveLength(1);
  }, 60_000);

  test('pages followed by Link alone (keyset pagination): ours found on page 2', async () => {
    gitlab.linkOnly = true;
    for (let n = 0; n < 100; n++) gitlab.addNote(PROJECT, MR_IID, SOMEONE, `Remark ${n}`);
    const ours = gitlab.addNote(
      PROJECT,
      MR_IID,
      BOT,
      `${commentMarker(client.id, '.github/provider-scope.yml')}\nOld plan`,
    );
    await cli(['plan', '--gitlab-note']);
    expect(gitlab.calls()).toEqual(['GET /user', `GET ${NOTES}`, `GET ${NOTES}`, `PUT ${NOTES}/${ours.id}`]);
    expect(ours.body).toContain('### Dry run');
  });

  test('without CI_PROJECT_URL, CI_PIPELINE_SOURCE or CI_COMMIT_REF_NAME: the note named by its id, the run by its merge request', async () => {
    const run = await cli(['plan', '--gitlab-note'], {
      CI_PROJECT_URL: undefined,
      CI_PIPELINE_SOURCE: undefined,
      CI_COMMIT_REF_NAME: undefined,
    });
    const [note] = notes();
    expect(run.stderr).toContain(`The note on merge request !${MR_IID} is created: note ${note?.id}\n`);
    expect(note?.body).toContain(`| Ran for | merge\\_request\\_event on merge request ${MR_IID} |`);
  });

  test('without CI_JOB_URL: the note points at the job log and links nothing', async () => {
    await cli(['plan', '--gitlab-note'], { CI_JOB_URL: undefined });
    const [note] = notes();
    expect(note?.body).toContain('### Dry run: the provider scope would be created');
    expect(note?.body).not.toContain('](');
    expect(note?.body).toContain('The job log has the whole report.');
  });

  test('values padded with spaces, as a variable pasted into the settings may be: read without them', async () => {
    const run = await cli(['plan', '--gitlab-note'], {
      CI_MERGE_REQUEST_IID: ` ${MR_IID} `,
      GITLAB_TOKEN: ` ${BOT_TOKEN}\n`,
      CI_PROJECT_ID: ` ${PROJECT} `,
      // The API's address with slashes after it: the paths are still GitLab's.
      CI_API_V4_URL: ` ${gitlab.url}// `,
    });
    expect(warnings(run)).toEqual([]);
    expect(gitlab.calls()).toEqual(['GET /user', `GET ${NOTES}`, `POST ${NOTES}`]);
    expect(markedNotes(gitlab)).toHaveLength(1);
  });

  test('two spec files in one pipeline: a note each', async () => {
    await workspace.write('other.yml', SPEC.replace('Noted provider', 'Other provider'));
    await cli(['plan', '--gitlab-note']);
    await cli(['plan', '--gitlab-note', '--spec', 'other.yml']);
    await cli(['plan', '--gitlab-note', '--spec', 'other.yml']);
    expect(markedNotes(gitlab).map((body) => body.split('\n')[0])).toEqual([
      commentMarker(client.id, '.github/provider-scope.yml'),
      commentMarker(client.id, 'other.yml'),
    ]);
  });

  test("the same note from a subfolder: the spec is named from the repository's top", async () => {
    await cli(['plan', '--gitlab-note']);
    await workspace.run(
      ['plan', '--gitlab-note', '--spec', 'provider-scope.yml'],
      { ...baseEnv(), ...mergeRequestEnv(gitlab) },
      { cwd: '.github' },
    );
    expect(markedNotes(gitlab)).toHaveLength(1);
  });
});

describe("the note's connections", () => {
  // Event-loop turns, not time: a closed connection's end arrives within a few.
  const turns = async (count: number): Promise<'open'> => {
    for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
    return 'open';
  };

  test('each closed when the note is written, not left open for their keep-alive (the command exits at once)', async () => {
    const run = await cli(['plan', '--gitlab-note']);
    expect(run.exitCode).toBe(2);
    expect(notes()).toHaveLength(1);
    expect(await Promise.race([gitlab.allClosed().then(() => 'closed'), turns(1000)])).toBe('closed');
  });

  test("--debug: a line for each of GitLab's requests, as for the service's", async () => {
    const run = await cli(['plan', '--gitlab-note', '--debug']);
    const debug = run.stderr.split('\n').filter((line) => / \/api\/v4\/\S+: HTTP \d+ in /.test(line));
    expect(debug.map((line) => line.replace(/^.*?(GET|POST|PUT) /, '$1 ').replace(/ in .*$/, ''))).toEqual([
      'GET /api/v4/user: HTTP 200',
      `GET /api/v4${NOTES}: HTTP 200`,
      `POST /api/v4${NOTES}: HTTP 201`,
    ]);
  });
});

describe('outside a merge request, or without what it needs: the run as without the flag', () => {
  test.each([undefined, ' '])('no CI_MERGE_REQUEST_IID (%j): one notice, no request, no warning', async (iid) => {
    const run = await cli(['plan', '--gitlab-note'], { CI_MERGE_REQUEST_IID: iid });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--gitlab-note: no merge request (CI_MERGE_REQUEST_IID is not set): no note.');
    expect(warnings(run)).toEqual([]);
    expect(gitlab.requests).toEqual([]);
  });

  test('without the flag or the variable: no request; PROVIDER_GITLAB_NOTE=false neither; another value is a warning', async () => {
    expect((await cli(['plan'])).stderr).not.toContain('note');
    expect((await cli(['plan'], { PROVIDER_GITLAB_NOTE: 'false' })).stderr).not.toContain('note');
    const odd = await cli(['plan'], { PROVIDER_GITLAB_NOTE: 'yes' });
    expect(warnings(odd)).toEqual([
      'Warning: PROVIDER_GITLAB_NOTE must be true or false: no note. Set it to true (or give --gitlab-note) for the note on the merge request.',
    ]);
    expect(odd.exitCode).toBe(2);
    // The flag wins: a note, and no word about the variable.
    const flagged = await cli(['plan', '--gitlab-note'], { PROVIDER_GITLAB_NOTE: 'yes' });
    expect(warnings(flagged)).toEqual([]);
    expect(markedNotes(gitlab)).toHaveLength(1);
    gitlab.requests.length = 0;
    // verify takes no note: the variable a pipeline sets for every job is left alone.
    expect(
      (await cli(['verify', '--provider-url', 'https://provider.example'], { PROVIDER_GITLAB_NOTE: 'yes' })).stderr,
    ).not.toContain('PROVIDER_GITLAB_NOTE');
    expect(gitlab.requests).toEqual([]);
  });

  test.each([
    [
      'no token',
      { GITLAB_TOKEN: '' },
      'GITLAB_TOKEN is empty. Set GITLAB_TOKEN (a masked variable) to a token with the api scope',
    ],
    [
      'no API address',
      { CI_API_V4_URL: undefined },
      'CI_API_V4_URL not set: run the command in a GitLab CI job, which sets them.',
    ],
    ['no project', { CI_PROJECT_ID: '' }, 'CI_PROJECT_ID not set'],
    ['a token of spaces', { GITLAB_TOKEN: '  ' }, 'GITLAB_TOKEN is empty.'],
    ['no token variable', { GITLAB_TOKEN: undefined }, 'GITLAB_TOKEN is empty.'],
    ['a project of spaces', { CI_PROJECT_ID: ' ' }, 'CI_PROJECT_ID not set'],
    [
      'neither the API address nor the project',
      { CI_API_V4_URL: undefined, CI_PROJECT_ID: undefined },
      'CI_API_V4_URL and CI_PROJECT_ID not set: run the command in a GitLab CI job',
    ],
    [
      'an http address elsewhere',
      { CI_API_V4_URL: 'http://gitlab.example/api/v4' },
      'CI_API_V4_URL (http://gitlab.example) is not https, and the token is never sent in the clear',
    ],
  ])('%s: one warning, the exit code of the run, nothing sent', async (_name, env, said) => {
    const run = await cli(['plan', '--gitlab-note'], env);
    expect(run.exitCode).toBe(2);
    expect(warnings(run)).toEqual([
      expect.stringContaining(`Warning: The plan was not noted on the merge request (the job log has everything): `),
    ]);
    expect(warnings(run)[0]).toContain(said);
    expect(gitlab.requests).toEqual([]);
    expect(run.stdout).toContain('+ create scope');
  });
});

describe('GitLab failing: one warning that names the cause and the fix, the exit code of the run', () => {
  test.each<[string, Record<string, string>, string]>([
    [
      'a read_api token (403)',
      { GITLAB_TOKEN: READ_TOKEN },
      'failed with HTTP 403. GitLab said: The request requires higher privileges than provided by the access token. Give GITLAB_TOKEN the api scope',
    ],
    [
      'a user who may not comment (403)',
      { GITLAB_TOKEN: GUEST_TOKEN },
      'failed with HTTP 403. GitLab said: 403 Forbidden. Give GITLAB_TOKEN the api scope (read_api cannot write), and its user a role',
    ],
    [
      'an unknown token (401)',
      { GITLAB_TOKEN: 'glpat-unknown0123456789' },
      "GitLab's GET /user failed with HTTP 401. GitLab said: 401 Unauthorized. Check GITLAB_TOKEN: GitLab does not know it",
    ],
    [
      'no such merge request (404)',
      { CI_MERGE_REQUEST_IID: '99' },
      'failed with HTTP 404. GitLab said: 404 Not found. Check that the merge request exists',
    ],
  ])('%s', async (_name, env, said) => {
    for (const command of ['plan', 'apply'] as const) {
      const run = await cli([command, '--gitlab-note'], env);
      expect(run.exitCode).toBe(command === 'plan' ? (client.scopes.length === 0 ? 2 : 0) : 0);
      expect(warnings(run)).toHaveLength(1);
      expect(warnings(run)[0]).toContain(said);
      expect(run.stdout).not.toBe('');
      expect(run.stdout + run.stderr).not.toContain(env.GITLAB_TOKEN ?? BOT_TOKEN);
    }
    expect(markedNotes(gitlab)).toEqual([]);
  });

  test('a failed run fails as it would: exit 1, its note says so', async () => {
    const run = await cli(['plan', '--gitlab-note'], { PROVIDER_CLIENT_SECRET: 'wrong' });
    expect(run.exitCode).toBe(1);
    expect(markedNotes(gitlab)[0]?.split('\n')[1]).toBe(
      "**The run failed**: the service rejected the client's credentials.",
    );
  });

  test('a 503 is tried again, paced as the service is; GitLab down throughout: one warning, after the retries', async () => {
    gitlab.fail({ method: 'GET', path: /\/notes$/, status: 503, times: 2 });
    const recovered = await cli(['plan', '--gitlab-note']);
    expect(recovered.stderr).toMatch(
      /GitLab's GET of the merge request's notes \(page 1\) failed with HTTP 503.* Attempt 1 of 5 failed; trying again in /,
    );
    expect(markedNotes(gitlab)).toHaveLength(1);
    // Paced on the run's clock, never the wall clock: two pauses, on the fake one.
    expect(recovered.slept).toHaveLength(2);
    gitlab.fail({ method: 'PUT', path: /\/notes\/\d+$/, status: 502, times: 9 });
    const down = await cli(['plan', '--gitlab-note']);
    expect(down.exitCode).toBe(2);
    expect(warnings(down)).toEqual([
      expect.stringContaining(
        "GitLab's PUT of the note failed with HTTP 502. GitLab said: 500 Internal Server Error (gave up after 5 attempts).",
      ),
    ]);
  });

  test('nothing listening at CI_API_V4_URL: one warning that says to check it', async () => {
    const run = await cli(['plan', '--gitlab-note'], { CI_API_V4_URL: 'http://127.0.0.1:1/api/v4' });
    expect(run.exitCode).toBe(2);
    expect(warnings(run)).toEqual([expect.stringContaining('(connection refused): check CI_API_V4_URL')]);
  });

  test('a lost answer to the creation: looked up again, one note', async () => {
    gitlab.fail({ method: 'POST', path: /\/notes$/, loseAnswer: true });
    const run = await cli(['plan', '--gitlab-note']);
    expect(warnings(run)).toEqual([]);
    expect(markedNotes(gitlab)).toHaveLength(1);
    expect(gitlab.calls().filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(run.stderr).toContain('is created: ');
  });

  test('the creation answered 500 after GitLab made the note: looked up again, one note, no warning', async () => {
    gitlab.fail({ method: 'POST', path: /\/notes$/, status: 500, handled: true });
    const run = await cli(['plan', '--gitlab-note']);
    expect(warnings(run)).toEqual([]);
    expect(markedNotes(gitlab)).toHaveLength(1);
    expect(gitlab.calls().filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(run.stderr).toContain('is created: ');
  });

  test('a creation refused (HTTP 422: nothing made): not looked up again, one warning', async () => {
    gitlab.fail({ method: 'POST', path: /\/notes$/, status: 422 });
    const run = await cli(['plan', '--gitlab-note']);
    expect(warnings(run)).toEqual([expect.stringContaining("GitLab's POST of the note failed with HTTP 422")]);
    // One listing before the creation, none after it.
    expect(gitlab.calls().filter((c) => c.startsWith('GET /projects'))).toHaveLength(1);
    expect(markedNotes(gitlab)).toEqual([]);
  });

  test("GitLab's refusal that echoes the token: the warning has it scrubbed", async () => {
    gitlab.fail({ method: 'GET', path: /^\/user$/, status: 401, body: { message: `401 Unauthorized: ${BOT_TOKEN}` } });
    const run = await cli(['plan', '--gitlab-note']);
    expect(warnings(run)).toEqual([expect.stringContaining('GitLab said: 401 Unauthorized: ***')]);
    expect(run.stdout + run.stderr).not.toContain(BOT_TOKEN);
  });

  test('a reset before the creation is handled: no note, one warning; the next run creates it', async () => {
    gitlab.fail({ method: 'POST', path: /\/notes$/, reset: true });
    const run = await cli(['plan', '--gitlab-note']);
    expect(warnings(run)).toEqual([expect.stringContaining("GitLab's POST of the note: the connection to 127.0.0.1:")]);
    expect(gitlab.calls().filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(markedNotes(gitlab)).toEqual([]);
    await cli(['plan', '--gitlab-note']);
    expect(markedNotes(gitlab)).toHaveLength(1);
  });
});

describe('hostile text', () => {
  const HOSTILE =
    '@all #12 !3 ~bug ~"x y" %v1.0 %"rc" $4 &5 *iteration:"i" ^alert#6 [issue:7] [[Home]] group/project> GL-8 9ba12248deadbeef https://evil.example www.evil.example';

  test("the service's values reference, mention and link nothing GitLab would, and start no quick action", async () => {
    client.name = `${HOSTILE}\n/close\n/merge`;
    const run = await cli(['plan', '--gitlab-note']);
    const [note] = markedNotes(gitlab);
    expect(note).toContain('| Client | ');
    expect(liveReferences(note ?? '')).toEqual([]);
    // Every reference is in the note all the same, as it reads.
    expect((note ?? '').replace(/[\u2060\\]/g, '')).toContain(HOSTILE.replace(/[\\]/g, ''));
    expect(run.exitCode).toBe(2);
  });

  test('the check itself finds each reference, each link and a quick action', () => {
    const raw = `marker\n${HOSTILE}\n/close`;
    expect(liveReferences(raw)).toHaveLength(17);
  });

  test('each defused: one reference at a time, in text; code values stay whole where GitLab links nothing', () => {
    for (const reference of HOSTILE.split(' ')) {
      expect({ reference, live: liveReferences(`m\n${defuseProseForGitLab(defuseForGitLab(reference))}`) }).toEqual({
        reference,
        live: [],
      });
    }
    const uuid = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9';
    expect(defuseForGitLab(`https://auth.example.org/scopes/${uuid}/all`)).toBe(
      `https://auth.example.org/scopes/${uuid}/all`,
    );
    expect(defuseProseForGitLab(`${uuid} https://x`)).toBe(
      '0b1c2d\u20603e-4f50-4617-8293-a4b5c6\u2060d7e8f9 https:\u2060//x',
    );
  });
});

describe("the body within GitLab's limit", () => {
  test('50 listed scopes with long values from the service: cut to fit 1,000,000 characters, with a pointer to the job log; GitLab takes it', async () => {
    const suffixes = Array.from({ length: 50 }, (_, i) => `scope_${i}`);
    await workspace.write(
      '.github/provider-scope.yml',
      `scopes:\n${suffixes.map((s) => `  - name: ${s}\n    description: Short\n    scope_suffix: ${s}\n    advertised: true\n`).join('')}`,
    );
    for (const suffix of suffixes) {
      service.addScope({
        scope_string: `${service.url}/scopes/${client.id}/${suffix}`,
        client: client.id,
        name: suffix,
        description: 'A long, long description. '.repeat(400),
      });
    }
    const run = await cli(['plan', '--gitlab-note', '--on-drift', 'update']);
    expect(run.exitCode).toBe(2);
    expect(warnings(run).filter((w) => w.includes('noted'))).toEqual([]);
    const [note] = markedNotes(gitlab);
    expect(note?.length).toBeLessThanOrEqual(NOTE_LIMIT);
    expect(note?.length).toBeGreaterThan(GITHUB_COMMENT.limit);
    expect(note).toContain(`#### scope\\_49: to update, differs from the spec`);
    expect(note).toContain('… \\(8402 more characters\\: the whole value is in the job log\\)');
    expect(note).toContain("Some values were cut to keep this note within GitLab's limit: the job log has them whole.");
  });

  test('50 listed scopes with values too long for GitLab: within 1,000,000 characters, cut with a pointer to the job log', () => {
    const definition = (scope_suffix: string) => ({
      name: 'P',
      description: 'Runs actions',
      scope_suffix,
      advertised: true,
      allow_refresh_tokens: true,
      required_domains: [],
      dependent_scopes: [],
    });
    const long = (c: string): string => `${c} `.repeat(20_000);
    const results = Array.from({ length: 50 }, (_, i) => ({
      ...REGISTERED,
      definition: definition(`s${i}`),
      comparison: [{ field: 'description', spec: long('a'), service: long('b'), same: false }],
    }));
    const conclusion = concludeRun({
      inputs: { on_drift: 'warn', dry_run: true },
      naming: INPUT_NAMING,
      ensured: { telling: TOLD_APART, results, unlisted: [] } as unknown as Parameters<
        typeof concludeRun
      >[0]['ensured'],
    });
    const body = renderComment({
      conclusion,
      marker: commentMarker(CLIENT_ID, 's.yml'),
      ranFor: 'x',
      runUrl: JOB_URL,
      spec: 's.yml',
      scrub: (t) => t,
      target: GITLAB_NOTE,
    });
    expect(body.length).toBeLessThanOrEqual(NOTE_LIMIT);
    expect(body).toContain('#### s49: unchanged, differs from the spec');
    expect(body).toContain('… \\(38002 more characters\\: the whole value is in the job log\\)');
    expect(body).toContain("Some values were cut to keep this note within GitLab's limit: the job log has them whole.");
    // GitHub's comment cuts the same values further, in its words.
    const comment = renderComment({
      conclusion,
      marker: 'm',
      ranFor: 'x',
      runUrl: JOB_URL,
      spec: 's.yml',
      scrub: (t) => t,
    });
    expect(comment.length).toBeLessThanOrEqual(GITHUB_COMMENT.limit);
    expect(comment).toContain("more characters\\: the whole value is in the run's summary\\)");
  });

  test('thousands of warnings: the body itself cut, the rest left to the job log', () => {
    const conclusion = concludeRun({
      inputs: { on_drift: 'warn', dry_run: true },
      naming: INPUT_NAMING,
      ensured: single(REGISTERED),
    });
    conclusion.messages.push(
      ...Array.from({ length: 8000 }, (_, n) => ({
        level: 'warning' as const,
        text: `Warning ${n}: ${'w'.repeat(400)}`,
      })),
    );
    const body = renderComment({
      conclusion,
      marker: commentMarker(CLIENT_ID, 's.yml'),
      ranFor: 'x',
      runUrl: JOB_URL,
      spec: 's.yml',
      scrub: (t) => t,
      target: GITLAB_NOTE,
    });
    expect(body.length).toBeLessThanOrEqual(NOTE_LIMIT);
    expect(body.length).toBeGreaterThan(NOTE_LIMIT - 1000);
    expect(body).toContain('\n\n_The rest is too long for a note._\n\n---\n');
    expect(
      body.endsWith(
        `The log of [the job](${JOB_URL}) has the whole report. Some values were cut to keep this note within GitLab's limit: the job log has them whole.</sub>\n`,
      ),
    ).toBe(true);
  });
});

describe('its parts', () => {
  test('a list cut after its last section, whose suffixes GitLab would take for commits: each section found, none named as cut off', () => {
    const definition = (scope_suffix: string) => ({
      name: 'P',
      description: 'Runs actions',
      scope_suffix,
      advertised: true,
      allow_refresh_tokens: true,
      required_domains: [],
      dependent_scopes: [],
    });
    const results = ['abcdef12', 'abcdef34'].map((suffix) => ({ ...REGISTERED, definition: definition(suffix) }));
    const conclusion = concludeRun({
      inputs: { on_drift: 'warn', dry_run: true },
      naming: INPUT_NAMING,
      ensured: { telling: TOLD_APART, results, unlisted: [] } as unknown as Parameters<
        typeof concludeRun
      >[0]['ensured'],
    });
    conclusion.messages.push(
      ...Array.from({ length: 8000 }, (_, n) => ({
        level: 'warning' as const,
        text: `Warning ${n}: ${'w'.repeat(400)}`,
      })),
    );
    const body = renderComment({
      conclusion,
      marker: 'm',
      ranFor: 'x',
      runUrl: JOB_URL,
      spec: 's.yml',
      scrub: (t) => t,
      target: GITLAB_NOTE,
    });
    expect(body.length).toBeLessThanOrEqual(NOTE_LIMIT);
    expect(body).toContain('\n#### abcdef\u206012: unchanged\n');
    expect(body).toContain('\n#### abcdef\u206034: unchanged\n');
    expect(body).toContain('\n\n_The rest is too long for a note._\n\n---\n');
    expect(liveReferences(body)).toEqual([]);
  });

  test('the API address: https anywhere, http only on this machine', () => {
    expect(apiUrlProblem('https://gitlab.example/api/v4')).toBeUndefined();
    for (const local of ['http://127.0.0.1:8080/api/v4', 'http://[::1]/api/v4', 'http://localhost/api/v4'])
      expect(apiUrlProblem(local)).toBeUndefined();
    expect(apiUrlProblem('http://gitlab.example/api/v4')).toMatch(/is not https/);
    expect(apiUrlProblem('http://127.0.0.2/api/v4')).toMatch(/is not https/);
    expect(apiUrlProblem('ftp://gitlab.example')).toBe('CI_API_V4_URL is not an address ("ftp://gitlab.example")');
    expect(apiUrlProblem('gitlab.example')).toMatch(/is not an address/);
  });

  test('the next page: X-Next-Page first, else Link on the same origin only', () => {
    const url = 'https://gitlab.example/api/v4/notes?per_page=100';
    const origin = 'https://gitlab.example';
    expect(nextPage(url, { 'x-next-page': '3', link: '<https://gitlab.example/other>; rel="next"' }, origin)).toBe(
      'https://gitlab.example/api/v4/notes?per_page=100&page=3',
    );
    expect(
      nextPage(url, { 'x-next-page': '', link: '<https://gitlab.example/api/v4/notes?cursor=x>; rel="next"' }, origin),
    ).toBe('https://gitlab.example/api/v4/notes?cursor=x');
    expect(
      nextPage(
        url,
        { link: '<https://gitlab.example/a>; rel="first", <https://gitlab.example/b>; rel="next"' },
        origin,
      ),
    ).toBe('https://gitlab.example/b');
    expect(nextPage(url, { link: '<https://evil.example/api/v4/notes?page=2>; rel="next"' }, origin)).toBeUndefined();
    expect(nextPage(url, { 'x-next-page': '' }, origin)).toBeUndefined();
    expect(nextPage(url, { link: ['<https://gitlab.example/c>; rel="next"'] }, origin)).toBe(
      'https://gitlab.example/c',
    );
    // A page's number, blanks around it trimmed; anything else is no number.
    const page = (value: string | string[]): string | undefined => nextPage(url, { 'x-next-page': value }, origin);
    expect([' 4 ', '12', '4a', 'a4', ['2', '3']].map(page)).toEqual([
      `${url}&page=4`,
      `${url}&page=12`,
      undefined,
      undefined,
      undefined,
    ]);
    // Link's grammar: blanks on either side of the `;`, or none; rel's value quoted or not.
    expect(nextPage(url, { link: '<https://gitlab.example/d> ;rel=next' }, origin)).toBe('https://gitlab.example/d');
  });

  test('a failure that is no HTTP answer still says what it was', () => {
    expect(noteFailure(new Error('boom'))).toBe(
      'The plan was not noted on the merge request (the job log has everything): boom.',
    );
    expect(noteFailure(new HttpError('x failed with HTTP 500', { status: 500 }))).toBe(
      'The plan was not noted on the merge request (the job log has everything): x failed with HTTP 500.',
    );
    expect(noteFailure('odd')).toBe('The plan was not noted on the merge request (the job log has everything): odd.');
  });
});
