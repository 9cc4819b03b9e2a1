/**
 * Where the command line's spec lives: the repository it runs in. Its top is the nearest
 * folder, from the current directory up, that holds a `.git` entry: a folder, or a file as in
 * a worktree or a submodule (no git program needed). Outside a repository, the current
 * directory itself. Both with their links followed, as the spec's path is checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

// Not node:fs/promises, which loads readline with it (CONTRIBUTING.md, "What the start-up devices buy").
const [lstat, realpath] = [promisify(fs.lstat), promisify(fs.realpath.native)];

export interface Repository {
  /** The folder the spec must lie inside, its links followed. */
  top: string;
  /** Whether a `.git` entry was found, or the current directory stands in. */
  found: boolean;
  /** The current directory, its links followed: where a relative path is read from. */
  here: string;
}

export async function findRepository(cwd: string): Promise<Repository> {
  const start = await realpath(cwd).catch(() => path.resolve(cwd));
  for (let folder = start; ; folder = path.dirname(folder)) {
    const git = await lstat(path.join(folder, '.git')).catch(() => undefined);
    if (git !== undefined) return { top: folder, found: true, here: start };
    if (path.dirname(folder) === folder) return { top: start, found: false, here: start };
  }
}
