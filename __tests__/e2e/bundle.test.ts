/**
 * What the bundle loads: its entry and the action's chunks on every run, and no more until a
 * pull request's comment or a watch's issue needs GitHub's API. @actions/github (with @actions/http-client and undici's whole index:
 * fetch, WebSocket) is a chunk loaded only then (src/github/octokit.ts); @actions/core is in no
 * file at all, the action writes what the runner reads itself (src/github/workflow-commands.ts).
 * A static import of either, anywhere in src/, would put them back on every run; the benchmark
 * measures what that costs (CONTRIBUTING.md, Performance).
 */
import { expect, test } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../../dev/runner.ts';

const dist = path.join(ROOT, 'dist');
const read = (file: string): Promise<string> => readFile(path.join(dist, file), 'utf8');

// One telling definition of each; `npm test` bundles dist/ from src/ first.
const CORE = /\bfunction getInput\(/;
const MARKERS = {
  '@actions/http-client': /\bclass HttpClient\b/,
  "undici's index (WebSocket)": /\bclass WebSocket\b/,
  '@actions/github': /\bclass Context\b/,
};

// undici's HTTP/1 client, whose parser is WebAssembly that V8 still optimises when the process
// exits (src/wire/transport.ts): only behind a proxy on a Node without proxy support of its own.
const UNDICI_CLIENT = /\bllhttp\b/;

/** What every run loads: the entry, and the chunks of its import of the action's run. */
async function everyRunLoads(): Promise<string> {
  const entry = await read('index.js');
  const line = entry.split('\n').find((text) => text.includes('const { run } =')) ?? '';
  const chunks = [...line.matchAll(/__nccwpck_require__\.e\((\d+)\)/g)].map((match) => `${match[1]}.index.js`);
  expect(chunks.length).toBeGreaterThan(0);
  return [entry, ...(await Promise.all(chunks.map(read)))].join('\n');
}

test('what every run loads holds the HTTP layer over node:http, nothing of undici and nothing of the toolkit', async () => {
  const run = await everyRunLoads();
  expect(run).toMatch(/\bfunction nodeTransport\(/);
  expect(UNDICI_CLIENT.test(run)).toBe(false);
  expect(run).not.toMatch(/\bclass EnvHttpProxyAgent\b/);
  expect(run).toMatch(/::add-mask::|'add-mask'/);
  for (const [what, marker] of Object.entries({ '@actions/core': CORE, ...MARKERS }))
    expect({ what, inRun: marker.test(run) }).toEqual({ what, inRun: false });
});

// The entry opens the service's first connections, then loads the rest (src/wire/transport.ts,
// openAhead): the less it holds, the sooner they open.
test('the entry holds the opening of the first connections and little else', async () => {
  const entry = await read('index.js');
  expect(entry).toMatch(/\bfunction openAhead\(/);
  expect(entry).not.toMatch(/\bfunction run\(/);
  expect(entry.length).toBeLessThan(64 * 1024);
});

test("GitHub's API is in a chunk of its own, loaded later; @actions/core in none", async () => {
  const chunks = (await readdir(dist)).filter((file) => file.endsWith('.index.js'));
  const texts = await Promise.all(chunks.map(read));
  for (const [what, marker] of Object.entries(MARKERS))
    expect({ what, inAChunk: texts.some((text) => marker.test(text)) }).toEqual({ what, inAChunk: true });
  expect(texts.some((text) => CORE.test(text))).toBe(false);
});

test("undici's proxy agent is in a chunk of its own, for the action and the command line", async () => {
  for (const dir of [dist, path.join(dist, 'cli')]) {
    const chunks = (await readdir(dir)).filter((file) => file.endsWith('.index.js'));
    const texts = await Promise.all(chunks.map((file) => readFile(path.join(dir, file), 'utf8')));
    expect(texts.filter((text) => /\bclass EnvHttpProxyAgent\b/.test(text) && UNDICI_CLIENT.test(text))).toHaveLength(
      1,
    );
    expect(UNDICI_CLIENT.test(await readFile(path.join(dir, 'index.js'), 'utf8'))).toBe(false);
  }
});

// The command line loads --gitlab-note's part (its GitLab calls, the markdown renderer) only when the flag is on.
const NOTE_MARKERS = { 'the GitLab note': /'private-token'/, 'the comment renderer': /\bfunction renderComment\(/ };

test("the command line's entry and main hold nothing of --gitlab-note; a chunk of its own does", async () => {
  const cli = path.join(dist, 'cli');
  const files = (await readdir(cli)).filter((file) => file.endsWith('.js'));
  const texts = new Map(
    await Promise.all(files.map(async (file) => [file, await readFile(path.join(cli, file), 'utf8')] as const)),
  );
  const main = [...texts].filter(
    ([file, text]) => file === 'index.js' || /\bmain: \(\) => \(\/\* binding \*\/ main\)/.test(text),
  );
  expect(main.length).toBe(2);
  for (const [file, text] of main) {
    for (const [what, marker] of Object.entries(NOTE_MARKERS))
      expect({ file, what, found: marker.test(text) }).toEqual({ file, what, found: false });
  }
  const own = [...texts].filter(([, text]) => Object.values(NOTE_MARKERS).every((marker) => marker.test(text)));
  expect(own.map(([file]) => file)).toHaveLength(1);
});

// The command line loads preview's part (every place's rendering) only for preview, and with it none of GitLab's calls.
test("preview's part is a chunk of its own, which holds the renderings and nothing of GitLab's calls", async () => {
  const cli = path.join(dist, 'cli');
  const files = (await readdir(cli)).filter((file) => file.endsWith('.js'));
  const texts = await Promise.all(
    files.map(async (file) => [file, await readFile(path.join(cli, file), 'utf8')] as const),
  );
  const own = texts.filter(([, text]) => /\bfunction writePreview\(/.test(text));
  expect(own.map(([file]) => file)).toEqual([expect.stringMatching(/^\d+\.index\.js$/)]);
  const [, text] = own[0] as readonly [string, string];
  for (const marker of [/\bfunction watchPreview\(/, /\bfunction renderNote\(/, NOTE_MARKERS['the comment renderer']])
    expect({ marker: String(marker), found: marker.test(text) }).toEqual({ marker: String(marker), found: true });
  expect(NOTE_MARKERS['the GitLab note'].test(text)).toBe(false);
  // Neither the entry nor main's chunk holds it.
  for (const [file, other] of texts.filter(([, t]) => t !== text))
    expect({ file, found: /\bfunction (writePreview|watchPreview)\(/.test(other) }).toEqual({ file, found: false });
});

// scripts/ascii-bundle.ts: V8 holds a source with one character outside ASCII as two bytes a
// character, and loads it slower. What an escape stands for is still printed: hostile-log.test.ts
// finds the action's ' ⏎ ' in its log.
test('every JavaScript file of dist/ is ASCII, what was outside it escaped', async () => {
  const files = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith('.js'));
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const text = await read(file);
    expect({ file, outsideAscii: text.match(/[^\0-\x7f]/)?.[0] }).toEqual({ file, outsideAscii: undefined });
  }
  const texts = await Promise.all(files.map(read));
  expect(texts.some((text) => text.includes('\\u2026'))).toBe(true);
});

// The rotation loads as the main action does (src/github/rotate/index.ts): its entry small, the
// toolkit's core in no file, GitHub's API a chunk loaded once a token was given.
test("the rotation's entry is at most 1 MB and holds neither @actions/core nor GitHub's API", async () => {
  const rotate = path.join(dist, 'rotate');
  const entry = await readFile(path.join(rotate, 'index.js'), 'utf8');
  expect(entry.length).toBeLessThanOrEqual(1024 * 1024);
  expect(entry).toMatch(/::add-mask::|'add-mask'/);
  for (const [what, marker] of Object.entries({ '@actions/core': CORE, ...MARKERS }))
    expect({ what, inEntry: marker.test(entry) }).toEqual({ what, inEntry: false });
  const chunks = (await readdir(rotate)).filter((file) => file.endsWith('.index.js'));
  const texts = await Promise.all(chunks.map((file) => readFile(path.join(rotate, file), 'utf8')));
  expect(texts.some((text) => MARKERS['@actions/github'].test(text))).toBe(true);
  expect(texts.some((text) => CORE.test(text))).toBe(false);
});
