/**
 * A GitLab merge request pipeline for the command line's --gitlab-note: the fake GitLab API
 * (dev/gitlab-api.ts) with its users and tokens, the variables a merge request job gets, and
 * what GitLab would link in a note.
 */
import { FakeGitLabApi, type GitLabUser } from '../../dev/gitlab-api.ts';

export const PROJECT = '4242';
export const MR_IID = 12;
export const JOB_URL = 'https://gitlab.example/octo/provider/-/jobs/987654';
/** A bot account's personal token, with the api scope. */
export const BOT_TOKEN = 'glpat-BotToken0123456789abcdef';
/** The same bot's token with read_api alone. */
export const READ_TOKEN = 'glpat-ReadOnly0123456789abcdef';
/** A user who may not comment on the merge request. */
export const GUEST_TOKEN = 'glpat-GuestToken0123456789abcd';
export const BOT: GitLabUser = { id: 71, username: 'provider-bot', name: 'Provider bot' };
export const SOMEONE: GitLabUser = { id: 72, username: 'someone', name: 'Someone else' };

export async function startGitLab(): Promise<FakeGitLabApi> {
  const gitlab = new FakeGitLabApi();
  await gitlab.start();
  gitlab.grant(BOT_TOKEN, { user: BOT });
  gitlab.grant(READ_TOKEN, { user: BOT, scope: 'read_api' });
  gitlab.grant(GUEST_TOKEN, { user: SOMEONE, write: false });
  gitlab.addMergeRequest(PROJECT, MR_IID);
  return gitlab;
}

/** The variables GitLab gives a job of a merge request pipeline, and the token. */
export const mergeRequestEnv = (gitlab: FakeGitLabApi, token = BOT_TOKEN): Record<string, string> => ({
  CI: 'true',
  GITLAB_CI: 'true',
  CI_API_V4_URL: gitlab.url,
  CI_PROJECT_ID: PROJECT,
  CI_PROJECT_URL: 'https://gitlab.example/octo/provider',
  CI_MERGE_REQUEST_IID: String(MR_IID),
  CI_PIPELINE_SOURCE: 'merge_request_event',
  CI_COMMIT_REF_NAME: 'change-scope',
  CI_JOB_URL: JOB_URL,
  GITLAB_TOKEN: token,
});

/** The notes of the merge request that carry the command's marker. */
export const markedNotes = (gitlab: FakeGitLabApi): string[] =>
  gitlab
    .notesOf(PROJECT, MR_IID)
    .map((n) => n.body)
    .filter((body) => body.startsWith('<!-- ensure-provider-scope '));

/**
 * What GitLab would turn into a link, a mention or a quick action in a note
 * (https://docs.gitlab.com/user/markdown/#gitlab-specific-references), in the text it renders
 * outside code (its reference filters skip `code`), each by its name.
 */
export const GITLAB_REFERENCES: Array<[string, RegExp]> = [
  ['mention', /@[\w.-]/],
  ['issue', /#\d/],
  ['merge request', /!\d/],
  ['snippet', /\$\d/],
  ['epic', /&\d/],
  ['label', /~["\w]/],
  ['milestone', /%["\w]/],
  ['iteration', /\*iteration:/],
  ['alert', /\^alert#/],
  ['bracketed reference', /\[(?:issue|work_item|epic|vulnerability|feature_flag|contact|wiki_page|cadence):/],
  ['wiki page', /\[\[/],
  ['project', /[\w-]+\/[\w-]+>/],
  ['GL issue', /\bGL-\d/],
  ['commit', /\b[0-9a-f]{7,40}\b/i],
  ['link', /[a-z][a-z0-9+.-]*:\/\//i],
  ['www link', /www\./i],
  ['quick action', /^\s*\/[a-z]/m],
];

/** GITLAB_REFERENCES found in a note: the marker line, code and our own link left out. */
export function liveReferences(note: string, ownLink = JOB_URL): string[] {
  const text = note
    .split('\n')
    .slice(1)
    .join('\n')
    .replace(/<code>.*?<\/code>/g, '')
    .replaceAll(`](${ownLink})`, ']')
    .replace(/\\(.)/g, '$1');
  return GITLAB_REFERENCES.flatMap(([name, pattern]) => {
    const found = pattern.exec(text);
    return found === null
      ? []
      : [`${name}: ${JSON.stringify(text.slice(Math.max(0, found.index - 20), found.index + 20))}`];
  });
}
