/**
 * Text made inert where a host would link or notify: a word joiner (U+2060, invisible) put in
 * each mention, reference or link the host finds in the rendered text outside code. Values in
 * code get none (summary.ts, codeMarkdown): neither host looks for references there. Kept apart
 * from comment.ts (which uses them, and exports them again) so that the command line's
 * `--format markdown` (cli/main.ts) has them without the comment's renderer, which it loads only
 * for `--gitlab-note`.
 */

/**
 * On a pull request a mention notifies its user, and `#12` or `GH-12` links an issue, whatever
 * escapes the markdown holds: GitHub finds them in the rendered text outside code
 * (https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/autolinked-references-and-urls).
 * A word joiner after `@`, `#` and `GH-`, and between `www` and its dot (an autolink), keeps the
 * text as it reads and makes it inert. Values in code get none (summary.ts, codeMarkdown).
 */
export const defuse = (text: string): string =>
  text
    .replace(/[@#]/g, '$&\u2060')
    .replace(/(www)(\.)/gi, '$1\u2060$2')
    .replace(/\b(GH-)(\d)/gi, '$1\u2060$2');

/**
 * GitLab links more than GitHub does, in the rendered text as GitHub does
 * (https://docs.gitlab.com/user/markdown/#gitlab-specific-references): `!3` a merge request,
 * `$4` a snippet, `&5` an epic, `~bug` a label, `%v1` a milestone, `*iteration:` an iteration,
 * `^alert#6` an alert, `[issue:7]` and its kin, `[[Home]]` a wiki page, `group/project>` a
 * project, `GL-8` an issue. A word joiner after each sign (before `>`) keeps every one inert.
 */
export const defuseForGitLab = (text: string): string =>
  defuse(text)
    .replace(/[!$&~%*^[]/g, '$&\u2060')
    .replace(/>/g, '\u2060>')
    .replace(/\b(GL-)(\d)/gi, '$1\u2060$2');

/**
 * Outside code only, as every defusing here (GitLab looks for references and links in no `code`
 * element: its reference filters skip `pre`, `code`, `a` and `style`, gitlab-org/gitlab,
 * lib/banzai/filter/references/reference_filter.rb): a commit's SHA, 7 to 40 hex digits,
 * links to the commit, and `scheme://` starts a link. Runs of hex digits are broken every 6,
 * and `://` after its colon; values in code stay whole, for whoever copies a scope string.
 */
export const defuseProseForGitLab = (text: string): string =>
  text.replace(/[0-9a-f]{7,}/gi, (run) => run.replace(/.{6}(?=.)/g, '$&\u2060')).replace(/:\/\//g, ':\u2060//');

/**
 * Inert on GitHub and on GitLab both, wherever the markdown is posted (`--format markdown`):
 * GitLab's rules hold GitHub's (defuseForGitLab starts with defuse), and its prose rules.
 * GitLab's quick actions need a line that starts with `/` (gitlab-org/gitlab,
 * lib/gitlab/quick_actions/extractor.rb; https://docs.gitlab.com/user/project/quick_actions/):
 * no value starts a line, as every line break of one is a space outside code and `\n` in it.
 */
export const defuseForBoth = (text: string): string => defuseProseForGitLab(defuseForGitLab(text));
