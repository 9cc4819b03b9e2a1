/**
 * Every rendering's values as a reader gets them once rendered, never as markdown source: each
 * markdown rendering (the job summary, the pull request's comment, the merge request's note,
 * the watch's issue, `--format markdown`, the rotation's summary) parsed by micromark with its
 * GFM extension, as gfm.test.ts does; the terminal's text and `--json` as printed.
 *
 * - A value in code is its exact text: each code element's text is a value the run holds, with
 *   only its line breaks (`\n`, `\r`) and its invisible characters (`\u200b`) escaped, as
 *   engine/text.ts' literal shows them; no word joiner, no other mark. A JSON value parses.
 * - Outside code, hostile text (the references of GitHub and of GitLab, a quick action, HTML,
 *   every invisible character) is inert where the rendering is posted, and still reads as it
 *   is: its invisible characters shown as their escapes, the word joiners of defuse aside.
 */
import { describe, expect, test } from '@jest/globals';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { concludeFailure, concludeRun, type Conclusion } from '../../src/engine/conclude/conclude.ts';
import { isDependentList, valueEntries, type DependentView } from '../../src/engine/reconcile/drift.ts';
import type { Ensured } from '../../src/engine/reconcile/plan.ts';
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { ValidationError } from '../../src/engine/settings/problems.ts';
import { inert, inertJson, literal } from '../../src/engine/text.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import {
  commentMarker,
  defuse,
  defuseForBoth,
  defuseForGitLab,
  defuseProseForGitLab,
  GITLAB_NOTE,
  renderComment,
} from '../../src/render/comment.ts';
import { humanReport } from '../../src/render/human-report.ts';
import { renderIssue, watchMarker } from '../../src/render/issue.ts';
import { buildRotationSummary } from '../../src/render/rotation.ts';
import { buildSummary, codeMarkdown, escapeMarkdown } from '../../src/render/summary.ts';
import { ActionError } from '../../src/wire/errors.ts';
import { escapeOf, hasUnsafe, INVISIBLE } from '../../src/wire/characters.ts';
import { afterEach, beforeEach } from '@jest/globals';
import type { EmbeddedAuthService } from '../../dev/auth-service.ts';
import { CliWorkspace } from '../support/cli-world.ts';
import { AUTH_URL, inProcessService } from '../support/in-process.ts';
import { id, nthUuid } from '../support/ids.ts';
import { CLIENT_ID, REGISTERED, single } from '../support/plans.ts';
import { GITLAB_REFERENCES } from '../support/merge-request.ts';

/** Each invisible or direction-changing character the issue names, and some more of Unicode's format characters. */
const HIDDEN = [
  '\u200b', // zero-width space
  '\u200c', // zero-width non-joiner
  '\u200d', // zero-width joiner
  '\ufeff', // the BOM
  '\u061c', // Arabic letter mark
  '\u2060', // word joiner: the one defuse inserts
  '\u2061', // function application
  '\u2064', // invisible plus
  '\u180e', // Mongolian vowel separator
  '\u00ad', // soft hyphen
  '\u200e', // left-to-right mark
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u2069', // pop directional isolate
  '\u2028', // line separator
  '\u001b', // escape
  '\u009b', // CSI
  '\u007f', // DEL
  '\u{e0001}', // language tag, beyond U+FFFF
];
/** GitHub's references and GitLab's, a quick action on a line of its own, HTML and markdown. */
const REFERENCES =
  '@octocat #12 GH-13 !3 $4 &5 ~bug ~"x y" %v1.0 %"rc" *iteration:"i" ^alert#6 [issue:7] [[Home]] group/project> GL-8 9ba12248deadbeef https://e.test www.e.test a@b.test';
const MARKUP =
  '<img src=x> <b>x</b> </code> <details> [x](http://e.test) ![i](http://e.test/i.png) **b** _i_ `c` ~~s~~ &amp; &#64; | <!-- c --> \\ \\*';
const QUICK = '\n/close\r\n/merge\r/approve';
const HOSTILE = `${REFERENCES} ${MARKUP}${QUICK} ${HIDDEN.map((c) => `x${c}y`).join(' ')}`;

const RUN_URL = 'https://github.example/octo/provider/actions/runs/4242';
const SPEC = `.github/provider-scope.yml${HIDDEN.join('')}`;
const stringOf = (suffix: string): string => `https://auth.example.org/scopes/${CLIENT_ID}/${suffix}`;

