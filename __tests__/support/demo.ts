/**
 * `npm run demo` as a newcomer runs and reads it, with one --auth (e2e/demo.test.ts with basic,
 * e2e/demo-token.test.ts with token: a file each, so that no test file runs long); what each
 * test holds is said in e2e/demo.test.ts.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../dev/runner.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The demo's tests for one --auth. */
export function describeDemo(auth: 'basic' | 'token'): void {
  describe(`npm run demo -- --auth ${auth}`, () => {
    const out = mkdtempSync(path.join(tmpdir(), 'eps-demo-out-'));
    afterAll(() => rmSync(out, { recursive: true, force: true }));
    let stdout = '';
    let stderr = '';
    let lines: string[] = [];
    const file = (name: string): string => readFileSync(path.join(out, name), 'utf8');

    test("runs to the end through npm, exit 0, in at most 160 lines with npm's, bundling nothing", async () => {
      const code = await new Promise<number | null>((resolve) => {
        const child = execFile(
          'npm',
          ['run', 'demo', '--', '--auth', auth, '--out', out],
          { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } },
          (error, o, e) => {
            [stdout, stderr] = [o, e];
            resolve(error === null ? 0 : (child.exitCode ?? 1));
          },
        );
      });
      expect([code, stderr]).toEqual([0, '']);
      lines = stdout.replace(/\n$/, '').split('\n');
      // Each report of the command line opens with its verdict and a blank line.
      expect(lines.length).toBeLessThanOrEqual(160);
      // npm's header counts; then the one line that says dist/ is current.
      expect(lines.slice(0, 5)).toEqual([
        '',
        '> ensure-provider-scope@0.1.0 demo',
        expect.stringMatching(/^> node scripts\/bundle-stamp\.ts ensure && node dev\/demo\.ts /),
        '',
        'dist/ is the bundle of this checkout (dist/bundle-stamp.json): not bundling.',
      ]);
      expect(stdout).toContain('No changes: the scope matches the spec.');
      expect(stdout).toContain('.github/provider-scope.yml, as import wrote it:');
    }, 120_000);

    test('prints each command line it runs, with its flags, the secret as $PROVIDER_CLIENT_SECRET', () => {
      const commands = lines
        .filter((line) => line.startsWith('    $ '))
        .map((line) => line.trim().replace(/ {4}# exit \d$/, ''));
      const line = (verb: string): RegExp =>
        new RegExp(
          `^\\$ PROVIDER_CLIENT_SECRET="\\$PROVIDER_CLIENT_SECRET" ensure-provider-scope ${verb} --client-id ${UUID} --auth-url http://127\\.0\\.0\\.1:\\d+ --auth ${auth}$`,
        );
      // plan, apply, plan on a new client; then import of a scope made by hand, and a plan on what it wrote;
      // then the first client's secret rotated into a new file, and a plan with the new secret from it.
      expect(commands).toEqual([
        ...['plan', 'apply', 'plan', 'import', 'plan', 'rotate --secret-file new-secret'].map((command) =>
          expect.stringMatching(line(command)),
        ),
        expect.stringMatching(
          new RegExp(line('plan').source.replace('="\\$PROVIDER_CLIENT_SECRET"', '="\\$\\(cat new-secret\\)"')),
        ),
      ]);
    });

    test('its note on masking names the access token only with auth: token', () => {
      const notes = lines.filter((l) => l.includes('values are masked'));
      expect(notes).toHaveLength(1);
      for (const note of notes) expect(note.includes('token')).toBe(auth === 'token');
    });

    test('a story in ten numbered steps, each run of the action with its exit code, one of them failed', () => {
      const steps = lines.filter((l) => /^\d+\. /.test(l));
      expect(steps.map((l) => Number.parseInt(l, 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // The seven runs of the action say how they ended, once; the command lines each say their own.
      expect(steps.slice(0, 7).map((heading) => heading.match(/\(exit \d+\)/g))).toEqual(
        ['0', '0', '0', '0', '0', '0', '1'].map((code) => [`(exit ${code})`]),
      );
    });

    test('the list form: the example spec shown, the sibling created before the scope that depends on it', () => {
      const start = lines.findIndex((l) => /^6\. .*examples\/shared-client-scopes\.yml/.test(l));
      const block = lines.slice(
        start,
        lines.findIndex((l, i) => i > start && /^7\. /.test(l)),
      );
      expect(block).toEqual(expect.arrayContaining(['      scopes:', '            - scope_suffix: transfer_ls']));
      const creating = block.filter((l) => /creating "/.test(l));
      expect(creating).toEqual([
        expect.stringMatching(/^ *transfer_ls: .*creating "List a directory"/),
        expect.stringMatching(/^ *transfer_mkdir: .*creating "Make a directory"/),
      ]);
      expect(block.at(-2)).toMatch(
        /^ {4}Requests to the service: .*POST \/v2\/api\/clients\/\{client\}\/scopes, POST \/v2\/api\/clients\/\{client\}\/scopes/,
      );
    });

    test('the failed run: the watch with a deleted secret says the service rejected it, and opens its issue', () => {
      const start = lines.findIndex((l) => /^7\. /.test(l));
      const block = lines.slice(
        start,
        lines.findIndex((l) => /^8\. /.test(l)),
      );
      expect(block[0]).toMatch(/secret is deleted in the developer portal.*\(exit 1\)$/);
      expect(block).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^ {4}Error: .*HTTP 401.*secret/),
          "    The watch's issue #1 is opened: https://github.example/octo/provider/issues/1",
        ]),
      );
    });

    test("the rotation: a new credential made and stored in a new file, the portal's left beside it, the secret never printed; a plan with it then goes through", () => {
      const block = lines.slice(lines.findIndex((l) => /^10\. /.test(l)));
      expect(block.slice(2, 5)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^ {6}Created the credential "ensure-provider-scope \\S+Z [0-9a-f]+ from [0-9a-f]{16}" \\(id ${UUID}, `,
          ),
        ),
        '      Stored the new secret in the file new-secret',
        expect.stringMatching(
          /^ {6}Left beside the new credential: "Created in the developer portal" .*, not made by this tool\./,
        ),
      ]);
      expect(block.slice(5, 8)).toEqual([
        expect.stringMatching(new RegExp(`^ {6}Rotated: the new credential is ${UUID}; retired: none\\.$`)),
        expect.stringMatching(
          /^ {4}\$ PROVIDER_CLIENT_SECRET="\$\(cat new-secret\)" ensure-provider-scope plan .* {4}# exit 0$/,
        ),
        '      No changes: the scope matches the spec.',
      ]);
    });

    test("no workflow command and no raw markdown: the comment's headline as text a person reads", () => {
      expect(lines.filter((l) => l.includes('::'))).toEqual([]);
      expect(lines.filter((l) => /^\s*\|.*\|\s*$|<\/?(code|sub|br)>|^\s*#{2,6} |\\[:_[\]]|\*\*/.test(l))).toEqual([]);
      // The comment's headline, as GitHub shows it: its verdict (its markdown is `**Dry run**: <code>action\_all</code>: ...`).
      expect(stdout).toMatch(
        /\n {4}Pull request #7 has 1 comment from the action, "Dry run: action_all: description would change\.": /,
      );
    });

    test('names the three renderings it wrote; each is the markdown GitHub got from the runs', () => {
      const named = lines
        .slice(lines.findIndex((l) => l.startsWith('What GitHub would show')))
        .filter((l) => l.startsWith('    '))
        .map((l) => l.trim().split(': ')[0]);
      expect(named).toEqual(
        ['job-summary.md', 'pull-request-comment.md', 'watch-issue.md'].map((name) => path.join(out, name)),
      );
      // The list form's run, as its job summary: its verdict first, both scopes created; the whole report below it.
      expect(file('job-summary.md')).toMatch(
        /^\*\*Applied\*\*: <code>transfer\\_ls<\/code> was created; <code>transfer\\_mkdir<\/code> was created\.\n/,
      );
      expect(file('job-summary.md')).toMatch(/^### 2 provider scope\(s\): 2 created/m);
      expect(file('job-summary.md')).toMatch(
        /\n#### transfer\\_ls: created\n[\s\S]*\n#### transfer\\_mkdir: created\n/,
      );
      // The comment the fake GitHub API holds: the action's marker, the verdict of the planned update, the whole report below it.
      expect(file('pull-request-comment.md')).toMatch(
        new RegExp(
          `^<!-- ensure-provider-scope client=${UUID} spec=\\.github%2Fprovider-scope\\.yml -->\\n\\*\\*Dry run\\*\\*: <code>action\\\\_all</code>: description would change\\.\\n`,
        ),
      );
      expect(file('pull-request-comment.md')).toMatch(/^### Dry run: the provider scope would be updated$/m);
      expect(file('pull-request-comment.md')).toContain(
        '| description | <code>"Runs example actions, now with a changed description"</code> | <code>"Runs example actions, as this pull request proposes"</code> |',
      );
      // The issue the watch opened: its marker, the failed run and the service's refusal.
      expect(file('watch-issue.md')).toMatch(
        new RegExp(
          `^<!-- ensure-provider-scope watch client=${UUID} spec=\\.github%2Fprovider-scope\\.yml -->\\n\\*\\*The run failed\\*\\*: `,
        ),
      );
      expect(file('watch-issue.md')).toContain('- The run failed.');
      expect(file('watch-issue.md')).toMatch(/\n- \*\*error\*\*: .*HTTP 401/);
    });

    test('no credential in what it printed or wrote: no token, no Basic or Bearer credential', () => {
      // The demo checks every form of every secret and token itself (exit 1 on a leak); these are the shapes a reader would spot.
      for (const text of [stdout, file('job-summary.md'), file('pull-request-comment.md'), file('watch-issue.md')]) {
        expect(text).not.toMatch(/ghs_|Basic [A-Za-z0-9+/=]{8}|Bearer [\w.-]{8}|client_secret=/);
      }
    });
  });
}
