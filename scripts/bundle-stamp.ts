/**
 * Whether dist/ is the bundle of this checkout, so that `npm run demo` bundles only when it is
 * not. `npm run bundle` ends by writing dist/bundle-stamp.json: the SHA-256 of what the bundle
 * is made from (src/ but its READMEs, package-lock.json, tsconfig.json, the bundle script) and
 * of what it made (every other file of dist/). dist/ is current when every hash matches; a
 * missing or unreadable stamp, or any difference, means bundling. No git needed: a clone from a
 * tarball decides the same way. The stamp is committed with dist/, so the check that dist/ is
 * the bundle of src/ (.ci/run, check-dist.yml) holds it too.
 *
 *   node scripts/bundle-stamp.ts write     # the last step of `npm run bundle`
 *   node scripts/bundle-stamp.ts ensure    # bundle (quietly) unless dist/ is current
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP = 'bundle-stamp.json';

/** What a stamp records, in the words `ensure` uses to say what changed. */
export type Stamp = Record<'src/' | 'package-lock.json' | 'tsconfig.json' | 'the bundle script' | 'dist/', string>;

/** Every file under `dir` (relative to `root`, `/`-separated, sorted); none when it is missing. */
function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** One hash of the files' names and contents (a missing file hashes as missing, not as empty). */
function hashOf(root: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(root, file);
    const content = existsSync(full) ? readFileSync(full) : undefined;
    hash.update(`${file}\0${content === undefined ? 'missing' : content.length}\0`);
    if (content !== undefined) hash.update(content);
  }
  return hash.digest('hex');
}

/** The stamp of `root` as it is now. The READMEs of src/ are left out: they are not bundled. */
export function stampOf(root: string): Stamp {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return {
    'src/': hashOf(
      root,
      filesUnder(root, 'src').filter((file) => !file.endsWith('.md')),
    ),
    'package-lock.json': hashOf(root, ['package-lock.json']),
    'tsconfig.json': hashOf(root, ['tsconfig.json']),
    'the bundle script': createHash('sha256')
      .update(manifest.scripts?.bundle ?? '')
      .digest('hex'),
    'dist/': hashOf(
      root,
      filesUnder(root, 'dist').filter((file) => file !== `dist/${STAMP}`),
    ),
  };
}

export function writeStamp(root: string): void {
  writeFileSync(path.join(root, 'dist', STAMP), `${JSON.stringify(stampOf(root), null, 2)}\n`);
}

/** What changed since dist/ was bundled, in a few words; empty when dist/ is current. */
export function staleness(root: string): string[] {
  let recorded: Partial<Stamp>;
  try {
    recorded = JSON.parse(readFileSync(path.join(root, 'dist', STAMP), 'utf8')) as Partial<Stamp>;
  } catch {
    return [`dist/${STAMP} is missing or unreadable`];
  }
  const now = stampOf(root);
  return (Object.keys(now) as Array<keyof Stamp>)
    .filter((key) => recorded[key] !== now[key])
    .map((key) => `${key} changed since the bundle`);
}

export interface Bundled {
  code: number;
  /** What the bundler printed, shown only when it failed. */
  output: string;
}

/** `npm run bundle`, its output kept for a failure; npm's own when run under npm. */
export function npmRunBundle(root: string): Promise<Bundled> {
  const npm = process.env.npm_execpath;
  const [command, args] =
    npm === undefined ? ['npm', ['run', 'bundle', '--silent']] : [process.execPath, [npm, 'run', 'bundle', '--silent']];
  return new Promise((resolve) => {
    execFile(command, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

/**
 * Bundles unless dist/ is current, saying which in one line; a failed bundle says all it
 * printed. True when dist/ is current at the end.
 */
export async function ensureBundle(
  root: string,
  bundle: (root: string) => Promise<Bundled>,
  out: Pick<Console, 'log' | 'error'>,
): Promise<boolean> {
  const changed = staleness(root);
  if (changed.length === 0) {
    out.log(`dist/ is the bundle of this checkout (dist/${STAMP}): not bundling.`);
    return true;
  }
  out.log(
    `dist/ is not the bundle of this checkout (${changed.join(', ')}): bundling it with npm run bundle, quietly (about half a minute).`,
  );
  const { code, output } = await bundle(root);
  if (code !== 0) {
    out.error(`npm run bundle failed (exit ${code}):\n${output.trimEnd()}`);
    return false;
  }
  const still = staleness(root);
  if (still.length > 0)
    out.error(
      `npm run bundle ended, yet dist/ is not the bundle of this checkout (${still.join(', ')}): does the bundle script still end with 'node scripts/bundle-stamp.ts write'?`,
    );
  return still.length === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const [command] = process.argv.slice(2);
  if (command === 'write') writeStamp(root);
  else if (command === 'ensure') process.exitCode = (await ensureBundle(root, npmRunBundle, console)) ? 0 : 1;
  else {
    console.error(`Usage: node scripts/bundle-stamp.ts write|ensure (not ${JSON.stringify(command ?? '')})`);
    process.exitCode = 2;
  }
}