// Runs with a hostile value wherever the spec or the service gives one.
const DEPENDENT: DependentView = {
  scope_string: `https://e.test/scopes/${HOSTILE}`,
  scope: nthUuid(77),
  optional: false,
  requires_refresh_token: true,
};
const registered = (suffix: string, more: Partial<ReconcileResult> = {}): ReconcileResult => {
  const scope = { id: nthUuid(suffix.length + 1), scope_string: `${stringOf(suffix)}${HOSTILE}` };
  return {
    ...REGISTERED,
    client: { id: CLIENT_ID, name: HOSTILE },
    scope,
    scopes: [scope, { id: nthUuid(90), scope_string: `https://e.test/${HOSTILE}` }],
    definition: {
      name: HOSTILE,
      description: HOSTILE,
      scope_suffix: suffix,
      advertised: true,
      allow_refresh_tokens: true,
      required_domains: [HOSTILE],
      dependent_scopes: [{ scope: id(DEPENDENT.scope as string), optional: false, requires_refresh_token: true }],
    },
    names: new Map([[DEPENDENT.scope as string, DEPENDENT.scope_string as string]]),
    comparison: [{ field: 'name', spec: HOSTILE, service: HOSTILE, same: true }],
    ...more,
  } as ReconcileResult;
};
const DRIFT = [
  { field: 'description', spec: HOSTILE, service: `old ${HOSTILE}`, same: false },
  { field: 'dependent_scopes', spec: [DEPENDENT], service: [], same: false },
];
const run = (ensured: Ensured, dryRun = false): Conclusion =>
  concludeRun({ inputs: { on_drift: 'update', dry_run: dryRun }, naming: INPUT_NAMING, ensured });
const warned = (conclusion: Conclusion): Conclusion => ({
  ...conclusion,
  messages: [...conclusion.messages, { level: 'warning', text: HOSTILE }],
});

const CASES: Array<[string, Conclusion]> = [
  ['created', warned(run(single(registered('action_all', { created: true, comparison: [] }))))],
  ['updated', warned(run(single(registered('action_all', { comparison: DRIFT, changes: DRIFT, updated: true }))))],
  [
    'a list, drift and a creation, dry run',
    warned(
      run(
        {
          telling: TOLD_APART,
          results: [
            registered('alpha'),
            registered('beta', { comparison: DRIFT, changes: DRIFT }),
            registered('gamma', {
              scope: { id: '', scope_string: `${stringOf('gamma')}${HOSTILE}` },
              wouldCreate: true,
            }),
          ] as Ensured['results'],
          unlisted: [{ scope_string: `https://e.test/${HOSTILE}` }],
        },
        true,
      ),
    ),
  ],
  [
    'a failed validation',
    concludeFailure(
      new ValidationError([{ field: 'name', message: HOSTILE, location: { file: SPEC, startLine: 2 } }]),
      INPUT_NAMING,
    ),
  ],
  [
    'a failed run',
    concludeFailure(new ActionError(HOSTILE), INPUT_NAMING, {
      clientId: `${CLIENT_ID}${HOSTILE}`,
      scopes: [{ suffix: 'action_all', scopeString: `${stringOf('action_all')}${HOSTILE}` }],
    }),
  ],
];

/** Every value a conclusion holds, as text and as the JSON it is shown as: each string, each list and object whole, each dependent scope's entry. */
function valuesOf(node: unknown, into = new Set<string>()): Set<string> {
  if (typeof node === 'string') into.add(node).add(JSON.stringify(node));
  else if (typeof node === 'number' || typeof node === 'boolean') into.add(String(node));
  else if (typeof node === 'object' && node !== null && !(node instanceof Map)) {
    into.add(JSON.stringify(node));
    if (Array.isArray(node) && isDependentList(node)) valueEntries(node).forEach((entry) => into.add(entry));
    for (const [key, value] of Object.entries(node)) valuesOf(value, into.add(key));
  }
  return into;
}

const toHtml = (markdown: string): string =>
  micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
