/**
 * The merge request's note as `--gitlab-note` posts it (note.ts) and the command line's
 * `preview` writes it to a file (../cli/preview.ts): the run's report under the marker a pull
 * request's comment has (it names the client and the spec), in GitLab's words
 * (../render/comment.ts, GITLAB_NOTE). A module of its own: a preview loads none of GitLab's calls.
 */
import type { Conclusion, Naming } from '../engine/index.ts';
import { commentMarker, GITLAB_NOTE, renderComment } from '../render/comment.ts';

/** What the note is made of: the run, its client and spec (the marker), the job's words and link. */
export interface NoteFacts {
  conclusion: Conclusion;
  clientId: string;
  /** The spec file, from the repository's top. */
  spec: string;
  /** What the run was for, as the report's "Ran for" says it. */
  ranFor: string;
  /** The job's page (CI_JOB_URL), whose log has every value whole; empty: no link. */
  jobUrl: string;
  /** The run's scrub: the secret and the token are removed from every value before anything else. */
  scrub: (text: string) => string;
  /** A setting given a value, in the command line's words. */
  assign: Naming['assign'];
}

/** The note's marker and its body. */
export function renderNote({ conclusion, clientId, spec, ranFor, jobUrl, scrub, assign }: NoteFacts): {
  marker: string;
  body: string;
} {
  const marker = commentMarker(clientId, spec);
  return {
    marker,
    body: renderComment({ conclusion, marker, ranFor, runUrl: jobUrl, spec, scrub, target: GITLAB_NOTE, assign }),
  };
}
