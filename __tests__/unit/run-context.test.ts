/** What the run was for, read from the runner's environment and, on a release, its event file: nothing loaded. */
import { describe, expect, test } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeRun, readRunContext } from '../../src/github/run-context.ts';

const RELEASE = {
  action: 'published',
  release: { tag_name: 'v1.2.3', html_url: 'https://github.com/o/r/releases/tag/v1.2.3', body: 'notes' },
  repository: { name: 'r' },
};

/** A reader that serves one file and records what it was asked for. */
const reader = (files: Record<string, string>) => {
  const asked: string[] = [];
  const read = async (file: string): Promise<string> => {
    asked.push(file);
    const text = files[file];
    if (text === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
    return text;
  };
  return { asked, read };
};

describe('readRunContext', () => {
  test('a release: the event and ref from the environment, the release from the event file, and nothing else of it', async () => {
    const { asked, read } = reader({ '/e.json': JSON.stringify(RELEASE) });
    const context = await readRunContext(
      { GITHUB_EVENT_NAME: 'release', GITHUB_REF: 'refs/tags/v1.2.3', GITHUB_EVENT_PATH: '/e.json' },
      read,
    );
    expect(context).toEqual({
      eventName: 'release',
      ref: 'refs/tags/v1.2.3',
      payload: { release: { tag_name: 'v1.2.3', html_url: RELEASE.release.html_url } },
    });
    expect(asked).toEqual(['/e.json']);
    expect(describeRun(context)).toBe('release v1.2.3');
  });

  test.each(['push', 'pull_request', 'schedule', 'workflow_dispatch'])(
    '%s: the event file is not read, the row says the event and ref',
    async (eventName) => {
      const { asked, read } = reader({ '/e.json': JSON.stringify(RELEASE) });
      const context = await readRunContext(
        { GITHUB_EVENT_NAME: eventName, GITHUB_REF: 'refs/heads/main', GITHUB_EVENT_PATH: '/e.json' },
        read,
      );
      expect(context).toEqual({ eventName, ref: 'refs/heads/main', payload: {} });
      expect(asked).toEqual([]);
      expect(describeRun(context)).toBe(`${eventName} on refs/heads/main`);
    },
  );

  test.each([
    ['is missing', {}],
    ['is not JSON', { '/e.json': '{"release": ' }],
    ['holds no release', { '/e.json': '{"action":"published"}' }],
    ['holds a tag that is not a string', { '/e.json': '{"release":{"tag_name":123}}' }],
    ['holds JSON null', { '/e.json': 'null' }],
  ])('a release whose event file %s: no payload, the row says the event and ref', async (_, files) => {
    const context = await readRunContext(
      { GITHUB_EVENT_NAME: 'release', GITHUB_REF: 'refs/tags/v1', GITHUB_EVENT_PATH: '/e.json' },
      reader(files).read,
    );
    expect(context).toEqual({ eventName: 'release', ref: 'refs/tags/v1', payload: {} });
    expect(describeRun(context)).toBe('release on refs/tags/v1');
  });

  test('a release without GITHUB_EVENT_PATH (or with it empty) reads nothing', async () => {
    for (const GITHUB_EVENT_PATH of [undefined, '']) {
      const { asked, read } = reader({ '': JSON.stringify(RELEASE) });
      const env = {
        GITHUB_EVENT_NAME: 'release',
        GITHUB_REF: 'refs/tags/v1',
        ...(GITHUB_EVENT_PATH === undefined ? {} : { GITHUB_EVENT_PATH }),
      };
      expect(await readRunContext(env, read)).toEqual({ eventName: 'release', ref: 'refs/tags/v1', payload: {} });
      expect(asked).toEqual([]);
    }
  });

  test('outside a runner: neither event nor ref, a local run', async () => {
    const context = await readRunContext({}, reader({}).read);
    expect(context).toEqual({ eventName: '', ref: '', payload: {} });
    expect(describeRun(context)).toBe('a local run');
  });

  test('by default the event file is read from the disk, as UTF-8', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'run-context-'));
    try {
      const file = path.join(dir, 'event.json');
      await writeFile(file, JSON.stringify({ release: { tag_name: 'v2.0.0-é' } }));
      expect(
        describeRun(
          await readRunContext({ GITHUB_EVENT_NAME: 'release', GITHUB_REF: 'refs/tags/x', GITHUB_EVENT_PATH: file }),
        ),
      ).toBe('release v2.0.0-é');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
