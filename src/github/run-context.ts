/**
 * What the run was for, as the summary's "Ran for" row says it, read from the workflow's
 * context (a subset of @actions/github's), which only this door has.
 *
 * On the runner, the event's name and ref are in the environment (GITHUB_EVENT_NAME,
 * GITHUB_REF) and the event's payload in the file at GITHUB_EVENT_PATH: the summary reads them
 * there (`readRunContext`), so a run that comments nothing loads no octokit after its last
 * answer. The payload is read on a release alone, the one event whose row it words.
 */
import fs from 'node:fs';
import { promisify } from 'node:util';
import { z } from 'zod/mini';

// Not node:fs/promises, which loads readline with it (CONTRIBUTING.md, "What the start-up devices buy").
const readFile = promisify(fs.readFile);

const payloadSchema = z.object({
  release: z.optional(z.object({ tag_name: z.optional(z.string()), html_url: z.optional(z.string()) })),
});

export interface RunContext {
  eventName: string;
  ref: string;
  payload: z.infer<typeof payloadSchema>;
}

/** The event a release's row names, with its payload's tag. */
const RELEASE_EVENT = 'release';

/**
 * The context as the runner gives it: the event and ref from the environment, a release's
 * payload from the event file. A file that cannot be read, or does not hold a release, gives
 * no payload: the row then says the event and ref, as it does for any other event.
 */
export async function readRunContext(
  env: NodeJS.ProcessEnv,
  read: (file: string) => Promise<string> = (file) => readFile(file, 'utf8'),
): Promise<RunContext> {
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const file = env.GITHUB_EVENT_PATH;
  let payload: RunContext['payload'] = {};
  if (eventName === RELEASE_EVENT && file) {
    try {
      payload = payloadSchema.safeParse(JSON.parse(await read(file))).data ?? {};
    } catch {
      // Unreadable or not JSON: the row says the event and ref.
    }
  }
  return { eventName, ref: env.GITHUB_REF ?? '', payload };
}

export function describeRun({ eventName, ref, payload }: RunContext): string {
  const tag = payload.release?.tag_name;
  if (tag !== undefined) return `release ${tag}`;
  // Outside a runner (a local run of the bundle) both are empty (undefined in octokit's context).
  return !ref ? eventName || 'a local run' : `${eventName} on ${ref}`;
}
