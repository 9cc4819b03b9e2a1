/**
 * What one run leaves where reviewers and maintainers look, from the facts a door knows: the
 * pull request's comment, and what the watch writes (the issue while the registration is
 * unwell, else the comment that closes an open one). The GitHub door posts them
 * (github/pr-comment.ts, github/watch-issue.ts); the command line's `preview` (cli/preview.ts)
 * writes them to files. One path for both: a preview shows what a run would post.
 */
import { type Conclusion, type ProviderTarget, type Settings, type Unwell, unwellBecause } from '../engine/index.ts';
import { commentMarker, type CommentFacts, renderComment } from './comment.ts';
import { issueTitle, renderIssue, resolvedComment, watchMarker } from './issue.ts';
import { escapePunctuation } from './summary.ts';

export interface PlaceFacts {
  conclusion: Conclusion;
  /** The client, as the client_id input gives it. */
  clientId: string;
  /** The spec file, as the spec input names it. */
  spec: string;
  /** The run's page, whose summary has every value whole. */
  runUrl: string;
  /** The run's scrub: the secret and the token are removed from every value before anything else. */
  scrub: (text: string) => string;
}

/** The pull request's comment: the marker that finds it again, and its body (a setting given a value in the door's words, `assign`: the action's unless said). */
export function pullRequestComment(facts: PlaceFacts & Pick<CommentFacts, 'ranFor' | 'assign'>): {
  marker: string;
  body: string;
} {
  const { conclusion, clientId, spec, runUrl, scrub, ranFor, assign } = facts;
  const marker = commentMarker(clientId, spec);
  return { marker, body: renderComment({ conclusion, marker, ranFor, runUrl, spec, scrub, assign }) };
}

/** What the watch writes: unwell, why and the issue; well, the comment that closes its open issue (none open: nothing). */
export type WatchWriting =
  | { marker: string; unwell: readonly Unwell[]; issue: { title: string; body: string } }
  | { marker: string; unwell: readonly []; resolved: string };

/**
 * The watch's writing for a run, its verdict the engine's (engine/conclude/health.ts); `onDrift`
 * as the run read it, `providers` as the step gives them (issue.ts, watchMarker: one issue per set).
 */
export function watchWriting(
  facts: PlaceFacts & { onDrift: Settings['on_drift'] | undefined; providers?: readonly ProviderTarget[] },
): WatchWriting {
  const { conclusion, clientId, spec, runUrl, scrub, onDrift, providers = [] } = facts;
  const marker = watchMarker(clientId, spec, providers);
  const because = unwellBecause(conclusion, onDrift);
  if (because.length === 0) return { marker, unwell: [], resolved: resolvedComment(runUrl) };
  return {
    marker,
    unwell: because,
    issue: {
      title: issueTitle({ conclusion, clientId, spec, scrub, providers }),
      body: renderIssue(conclusion, { because, marker, runUrl, spec, clientId, scrub }),
    },
  };
}

/**
 * What the watch would write, as one markdown document: unwell, the issue's title as a heading
 * (plain text on GitHub, so escaped here), then its body; well, that it would open none, and the
 * comment with which it would close an open one.
 */
export function watchPreview(writing: WatchWriting): string {
  if ('issue' in writing) return `# ${escapePunctuation(writing.issue.title)}\n\n${writing.issue.body}`;
  return `_The watch would open no issue: it would find the registration well, and close an issue it had open with this comment:_\n\n${writing.resolved}\n`;
}
