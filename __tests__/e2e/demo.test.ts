/**
 * `npm run demo` (dev/demo.ts) as a newcomer reads it: each command line it runs shown with its
 * flags, the secret only as $PROVIDER_CLIENT_SECRET; the note about masking true for the auth in
 * use; no heading that says the same thing twice. It runs the bundle `npm test` has just built.
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
    expect(output).toContain('=== the same plan again');
    expect(output).toContain('=== plan on the imported spec: nothing to change (exit 0) ===');
  }, 60_000);

  test('prints each command line it runs, with its flags, the secret as $PROVIDER_CLIENT_SECRET', () => {
    const commands = output.split('\n').filter((line) => line.startsWith('$ '));
    const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
    const line = (verb: string): RegExp => new RegExp(`^\\$ PROVIDER_CLIENT_SECRET="\\$PROVIDER_CLIENT_SECRET" ensure-provider-scope ${verb} --client-id ${uuid} --auth-url http://127\\.0\\.0\\.1:\\d+ --auth ${auth}$`);
    // plan, apply, plan on a new client; then import of a scope made by hand, and a plan on what it wrote.
    expect(commands).toEqual(['plan', 'apply', 'plan', 'import', 'plan'].map((command) => expect.stringMatching(line(command))));
  });

  test('its note on masking names the access token only with auth: token', () => {
    const notes = output.split('\n').filter((l) => l.includes('::add-mask:: commands'));
    expect(notes).toHaveLength(3);
    for (const note of notes) expect(note.includes('token')).toBe(auth === 'token');
  });

  test('no heading names its exit code twice', () => {
    const headings = output.split('\n').filter((l) => l.startsWith('=== '));
    // Three runs of the action, two on a pull request, five of the command line.
    expect(headings).toHaveLength(10);
    for (const heading of headings) expect([heading, heading.match(/\bexit/g)?.length ?? 0]).toEqual([heading, 1]);
  });
});
