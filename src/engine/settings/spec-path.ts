/**
 * The rule for the spec's path, apart from the file system so that it can be tested with the
 * rules of every platform (`path.win32` on Linux too). loadSpec (spec.ts) applies it twice
 * with Node's own `path`, which is `path.win32` on Windows: to the path as written, then to
 * the path with its links followed (`realpath`).
 *
 * Inside means under the workspace, never the workspace itself. Case is compared as the
 * platform's path module compares it: without regard to case under `path.win32` (Windows'
 * file systems ignore it), exactly under `path.posix`. On macOS, whose file system ignores
 * case by default, a path that reaches the workspace only through a differently cased name
 * of a folder above it is therefore refused as written: the rule may refuse a path that is
 * inside, never accept one that is outside. After `realpath` both sides are the names as
 * stored, and compare alike.
 */

/** What the rule needs of a `node:path` flavour: `path`, `path.posix` or `path.win32`. */
export interface PathRules {
  resolve(...paths: string[]): string;
  relative(from: string, to: string): string;
  isAbsolute(path: string): boolean;
  sep: string;
}

/**
 * The absolute path `file` names, resolved against `root` (a path already absolute stays as
 * it is), when it lies under `root`; else undefined. `root` is an absolute path.
 */
export function insideWorkspace(paths: PathRules, root: string, file: string): string | undefined {
  const full = paths.resolve(root, file);
  const relative = paths.relative(root, full);
  // Another drive or UNC share: relative() gives back an absolute path.
  const outside =
    relative === '' || relative === '..' || relative.startsWith(`..${paths.sep}`) || paths.isAbsolute(relative);
  return outside ? undefined : full;
}
