/**
 * What the run was for, as the summary's "Ran for" row says it: read from the workflow's
 * context (a subset of @actions/github's), which only this door has.
 */
export interface RunContext {
  eventName: string;
  ref: string;
  payload: { release?: { tag_name?: string; html_url?: string } };
}

export function describeRun({ eventName, ref, payload }: RunContext): string {
  const tag = payload.release?.tag_name;
  if (tag !== undefined) return `release ${tag}`;
  // Outside a runner (a local run of the bundle) the toolkit's context leaves both undefined.
  return !ref ? eventName || 'a local run' : `${eventName} on ${ref}`;
}
