/**
 * examples/.gitlab-ci.yml against the command line it drives: the verbs, options and
 * variables it uses exist, the plan's exit 2 is a warning, the outputs reach the deploy job
 * through a dotenv report, and the secret is never written into the file.
 */
import { expect, test } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../../dev/runner.ts';
import { COMMANDS } from '../../src/cli/help.ts';
import { CLI_FLAGS, COMMAND_FLAGS, CLI_SETTINGS } from '../../src/cli/options.ts';

type Job = {
  script: string[];
  rules?: Array<{ if?: string }>;
  allow_failure?: { exit_codes: number[] };
  artifacts?: { reports?: { dotenv?: string } };
  needs?: string[];
  environment?: unknown;
};

const text = await readFile(path.join(ROOT, 'examples', '.gitlab-ci.yml'), 'utf8');
const pipeline = parse(text) as Record<string, Job> & { variables: Record<string, string> };
const FLAGS = new Set([
  ...CLI_SETTINGS.flatMap((s) => (s.flag === undefined ? [] : [`--${s.flag}`])),
  '--client-secret-stdin',
  '--json',
  '--dotenv',
  '--gitlab-note',
  '--debug',
  '--help',
]);

test('every command it runs is a verb of the command line with its real options', () => {
  const commands = Object.values(pipeline)
    .flatMap((job) => (Array.isArray((job as Job).script) ? (job as Job).script : []))
    .filter((line) => line.includes('ENSURE_PROVIDER_SCOPE'));
  expect(commands).toHaveLength(2);
  for (const command of commands) {
    const [, verb, ...rest] = command.split(/\s+/).slice(command.split(/\s+/).indexOf('"$ENSURE_PROVIDER_SCOPE"'));
    expect(Object.keys(COMMANDS)).toContain(verb);
    for (const option of rest.filter((word) => word.startsWith('--'))) expect(FLAGS).toContain(option);
  }
  // A released version or the README's placeholder (examples-versions.test.ts holds which).
  expect(pipeline.variables.ENSURE_PROVIDER_SCOPE).toMatch(/^ensure-provider-scope@(?:\d+\.\d+\.\d+|1\.x\.y)$/);
});

test('plan on merge requests, its exit 2 a warning; apply on tags in an environment, with a dotenv report that the deploy job needs', () => {
  const { 'scope-plan': plan, 'scope-apply': apply, deploy } = pipeline;
  expect(plan?.rules?.[0]?.if).toBe('$CI_PIPELINE_SOURCE == "merge_request_event"');
  expect(plan?.allow_failure).toEqual({ exit_codes: [2] });
  expect(apply?.rules?.[0]?.if).toBe('$CI_COMMIT_TAG');
  expect(apply?.environment).toEqual({ name: 'release' });
  expect(apply?.script.join(' ')).toContain(`--dotenv ${apply?.artifacts?.reports?.dotenv}`);
  expect(deploy?.needs).toEqual(['scope-apply']);
  expect(deploy?.script.join(' ')).toContain('"$SCOPE_STRING"');
});

test('the credentials come from the variables the command line reads, and the secret is never in the file', () => {
  const envNames = CLI_SETTINGS.map((s) => s.env);
  expect(envNames).toEqual(
    expect.arrayContaining(['PROVIDER_CLIENT_ID', 'PROVIDER_CLIENT_SECRET', 'PROVIDER_AUTH_URL']),
  );
  expect(pipeline.variables).toEqual({
    PROVIDER_AUTH_URL: 'https://auth.globus.org',
    ENSURE_PROVIDER_SCOPE: expect.any(String),
  });
  expect(text).not.toMatch(/PROVIDER_CLIENT_SECRET\s*[:=]/);
  expect(text).not.toMatch(/--client-secret(?!-stdin)/);
});

test("the merge request's plan is kept in a note (--gitlab-note, which plan takes), with the token from a variable never written here", () => {
  const plan = pipeline['scope-plan'];
  const command = plan?.script.find((line) => line.includes(' plan ')) ?? '';
  expect(command).toMatch(/ plan .*--gitlab-note\b/);
  expect(CLI_FLAGS['gitlab-note']?.type).toBe('boolean');
  expect(COMMAND_FLAGS.plan).toContain('gitlab-note');
  // Its token is named in the comments, set in the project's settings, never a value here.
  expect(text).toContain('#   GITLAB_TOKEN ');
  expect(text).not.toMatch(/GITLAB_TOKEN\s*[:=]/);
  expect(text).not.toMatch(/glpat-/);
  // Only the merge request's job notes: the apply on tags has no merge request.
  expect(pipeline['scope-apply']?.script.join(' ')).not.toContain('--gitlab-note');
});
