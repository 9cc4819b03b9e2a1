/**
 * `npm run preview` as a contributor runs it, a process started by npm in a folder of their
 * own: the command line's `preview` (src/cli/preview.ts) against the embedded service the script
 * starts (its client's id and secret given through EMBEDDED_CLIENT_ID and
 * EMBEDDED_CLIENT_SECRET, so that the leak check knows them), `--registered` applying a spec's
 * scopes to the client first; the four files written and named on stdout. Against another
 * service with the usual PROVIDER_* settings: e2e/preview-service.test.ts. The script's own
 * option and refusals, in process: unit/dev-preview.test.ts. The command itself,
 * in process (a failed run's files, the folder's refusals, hostile text): unit/cli-preview.test.ts;
 * installed from the package: e2e/preview-package.test.ts.
 * The runs and their checks: support/preview.ts.
 */
import { describe, expect, test } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CLIENT_ID, expectNoSecret, FILE, NAMES, preview, SPEC, useWorkdir, workdir } from '../support/preview.ts';

useWorkdir();

describe('against the embedded service it starts', () => {
  test('a client with no scope: four files named, the creation a run would make, the issue that says so; exit 2', async () => {
    const run = await preview(['--spec', FILE, '--out', 'rendered']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(NAMES.map((name) => `rendered/${name}\n`).join(''));
    const {
      'summary.md': summary,
      'pull-request-comment.md': comment,
      'merge-request-note.md': note,
      'watch-issue.md': issue,
    } = run.files;
    expect(summary).toMatch(/^\*\*Dry run\*\*: <code>action\\_all<\/code> would be created\.\n/);
    expect(summary).toMatch(/^### Dry run: the provider scope would be created\n/m);
    expect(summary).toMatch(/^\| Ran for \| a preview \\\(ensure-provider-scope preview\\\) \|/m);
    expect(summary).toMatch(/^\| name \| <code>"Previewed provider"<\/code> \|/m);
    // The comment and the note: their marker (the client and the spec from the repository's top), the same report, the link to the run.
    const marker = `<!-- ensure-provider-scope client=${CLIENT_ID} spec=.github%2Fprovider-scope.yml -->\n**Dry run**: <code>action\\_all</code> would be created.\n`;
    expect(comment?.startsWith(marker)).toBe(true);
    expect(comment).toContain(
      'The job summary of [the run](https://github.com/OWNER/REPO/actions/runs/RUN_ID) has the whole report.',
    );
    expect(note?.startsWith(marker)).toBe(true);
    expect(note).toContain(
      'The log of [the job](https://gitlab.com/GROUP/PROJECT/-/jobs/JOB_ID) has the whole report.',
    );
    // The issue: its title, then its body under the watch's marker.
    expect(issue).toMatch(
      new RegExp(
        `^# Provider scope needs attention\\\\: Preview client \\\\\\(${CLIENT_ID}\\\\\\), .github/provider-scope.yml\\n\\n<!-- ensure-provider-scope watch client=${CLIENT_ID} spec=.github%2Fprovider-scope.yml -->\\n\\*\\*Dry run\\*\\*: `,
      ),
    );
    expect(issue).toContain('- The client has no scope.\n');
    expect(run.stderr).toMatch(
      /^Previewing against the embedded service at http:\/\/127\.0\.0\.1:\d+, a client with no scope\.\n/,
    );
    expect(run.stderr).toContain(
      'The watch would open an issue (watch-issue.md): the registration is unwell (no scope).',
    );
    await expectNoSecret(run);
  });

  test('--registered with the same spec: no changes, the watch would open no issue; exit 0, in .preview/ by default', async () => {
    const run = await preview(['--registered', FILE]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(NAMES.map((name) => `.preview/${name}\n`).join(''));
    expect(run.stderr).toContain(`a client with the scopes of ${FILE}.`);
    expect(run.files['summary.md']).toMatch(/^\*\*No changes\*\*: the scope matches the spec\.\n/);
    expect(run.files['summary.md']).toMatch(/^### Dry run: provider scope already registered\n/m);
    expect(run.files['pull-request-comment.md']).toMatch(
      /^<!-- [^\n]+ -->\n\*\*No changes\*\*: the scope matches the spec\.\n/,
    );
    expect(run.files['watch-issue.md']).toMatch(
      /^_The watch would open no issue: it would find the registration well, .*\n\nResolved: the watch's \[run\]\(https:\/\/github\.com\/OWNER\/REPO\/actions\/runs\/RUN_ID\) found the registration well/,
    );
    await expectNoSecret(run);
  });

  test('--registered with an older spec and --on-drift update: the update a run would make, and the drift in the issue; exit 2', async () => {
    await writeFile(path.join(workdir, 'old.yml'), SPEC.replace('Runs previewed actions', 'Runs older actions'));
    const run = await preview(['--registered', 'old.yml', '--on-drift', 'update']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the registration is unwell (drift)');
    expect(run.files['summary.md']).toContain('#### The update a run would make');
    // Before and after in the summary; the spec's and the service's in the issue.
    expect(run.files['summary.md']).toMatch(
      /^\| description \| <code>"Runs older actions"<\/code> \| <code>"Runs previewed actions"<\/code> \|/m,
    );
    expect(run.files['watch-issue.md']).toMatch(
      /^\| <code>action\\_all<\/code> \| description \| <code>"Runs older actions"<\/code> \| <code>"Runs previewed actions"<\/code> \|/m,
    );
    await expectNoSecret(run);
  });
});
