/**
 * The command line's `preview`: plan's dry run (main.ts runs it, with plan's settings), then
 * what each place would show, written to a folder (`--out`, `.preview/` by default) and each
 * path printed on stdout: the job summary (`summary.md`, ../render/summary.ts), the pull
 * request's comment and the watch's issue (`pull-request-comment.md`, `watch-issue.md`,
 * ../render/places.ts, as the action posts them), the merge request's note
 * (`merge-request-note.md`, ../gitlab/note-body.ts, as `--gitlab-note` posts it). Nothing is written
 * to the service, GitHub or GitLab; in the folder, only these four files. Loaded by main.ts for
 * preview alone: every other command starts without these renderings.
 */
import { lstat, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Message, Naming, RunConclusion, Secrets } from '../engine/index.ts';
import { inert } from '../engine/text.ts';
import { renderNote } from '../gitlab/note-body.ts';
import { pullRequestComment, watchPreview, watchWriting, type WatchWriting } from '../render/places.ts';
import { buildSummary } from '../render/summary.ts';

/** The files preview writes, in the order it prints them. */
export const PREVIEW_FILES = [
  'summary.md',
  'pull-request-comment.md',
  'merge-request-note.md',
  'watch-issue.md',
] as const;
export type PreviewFile = (typeof PREVIEW_FILES)[number];

/** Where the files go when --out is left out, from the current directory. */
export const DEFAULT_OUT = '.preview';
/** What the "Ran for" row says: no event ran it. */
export const RAN_FOR = 'a preview (ensure-provider-scope preview)';
/** A run's page, which a preview has none of: the shape of GitHub's, with placeholders. */
export const RUN_URL = 'https://github.com/OWNER/REPO/actions/runs/RUN_ID';
/** A job's page (CI_JOB_URL) on GitLab, with placeholders. */
export const JOB_URL = 'https://gitlab.com/GROUP/PROJECT/-/jobs/JOB_ID';

/** The folder the files go to: as the user named it (shown), and as written to (from the current directory). */
export interface Out {
  shown: string;
  dir: string;
}

/**
 * The folder --out names, made if missing, before the run: refused when it is a file, when it
 * cannot be made, or when one of the four names in it is something else than a file (a folder,
 * a link): preview writes over nothing but the files it wrote.
 */
export async function prepareOut(given: string | undefined, cwd: string): Promise<Out | { problem: string }> {
  const shown = given ?? DEFAULT_OUT;
  if (shown.trim() === '') return { problem: '--out is empty: give a folder, e.g. --out rendered' };
  const dir = path.resolve(cwd, shown);
  const found = await stat(dir).catch(() => undefined);
  if (found !== undefined && !found.isDirectory())
    return { problem: `--out ${shown} is a file, not a folder: give a folder (made if missing)` };
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    return { problem: `--out ${shown}: the folder could not be made (${codeOf(error)})` };
  }
  for (const name of PREVIEW_FILES) {
    const there = await lstat(path.join(dir, name)).catch(() => undefined);
    if (there !== undefined && !there.isFile())
      return {
        problem: `--out ${shown} holds ${name}, which is not a file (a folder or a link), and preview writes over nothing else: move it, or give another --out`,
      };
  }
  return { dir, shown };
}

/** A failure as Node names it (ENOSPC), else as it is. */
const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException | null)?.code ?? String(error);

/** What the run gives preview: its conclusion and exit code, the spec from the repository's top, its words, its secrets and its message writer. */
export interface PreviewFacts {
  conclusion: RunConclusion;
  exitCode: 0 | 1 | 2;
  /** The spec, from the repository's top: the markers name it so, wherever the command runs. */
  spec: string;
  naming: Pick<Naming, 'assign'>;
  secrets: Pick<Secrets, 'scrub'>;
  write(message: Message): void;
}

export interface PreviewRun extends PreviewFacts {
  out: Out;
  /** The command line's stdout and its writer of files (main.ts' Collaborators). */
  io: { stdout: { write(text: string): unknown }; writeFile(file: string, text: string): Promise<void> };
}

/** Each file's text, and what the watch would write: every value scrubbed as it is rendered. */
export function renderPreview({ conclusion, spec, naming, secrets }: PreviewFacts): {
  files: Record<PreviewFile, string>;
  watch: WatchWriting;
} {
  const { clientId, onDrift, providers } = conclusion.settings;
  const { scrub } = secrets;
  const { assign } = naming;
  const facts = { conclusion, clientId, spec, runUrl: RUN_URL, scrub };
  const watch = watchWriting({ ...facts, onDrift, providers });
  const files = {
    'summary.md': buildSummary(conclusion, { ranFor: RAN_FOR, scrub, assign }),
    'pull-request-comment.md': pullRequestComment({ ...facts, ranFor: RAN_FOR, assign }).body,
    'merge-request-note.md': renderNote({ conclusion, clientId, spec, ranFor: RAN_FOR, jobUrl: JOB_URL, scrub, assign })
      .body,
    'watch-issue.md': watchPreview(watch),
  };
  return { files, watch };
}

/**
 * Writes the four files, each scrubbed again whole (as the action scrubs what it writes), and
 * prints each path once it is written; a file that cannot be written is an error, and exit 1.
 * Else the run's exit code: plan's.
 */
export async function writePreview(run: PreviewRun): Promise<0 | 1 | 2> {
  const { out, io, secrets, write } = run;
  const { files, watch } = renderPreview(run);
  for (const name of PREVIEW_FILES) {
    const shown = path.join(out.shown, name);
    try {
      await io.writeFile(path.join(out.dir, name), secrets.scrub(files[name]));
    } catch (error) {
      write({ level: 'error', text: `${shown} could not be written (${codeOf(error)}).` });
      return 1;
    }
    io.stdout.write(`${inert(secrets.scrub(shown))}\n`);
  }
  if (run.exitCode === 1)
    write({
      level: 'info',
      text: 'The run failed: its errors are above, and in each file, as each place would show them.',
    });
  write({
    level: 'info',
    text:
      'issue' in watch
        ? `The watch would open an issue (watch-issue.md): the registration is unwell (${watch.unwell.join(', ')}).`
        : 'The watch would open no issue: the registration is well (watch-issue.md has the comment that would close an open one).',
  });
  return run.exitCode;
}
