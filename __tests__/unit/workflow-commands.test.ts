/**
 * What the action writes for the runner, held to what @actions/core writes for the same call
 * (the toolkit is the oracle here; the bundle does not load it): every workflow command, the
 * output file's blocks, the summary file.
 */
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import * as toolkit from '@actions/core';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  annotation,
  appendSummary,
  keyValueBlock,
  workflowCommand,
  writeOutput,
} from '../../src/github/workflow-commands.ts';
import type { AnnotationProperties } from '../../src/github/collaborators.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  jest.restoreAllMocks();
});

/** What the toolkit writes on stdout for one call. */
const toolkitWrites = (call: () => void): string => {
  const written: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  try {
    call();
  } finally {
    jest.restoreAllMocks();
  }
  return written.join('');
};

const HOSTILE = [
  'plain',
  '',
  '::error::forged',
  'a\nb\r\nc',
  '100% %0A done',
  'key=value,other=x',
  'x: y, z',
  '\u001b[31mred\u001b[0m',
  '%25 %3A %2C',
  'é ✓ 🙂',
];

describe('the same lines as @actions/core', () => {
  test.each(HOSTILE)('a mask, a debug line and annotations without properties: %j', (text) => {
    expect(`${workflowCommand('add-mask', {}, text)}\n`).toBe(toolkitWrites(() => toolkit.setSecret(text)));
    expect(`${workflowCommand('debug', {}, text)}\n`).toBe(toolkitWrites(() => toolkit.debug(text)));
    expect(`${annotation('warning', text)}\n`).toBe(toolkitWrites(() => toolkit.warning(text)));
    expect(`${annotation('error', text, {})}\n`).toBe(toolkitWrites(() => toolkit.error(text, {})));
  });

  const PROPERTIES: AnnotationProperties[] = [
    { file: '.github/provider-scope.yml', startLine: 3, startColumn: 7, title: 'Spec' },
    { file: 'a,b:c.yml', startLine: 12 },
    { title: 'x\ny, z: %' },
    { file: 'f.yml', startLine: 0, startColumn: 0 },
    { title: '' },
    ...HOSTILE.map((text) => ({ file: text, title: text })),
  ];
  test.each(PROPERTIES)('an annotation with properties %j', (properties) => {
    for (const level of ['warning', 'error'] as const) {
      expect(`${annotation(level, 'a message, with: text\n', properties)}\n`).toBe(
        toolkitWrites(() => toolkit[level]('a message, with: text\n', properties)),
      );
    }
  });

  test("properties in the toolkit's order and names, the unset and the zero left out", () => {
    expect(annotation('error', 'm', { startColumn: 5, startLine: 4, file: 'f', title: 't' })).toBe(
      '::error title=t,file=f,line=4,col=5::m',
    );
    expect(annotation('error', 'm', { file: 'f', startLine: 0 })).toBe('::error file=f::m');
  });

  test.each(HOSTILE)('an output, in the file and without one: %j', async (value) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'workflow-commands-'));
    try {
      const ours = path.join(dir, 'ours');
      const theirs = path.join(dir, 'theirs');
      await writeFile(ours, '');
      await writeFile(theirs, '');
      writeOutput({ GITHUB_OUTPUT: ours }, 'scope_string', value, () => {
        throw new Error('nothing on stdout');
      });
      writeOutput({ GITHUB_OUTPUT: ours }, 'created', 'false', () => {});
      process.env.GITHUB_OUTPUT = theirs;
      toolkit.setOutput('scope_string', value);
      toolkit.setOutput('created', 'false');
      const delimiters = (text: string): string => text.replace(/ghadelimiter_[0-9a-f-]{36}/g, 'DELIMITER');
      expect(delimiters(await readFile(ours, 'utf8'))).toBe(delimiters(await readFile(theirs, 'utf8')));
      expect(await readFile(ours, 'utf8')).toMatch(/^scope_string<<ghadelimiter_[0-9a-f-]{36}\n/);

      delete process.env.GITHUB_OUTPUT;
      let said = '';
      writeOutput({}, 'scope_string', value, (text) => void (said += text));
      expect(said).toBe(toolkitWrites(() => toolkit.setOutput('scope_string', value)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("an output file that is not there: the toolkit's error, nothing written", () => {
    const file = path.join(tmpdir(), 'no-such-dir', 'output');
    expect(() => writeOutput({ GITHUB_OUTPUT: file }, 'x', 'y', () => {})).toThrow(`Missing file at path: ${file}`);
  });

  test('each block has a delimiter of its own, which neither the name nor the value may hold', () => {
    const [one, two] = [keyValueBlock('a', 'v'), keyValueBlock('a', 'v')].map((block) => /<<(\S+)/.exec(block)?.[1]);
    expect(one).not.toBe(two);
    expect(keyValueBlock('name', 'line 1\nline 2', () => 'u')).toBe(
      'name<<ghadelimiter_u\nline 1\nline 2\nghadelimiter_u',
    );
    expect(() => keyValueBlock('x', 'before ghadelimiter_u after', () => 'u')).toThrow(
      'Unexpected input: value should not contain the delimiter "ghadelimiter_u"',
    );
    expect(() => keyValueBlock('x ghadelimiter_u', 'v', () => 'u')).toThrow(
      'Unexpected input: name should not contain the delimiter "ghadelimiter_u"',
    );
  });

  test("the summary is appended as the toolkit appends it; a file it cannot write is the toolkit's error", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'workflow-commands-'));
    try {
      const [ours, theirs] = [path.join(dir, 'ours.md'), path.join(dir, 'theirs.md')];
      await writeFile(ours, 'before\n');
      await writeFile(theirs, 'before\n');
      await appendSummary(ours, '### One\n| a | b |\n');
      await appendSummary(ours, 'two');
      process.env.GITHUB_STEP_SUMMARY = theirs;
      await toolkit.summary.addRaw('### One\n| a | b |\n').write();
      await toolkit.summary.addRaw('two').write();
      expect(await readFile(ours, 'utf8')).toBe(await readFile(theirs, 'utf8'));

      const missing = path.join(dir, 'missing.md');
      await expect(appendSummary(missing, 'x')).rejects.toThrow(
        `Unable to access summary file: '${missing}'. Check if the file has correct read/write permissions.`,
      );
      if (process.getuid?.() !== 0) {
        await chmod(ours, 0o444);
        await expect(appendSummary(ours, 'x')).rejects.toThrow('Unable to access summary file');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
