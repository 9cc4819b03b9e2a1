/**
 * `npm run preview` as a contributor runs it, a process started by npm in a folder of their
 * own: the three renderings of a dry run written to files and named on stdout, against the
 * embedded service it starts (its client's id and secret given through EMBEDDED_CLIENT_ID and
 * EMBEDDED_CLIENT_SECRET, so that the leak check knows them), and against another service with
 * the usual PROVIDER_* settings (here an embedded one the test holds, to see that nothing is
 * written to it: e2e/preview-service.test.ts). The runs and their checks: support/preview.ts.
 */
import { describe, expect, test } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CLIENT_ID, expectNoSecret, FILE, NAMES, preview, SPEC, useWorkdir, workdir } from '../support/preview.ts';

useWorkdir();

describe('against the embedded service it starts', () => {
  test('a client with no scope: three files named, the creation a run would make, the issue that says so; exit 0', async () => {
    const run = await preview(['--spec', FILE, '--out', 'rendered']);
    expect(run.code).toBe(0);
    expect(Object.keys(run.files)).toEqual(NAMES);
    expect(run.stdout).toBe(
      [
        `The job summary:            ${workdir}/rendered/summary.md`,
        `The pull request's comment: ${workdir}/rendered/comment.md`,
        `The watch's issue:          ${workdir}/rendered/issue.md (the registration is unwell: no scope)`,
        '',
      ].join('\n'),
    );
    const { 'The job summary': summary, "The pull request's comment": comment, "The watch's issue": issue } = run.files;
    expect(summary).toMatch(/^\*\*Dry run\*\*: <code>action\\_all<\/code> would be created\.\n/);
    expect(summary).toMatch(/^### Dry run: the provider scope would be created\n/m);
    expect(summary).toMatch(/^\| Ran for \| a local preview \\\(npm run preview\\\) \|/m);
    expect(summary).toMatch(/^\| name \| <code>"Previewed provider"<\/code> \|/m);
    // The comment: its marker (the client and the spec as the input names it), the same report, the link to the run.
    expect(comment).toMatch(
      new RegExp(
        `^<!-- ensure-provider-scope client=${CLIENT_ID} spec=\\.github%2Fprovider-scope\\.yml -->\\n\\*\\*Dry run\\*\\*: `,
      ),
    );
    expect(comment).toContain(
      'The job summary of [the run](https://github.com/OWNER/REPO/actions/runs/RUN_ID) has the whole report.',
    );
    // The issue: its title, then its body under the watch's marker.
    expect(issue).toContain(
      `**Provider scope needs attention\\: Preview client \\(${CLIENT_ID}\\), .github/provider-scope.yml**`,
    );
    expect(issue).toContain(
      `<!-- ensure-provider-scope watch client=${CLIENT_ID} spec=.github%2Fprovider-scope.yml -->\n**Dry run**: <code>action\\_all</code> would be created.\n`,
    );
    expect(issue).toContain('- The client has no scope.\n');
    expect(run.stderr).toContain(
      'Previewing .github/provider-scope.yml against the embedded service at http://127.0.0.1:',
    );
    await expectNoSecret(run);
  });

  test('--registered with the same spec: no changes, and the watch would open no issue', async () => {
    const run = await preview(['--registered', FILE, '--out', 'rendered']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('issue.md (the registration is well: no issue)');
    expect(run.files['The job summary']).toMatch(/^\*\*No changes\*\*: the scope matches the spec\.\n/);
    expect(run.files['The job summary']).toMatch(/^### Dry run: provider scope already registered\n/m);
    expect(run.files["The pull request's comment"]).toMatch(
      /^<!-- [^\n]+ -->\n\*\*No changes\*\*: the scope matches the spec\.\n/,
    );
    expect(run.files["The watch's issue"]).toMatch(
      /^_The watch would open no issue: the registration is well .*\n\nResolved: the watch's \[run\]\(https:\/\/github\.com\/OWNER\/REPO\/actions\/runs\/RUN_ID\) found the registration well/,
    );
    await expectNoSecret(run);
  });

  test('--registered with an older spec and --on-drift update: the update a run would make, and the drift in the issue', async () => {
    await writeFile(path.join(workdir, 'old.yml'), SPEC.replace('Runs previewed actions', 'Runs older actions'));
    const run = await preview(['--registered', 'old.yml', '--on-drift', 'update']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(the registration is unwell: drift)');
    expect(run.files['The job summary']).toContain('#### The update a run would make');
    // Before and after in the summary; the spec's and the service's in the issue.
    expect(run.files['The job summary']).toMatch(
      /^\| description \| <code>"Runs older actions"<\/code> \| <code>"Runs previewed actions"<\/code> \|/m,
    );
    expect(run.files["The watch's issue"]).toMatch(
      /^\| <code>action\\_all<\/code> \| description \| <code>"Runs older actions"<\/code> \| <code>"Runs previewed actions"<\/code> \|/m,
    );
    await expectNoSecret(run);
  });

  test('a spec with problems: each on stderr at its line, the files as GitHub would show the failed run, exit 1', async () => {
    await writeFile(path.join(workdir, FILE), 'name: x\nadvertised: maybe\n');
    const run = await preview([]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: .github/provider-scope.yml: description is required');
    expect(run.stderr).toContain('The run failed: its errors are above, and in each file, as GitHub would show them.');
    expect(run.files['The job summary']).toMatch(
      /^\*\*Nothing was done\*\*: 2 problem\\\(s\\\) to fix first\.\n\n\*\*Next\*\*: Fix each problem below at its line\. Run the step again\.\n\nThe inputs or the spec have 2 problem\(s\):\n\n- line 1: /,
    );
    expect(run.files["The pull request's comment"]).toContain('**Nothing was done**: 2 problem\\(s\\) to fix first.');
    expect(run.files["The watch's issue"]).toContain('- The run failed.\n');
    await expectNoSecret(run);
  });

  test('a mistyped option: its near miss, nothing written, exit 1', async () => {
    const run = await preview(['--spek', FILE]);
    expect([run.code, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toMatch(
      /^preview: Unknown option '--spek' \(did you mean --spec\?\)\. Run 'npm run preview -- --help' for the options\.\n$/,
    );
  });
});
