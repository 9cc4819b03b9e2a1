/**
 * `npm run demo` (dev/demo.ts) as a newcomer reads it: a story of at most 150 lines in numbered
 * steps; no workflow command (no raw ::debug:: line) and no raw markdown, the summaries shown as
 * text; each command line it runs shown with its flags, the secret only as
 * $PROVIDER_CLIENT_SECRET; the note about masking true for the auth in use. It runs the bundle
 * `npm test` has just built.
 */
import { describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../dev/runner.ts';

const run = promisify(execFile);

describe.each(['basic', 'token'])('npm run demo -- --auth %s', (auth) => {
  let output = '';
  test('runs to the end, exit 0', async () => {
    ({ stdout: output } = await run(process.execPath, [path.join(ROOT, 'dev', 'demo.ts'), '--auth', auth], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } }));
    expect(output).toContain('No changes. The scope matches the spec.');
    expect(output).toContain('.github/provider-scope.yml, as import wrote it:');
  }, 60_000);

  test('prints each command line it runs, with its flags, the secret as $PROVIDER_CLIENT_SECRET', () => {
    const commands = output.split('\n').filter((line) => line.startsWith('    $ ')).map((line) => line.trim().replace(/ {4}# exit \d$/, ''));
    const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
    const line = (verb: string): RegExp => new RegExp(`^\\$ PROVIDER_CLIENT_SECRET="\\$PROVIDER_CLIENT_SECRET" ensure-provider-scope ${verb} --client-id ${uuid} --auth-url http://127\\.0\\.0\\.1:\\d+ --auth ${auth}$`);
    // plan, apply, plan on a new client; then import of a scope made by hand, and a plan on what it wrote.
    expect(commands).toEqual(['plan', 'apply', 'plan', 'import', 'plan'].map((command) => expect.stringMatching(line(command))));
  });

  test('its note on masking names the access token only with auth: token', () => {
    const notes = output.split('\n').filter((l) => l.includes('values are masked'));
    expect(notes).toHaveLength(1);
    for (const note of notes) expect(note.includes('token')).toBe(auth === 'token');
  });

  test('a story of at most 150 lines, in seven numbered steps, each run of the action with its exit code', () => {
    const lines = output.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(150);
    const steps = lines.filter((l) => /^\d+\. /.test(l));
    expect(steps.map((l) => Number.parseInt(l, 10))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The five runs of the action say how they ended, once; the command lines each say their own.
    for (const heading of steps.slice(0, 5)) expect([heading, heading.match(/\(exit \d+\)$/g)?.length ?? 0]).toEqual([heading, 1]);
  });

  test('no workflow command and no raw markdown: the job summary and the comment as text a person reads', () => {
    const lines = output.split('\n');
    expect(lines.filter((l) => l.includes('::'))).toEqual([]);
    expect(lines.filter((l) => /^\s*\|.*\|\s*$|<\/?(code|sub|br)>|^\s*#{2,6} |\\[:_[\]]|\*\*/.test(l))).toEqual([]);
    expect(output).toContain('The job summary, as GitHub shows it');
    expect(output).toMatch(/\n {6}Created by this run: yes\n/);
    expect(output).toMatch(/\n {6}description +"Runs example actions, as this pull req… +"Runs example actions, now with a chang… +differs\n/);
  });
});