const decode = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
/** The text of each code element, as a reader copies it. */
const codesOf = (html: string): string[] =>
  [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map(([, inner = '']) => inner);
/** The text outside code, as a reader (and a host's reference filters) reads it. */
const proseOf = (html: string): string => decode(html.replace(/<code>[\s\S]*?<\/code>/g, ' '));

/** An invisible character found raw, but the line feeds between a rendering's elements and lines. */
const rawInvisible = (text: string, but = ''): string[] =>
  [...text.matchAll(new RegExp(INVISIBLE.source, 'gu'))]
    .map(([c]) => c)
    .filter((c) => c !== '\n' && !but.includes(c))
    .map(escapeOf);

/** What GitHub would link or notify in rendered text (docs.github.com, autolinked references; a mention). */
const GITHUB_REFERENCES: Array<[string, RegExp]> = [
  ['mention', /@[\w.-]/],
  ['issue', /#\d/],
  ['GH issue', /\bGH-\d/i],
  ['www link', /www\./i],
];
const liveIn = (prose: string, rules: Array<[string, RegExp]>): string[] =>
  rules.flatMap(([name, pattern]) => (pattern.test(prose) ? [name] : []));

interface Rendering {
  name: string;
  markdown: (conclusion: Conclusion) => string;
  /** The values shown in code that are not the conclusion's: the spec file, the settings. */
  extra: string[];
  /** What the host where it is posted would link, outside code. */
  rules: Array<[string, RegExp]>;
}
const RENDERINGS: Rendering[] = [
  {
    name: 'the job summary',
    markdown: (conclusion) => buildSummary(conclusion, { ranFor: HOSTILE }),
    extra: ['on_drift: update'],
    // The run's page: its summary notifies no one (rules of GitHub's pull requests and issues not applied, as before).
    rules: [],
  },
  {
    name: "the pull request's comment",
    markdown: (conclusion) =>
      renderComment({
        conclusion,
        marker: commentMarker(CLIENT_ID, SPEC),
        ranFor: HOSTILE,
        runUrl: RUN_URL,
        spec: SPEC,
        scrub: (text) => text,
      }),
    extra: ['on_drift: update', SPEC],
    rules: GITHUB_REFERENCES,
  },
  {
    name: "the merge request's note",
    markdown: (conclusion) =>
      renderComment({
        conclusion,
        marker: commentMarker(CLIENT_ID, SPEC),
        ranFor: HOSTILE,
        runUrl: RUN_URL,
        spec: SPEC,
        scrub: (text) => text,
        target: GITLAB_NOTE,
      }),
    extra: ['on_drift: update', SPEC],
    rules: GITLAB_REFERENCES,
  },
  {
    name: "the watch's issue",
    markdown: (conclusion) =>
      renderIssue(conclusion, {
        because: ['drift', 'failed'],
        marker: watchMarker(CLIENT_ID, SPEC),
        runUrl: RUN_URL,
        spec: SPEC,
        clientId: `${CLIENT_ID}${HIDDEN.join('')}`,
        scrub: (text) => text,
      }),
    // The advice's own setting, in code too.
    extra: [SPEC, 'on_drift: update', `${CLIENT_ID}${HIDDEN.join('')}`],
    rules: GITHUB_REFERENCES,
  },
  {
    name: '--format markdown',
    // As cli/main.ts renders it (its own run is below): posted anywhere, inert on both hosts.
    markdown: (conclusion) => buildSummary(conclusion, { ranFor: HOSTILE, prose: defuseForBoth }),
    extra: ['on_drift: update'],
    rules: [...GITHUB_REFERENCES, ...GITLAB_REFERENCES],
  },
];

describe.each(RENDERINGS)('$name, as rendered', ({ markdown, extra, rules }) => {
  test.each(CASES)(
    '%s: every code element shows a value exactly, its line breaks and invisible characters escaped',
    (_what, conclusion) => {
      const html = toHtml(markdown(conclusion));
      const shown = new Set([...valuesOf(conclusion), ...extra].map(literal));
      const codes = codesOf(html);
      // No element inside a code element: its text is the text between its tags.
      expect(codes.filter((code) => code.includes('<'))).toEqual([]);
      expect(codes.map(decode).filter((code) => !shown.has(code))).toEqual([]);
      expect(codes.flatMap((code) => rawInvisible(decode(code)))).toEqual([]);
    },
  );

  test.each(CASES)(
    '%s: outside code, hostile text inert where it is posted, and read as it is',
    (_what, conclusion) => {
      const html = toHtml(markdown(conclusion));
      const prose = proseOf(html);
      expect(liveIn(prose, rules)).toEqual([]);
      // Only the renderer's own elements and link (gfm.test.ts checks each rendering's elements in full).
      // The renderer's own folds aside (the whole report, the issue's scope strings), no element a value made.
      expect(html).not.toMatch(
        /<(img|b|script|del|em)\b|<details\b(?!><summary>(The whole report|The scope strings and the providers)<\/summary>)|<a (?!href="https:\/\/github\.example\/)/,
      );
      // The word joiners are the renderer's; every invisible character of a value is shown as its escape.
      expect(rawInvisible(prose, '\u2060')).toEqual([]);
      if (conclusion.messages.some((m) => m.text === HOSTILE))
        expect(prose.replaceAll('\u2060', '')).toContain(inert(HOSTILE.replace(/\r\n|\r|\n/g, ' ')));
      // GitLab runs a quick action from a line of the source that starts with `/` (gitlab-org/gitlab,
      // lib/gitlab/quick_actions/extractor.rb, commands_regex, after it deletes every \r): the one check of the source.
      expect(
        markdown(conclusion)
          .replace(/\r/g, '')
          .match(/^\/[a-z]+/gm),
      ).toBeNull();
    },
  );
});

describe('a JSON value copied from a rendering parses to the value', () => {
  test.each(RENDERINGS.filter((r) => r.name !== "the watch's issue"))(
    '$name: the scope_strings output and the fields',
    ({ markdown }) => {
      const [, conclusion] = CASES[0] as [string, Conclusion];
      const codes = codesOf(toHtml(markdown(conclusion))).map(decode);
      const strings = JSON.stringify(conclusion.plan?.scopeStrings);
      const copied = codes.filter((code) => code.startsWith('["https'));
      expect(copied).toHaveLength(1);
      expect(JSON.parse(copied[0] as string)).toEqual(conclusion.plan?.scopeStrings);
      expect(copied[0]).not.toBe(strings); // its invisible characters are escaped, and parse back
      // Every field shown as JSON: the name, the description, a list of domains.
      const json = codes.filter((code) => /^["[{]/.test(code));
      expect(json.length).toBeGreaterThan(3);
      for (const code of json) expect(() => JSON.parse(code)).not.toThrow();
      expect(json.map((code) => JSON.parse(code) as unknown)).toEqual(expect.arrayContaining([HOSTILE, [HOSTILE]]));
    },
  );
});

describe('the escapes themselves', () => {
  test('literal: line breaks as \\n and \\r, each invisible character as JSON escapes it, the rest untouched', () => {
    expect(literal('a\r\nb\nc\rd')).toBe('a\\r\\nb\\nc\\rd');
    expect(literal('\u200b\u200c\u200d\ufeff\u061c\u2060\u180e')).toBe(
      '\\u200b\\u200c\\u200d\\ufeff\\u061c\\u2060\\u180e',
    );
    expect(literal('\u{e0001}')).toBe('\\udb40\\udc01');
    expect(JSON.parse(`"${literal('\u{e0001}\u200b')}"`)).toBe('\u{e0001}\u200b');
    const plain = '@octocat #12 ~bug [x](y) <b> \\ "q" Café ✓ 🚀 👩‍💻';
    expect(literal(plain)).toBe(plain.replace('\u200d', '\\u200d'));
  });

  test("codeMarkdown: the value's text inside, escapes the renderer takes away, no word joiner", () => {
    for (const value of [HOSTILE, REFERENCES, MARKUP, '\\', 'a\\', '``', '|', '\u2060']) {
      const html = toHtml(`| a |\n|---|\n| ${codeMarkdown(value)} |`);
      expect(codesOf(html).map(decode)).toEqual([literal(value)]);
    }
    expect(codeMarkdown('@a #1 ~b')).toBe('<code>\\@a #1 \\~b</code>');
  });

  test('escapeMarkdown: invisible characters escaped first, then defuse (whose joiners stay raw), then the punctuation', () => {
    expect(escapeMarkdown('@a\u2060b\u200b\nc', defuse)).toBe('\\@\u2060a\\\\u2060b\\\\u200b c');
    expect(decode(toHtml(escapeMarkdown('@a\u2060b', defuse)))).toBe('@\u2060a\\u2060b');
    expect(escapeMarkdown('plain')).toBe('plain');
  });

  test('defuse breaks GH- as #; defuseForBoth is GitLab’s rules after GitHub’s', () => {
    expect(defuse('GH-13 gh-1 GH-x')).toBe('GH-\u206013 gh-\u20601 GH-x');
    const text = `${REFERENCES} 0b1c2d3e-4f50`;
    expect(defuseForBoth(text)).toBe(defuseProseForGitLab(defuseForGitLab(text)));
    expect(liveIn(defuseForBoth(REFERENCES), [...GITHUB_REFERENCES, ...GITLAB_REFERENCES])).toEqual([]);
  });

  test('display only: the invisible characters that are no control are shown escaped, and still accepted', () => {
    for (const c of ['\u200b', '\u200c', '\u200d', '\ufeff', '\u061c', '\u2060', '\u180e', '\u{e0001}']) {
      expect({ c: escapeOf(c), accepted: !hasUnsafe(`a${c}b`), shown: inert(`a${c}b`) }).toEqual({
        c: escapeOf(c),
        accepted: true,
        shown: `a${escapeOf(c)}b`,
      });
    }
    expect(inertJson(JSON.stringify({ v: 'a\u200b\u{e0001}' }))).toBe('{"v":"a\\u200b\\udb40\\udc01"}');
    expect(JSON.parse(inertJson(JSON.stringify({ v: HOSTILE })))).toEqual({ v: HOSTILE });
  });
});

describe("the watch's issue, the client's credentials", () => {
  test("a credential's hostile name whole in code, its time inert outside it, its id whole in the settings that retire it", () => {
    const credential = { id: nthUuid(6), name: HOSTILE, created: HOSTILE };
    const [, conclusion] = CASES[0] as [string, Conclusion];
    const markdown = renderIssue(
      { ...conclusion, credentials: { read: true, findings: [{ kind: 'not made by this tool', credential }] } },
      {
        because: ['credentials'],
        marker: watchMarker(CLIENT_ID, SPEC),
        runUrl: RUN_URL,
        spec: SPEC,
        clientId: CLIENT_ID,
        scrub: (text) => text,
      },
    );
    const html = toHtml(markdown);
    const codes = codesOf(html).map(decode);
    expect(codes).toEqual(
      expect.arrayContaining([
        literal(HOSTILE),
        credential.id,
        `retire_id: ${credential.id}`,
        `--retire-id ${credential.id}`,
      ]),
    );
    expect(codes.flatMap((code) => rawInvisible(code))).toEqual([]);
    // The finding's own words around each code element (each taken out here).
    const prose = proseOf(html);
    expect(prose).toContain(
      'retire it once nothing uses it:   in the rotation action, or  . If nobody did, someone may hold a leaked secret',
    );
    expect(liveIn(prose, GITHUB_REFERENCES)).toEqual([]);
    expect(rawInvisible(prose, '\u2060')).toEqual([]);
  });
});

describe("the terminal's report", () => {
  test.each(CASES)('%s: every invisible character of a value shown as its escape', (_what, conclusion) => {
    const lines = humanReport(conclusion, {
      paint: { added: (t) => t, changed: (t) => t, removed: (t) => t, dim: (t) => t, bold: (t) => t },
      show: inert,
    });
    expect(lines.flatMap((line) => rawInvisible(line))).toEqual([]);
  });
});

describe('the rotation summary', () => {
  test("a credential's hostile name inert, the ids whole in code", () => {
    const view = { id: nthUuid(5), name: HOSTILE, created: HOSTILE };
    const html = toHtml(
      buildRotationSummary(
        {
          messages: [{ level: 'error', text: HOSTILE }],
          report: {
            clientId: CLIENT_ID,
            dryRun: false,
            stored: [HOSTILE],
            mayHold: [],
            unchanged: [],
            restored: [],
            gone: false,
            retired: [view],
            credentials: [{ ...view, standing: 'new', kept: 'the new one', madeByThisTool: true, recent: true }],
            left: [],
          },
          exitCode: 1,
        },
        { scrub: (text) => text, assign: (s, v) => `${s}: ${v}`, runAgain: 'Run the step again' },
      ),
    );
    expect(new Set(codesOf(html).map(decode))).toEqual(new Set([CLIENT_ID, view.id]));
    const prose = proseOf(html);
    expect(liveIn(prose, GITHUB_REFERENCES)).toEqual([]);
    expect(rawInvisible(prose, '\u2060')).toEqual([]);
    expect(prose.replaceAll('\u2060', '')).toContain(inert(HOSTILE.replace(/\r\n|\r|\n/g, ' ')));
  });
});

describe('the command line, run', () => {
  const SECRET = 'rendered-values-secret-4b7e';
  const CLI_CLIENT = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
  // In the spec as YAML writes it: every character beyond ASCII by its escape.
  const yaml = (text: string): string =>
    `"${[...text]
      .map((c) =>
        /[\x20-\x7e]/.test(c) && c !== '"' && c !== '\\'
          ? c
          : `\\U${(c.codePointAt(0) ?? 0).toString(16).padStart(8, '0')}`,
      )
      .join('')}"`;
  let service: EmbeddedAuthService;
  const workspace = new CliWorkspace();
  beforeEach(async () => {
    service = inProcessService();
    service.addClient({ id: CLI_CLIENT, secret: SECRET, name: HOSTILE });
    await workspace.create({
      '.github/provider-scope.yml': `name: ${yaml(HOSTILE)}\ndescription: ${yaml(HOSTILE)}\nadvertised: true\n`,
    });
  });
  afterEach(() => workspace.remove());
  const cli = (argv: string[]) =>
    workspace.run(
      argv,
      { PROVIDER_CLIENT_ID: CLI_CLIENT, PROVIDER_AUTH_URL: AUTH_URL, PROVIDER_CLIENT_SECRET: SECRET },
      { dispatcher: service.dispatcher() },
    );

  test("--format markdown: the spec's values whole in code, the client's name inert on GitHub and GitLab both", async () => {
    const run = await cli(['plan', '--format', 'markdown']);
    expect(run.exitCode).toBe(2);
    const html = toHtml(run.stdout);
    const codes = codesOf(html).map(decode);
    // The creation's name and description, in what changes and in the folded report: the spec's text as JSON, which parses back to it.
    expect(codes.filter((code) => code === literal(JSON.stringify(HOSTILE)))).toHaveLength(4);
    expect(JSON.parse(literal(JSON.stringify(HOSTILE)))).toBe(HOSTILE);
    expect(codes.flatMap((code) => rawInvisible(code))).toEqual([]);
    const prose = proseOf(html);
    expect(prose.replaceAll('\u2060', '')).toContain(inert(HOSTILE.replace(/\r\n|\r|\n/g, ' ')));
    expect(liveIn(prose, [...GITHUB_REFERENCES, ...GITLAB_REFERENCES])).toEqual([]);
    expect(rawInvisible(prose, '\u2060')).toEqual([]);
    expect(run.stdout.replace(/\r/g, '').match(/^\/[a-z]+/gm)).toBeNull();
  });

  test("the service's hostile words in a failure: inert in the markdown, escaped on the terminal", async () => {
    service.inject({
      method: 'GET',
      path: /^\/v2\/api\/clients\//,
      status: 400,
      body: JSON.stringify({ errors: [{ detail: HOSTILE }] }),
    });
    const run = await cli(['plan', '--format', 'markdown']);
    expect(run.exitCode).toBe(1);
    const prose = proseOf(toHtml(run.stdout));
    expect(liveIn(prose, [...GITHUB_REFERENCES, ...GITLAB_REFERENCES])).toEqual([]);
    expect(rawInvisible(prose, '\u2060')).toEqual([]);
    expect(rawInvisible(run.stderr)).toEqual([]);
    expect(run.stderr).toContain('\\u200b');
  });

  test('the terminal: the plan and --json show every invisible character as its escape; the JSON parses to the values', async () => {
    const text = await cli(['plan']);
    expect(text.exitCode).toBe(2);
    expect([...rawInvisible(text.stdout), ...rawInvisible(text.stderr)]).toEqual([]);
    expect(text.stdout).toContain('\\u200b');
    const json = await cli(['plan', '--json']);
    expect(rawInvisible(json.stdout)).toEqual([]);
    expect(valuesOf(JSON.parse(json.stdout)).has(HOSTILE)).toBe(true);
  });
});
