/**
 * The rotation's job summary (src/render/rotation.ts), rendered from conclusions made here
 * for each way a rotation ends: its opening line, the new credential, where each secret is,
 * what was retired, every credential as judged, the errors and what to do next. Every value
 * is hostile in one test, read as GitHub reads it (micromark with GFM, as gfm.test.ts does):
 * no link, no element but the renderer's own, no secret.
 */
import { describe, expect, test } from '@jest/globals';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import type { JudgedView, RotationConclusion, RotationReport } from '../../src/engine/rotation/port.ts';
import { keepSecrets } from '../../src/engine/secrets.ts';
import { buildRotationSummary, WHY_LIMIT } from '../../src/render/rotation.ts';

const CLIENT = '4d5e6f70-8192-4a3b-9c4d-5e6f708192a3';
const NEW = { id: '00000000-0000-4000-8000-00000000000a', name: 'ensure-provider-scope new', created: 'T2' };
const PORTAL = { id: '00000000-0000-4000-8000-000000000001', name: 'Created in the developer portal', created: 'T0' };
const OLD = { id: '00000000-0000-4000-8000-000000000002', name: 'ensure-provider-scope old', created: 'T1' };
const [R, W] = ['the repository secret R', 'the secret W'];

const report = (more: Partial<RotationReport> = {}): RotationReport => ({
  clientId: CLIENT,
  dryRun: false,
  stored: [],
  mayHold: [],
  unchanged: [],
  restored: [],
  gone: false,
  retired: [],
  credentials: [],
  left: [],
  ...more,
});

const judged = (
  view: typeof NEW,
  standing: JudgedView['standing'],
  kept: JudgedView['kept'],
  madeByThisTool = true,
): JudgedView => ({ ...view, standing, kept, madeByThisTool, recent: false });

const CONTEXT = {
  scrub: (text: string) => text,
  assign: (s: string, v: string) => `${s}: ${v}`,
  runAgain: 'Run the step again',
};
const render = (conclusion: RotationConclusion, context = CONTEXT): string => buildRotationSummary(conclusion, context);
const failed = (text: string, more: Partial<RotationReport> = {}, outputs?: RotationConclusion['outputs']) =>
  render({
    messages: [
      { level: 'info', text: 'said' },
      { level: 'error', text },
    ],
    report: report(more),
    exitCode: 1,
    outputs,
  });
const next = (markdown: string): string[] => markdown.split('#### What next\n\n')[1]?.trimEnd().split('\n') ?? [];

describe('the opening line says what happened', () => {
  test('rotated: the new credential, and what was retired', () => {
    const one = render({
      messages: [],
      report: report({ created: NEW, stored: [R], retired: [OLD] }),
      exitCode: 0,
      outputs: { credential_id: NEW.id, retired: [OLD.id] },
    });
    expect(one.split('\n')[0]).toBe('### Secret rotated: the new credential is stored in every destination, 1 retired');
    const none = render({ messages: [], report: report({ created: NEW, stored: [R] }), exitCode: 0 });
    expect(none.split('\n')[0]).toMatch(/, nothing retired$/);
  });

  test('failed: the first error, whole when short; cut at a word past the limit, with an ellipsis', () => {
    expect(failed('Input retire must be later or now').split('\n')[0]).toBe(
      '### Rotation failed: Input retire must be later or now',
    );
    const long = `${'word '.repeat(WHY_LIMIT / 5 - 1)}wordy tail`;
    expect(failed(long).split('\n')[0]).toBe(`### Rotation failed: ${'word '.repeat(WHY_LIMIT / 5 - 1).trimEnd()}…`);
    // Spaces before the word cut are dropped with it.
    const spaced = `${'x'.repeat(WHY_LIMIT - 10)}   wordy tail ${'y'.repeat(20)}`;
    expect(failed(spaced).split('\n')[0]).toBe(`### Rotation failed: ${'x'.repeat(WHY_LIMIT - 10)}   wordy…`);
    const double = `${'x'.repeat(WHY_LIMIT - 10)}  ${'y'.repeat(20)}`;
    expect(failed(double).split('\n')[0]).toBe(`### Rotation failed: ${'x'.repeat(WHY_LIMIT - 10)}…`);
    const exact = 'x'.repeat(WHY_LIMIT);
    expect(failed(exact).split('\n')[0]).toBe(`### Rotation failed: ${exact}`);
  });

  test('failed without an error message: the errors said to say why', () => {
    expect(render({ messages: [], report: report(), exitCode: 1 }).split('\n')[0]).toBe(
      '### Rotation failed: the errors below say why',
    );
  });

  test('a dry run, and a dry run that failed', () => {
    const dry = render({ messages: [], report: report({ dryRun: true }), exitCode: 0 });
    expect(dry.split('\n')[0]).toBe(
      "### Dry run: the client's credentials as a rotation would judge them; nothing was created, stored or deleted",
    );
    expect(failed('HTTP 401', { dryRun: true }).split('\n')[0]).toBe('### Dry run failed: HTTP 401');
  });
});

describe('the facts, where the secret is, what was retired', () => {
  test('the client, the new credential and the outputs in a table', () => {
    const markdown = render({
      messages: [],
      report: report({ created: NEW, stored: [R] }),
      exitCode: 0,
      outputs: { credential_id: NEW.id, retired: [] },
    });
    expect(markdown).toContain(
      [
        '| Item | Value |',
        '|---|---|',
        `| Client | <code>${CLIENT}</code> |`,
        `| New credential | <code>${NEW.id}</code> "ensure-provider-scope new", created T2 |`,
        `| Outputs | credential\\_id <code>${NEW.id}</code>, retired <code>\\[\\]</code> |`,
        '',
      ].join('\n'),
    );
  });

  test('no client known, no credential kept, no outputs', () => {
    const markdown = render({ messages: [], report: report({ clientId: undefined }), exitCode: 1 });
    expect(markdown).not.toContain('| Client |');
    expect(markdown).toContain('| New credential | none kept: no destination holds a secret of this run |');
    expect(markdown).toContain('| Outputs | not set |');
    expect(markdown).toContain('\nNothing was stored: every destination holds what it held before the run.\n');
  });

  test('each destination by what it holds: the new secret, unknown, the current one, the starting one stored back', () => {
    const markdown = failed('x', { created: NEW, stored: [R, W], restored: [W], mayHold: ['M'], unchanged: ['U'] });
    expect(markdown).toContain(
      [
        '#### Where the secret is',
        '',
        '| Destination | Holds |',
        '|---|---|',
        `| ${R} | the new secret (credential <code>${NEW.id}</code>) |`,
        `| ${W} | the secret this run started with, stored back: the new credential is gone |`,
        `| M | unknown: the new secret (credential <code>${NEW.id}</code>) or the current one (the answer to its write was lost) |`,
        '| U | the current secret, the one this run started with |',
        '',
      ].join('\n'),
    );
    // The new credential deleted after a failure: its id is not named.
    expect(failed('x', { mayHold: ['M'] })).toContain(
      '| M | unknown: the new secret or the current one (the answer to its write was lost) |',
    );
  });

  test('retired, each with its name and creation; or nothing', () => {
    const markdown = render({ messages: [], report: report({ retired: [PORTAL, OLD], stored: [R] }), exitCode: 0 });
    expect(markdown).toContain(
      [
        '#### Retired',
        '',
        `- <code>${PORTAL.id}</code> "Created in the developer portal", created T0`,
        `- <code>${OLD.id}</code> "ensure-provider-scope old", created T1`,
        '',
      ].join('\n'),
    );
    expect(failed('x', { stored: [R] })).toContain('#### Retired\n\nNothing was retired.\n');
  });

  test('a dry run shows neither where a secret is nor what was retired', () => {
    const markdown = render({ messages: [], report: report({ dryRun: true }), exitCode: 0 });
    expect(markdown).not.toMatch(/#### Where the secret is|#### Retired|Nothing was stored/);
    expect(markdown).toContain('| New credential | none: a dry run makes none |');
  });
});

describe('every credential as the run judged it', () => {
  const credentials = [
    judged(PORTAL, 'not made by this tool', 'not made by this tool', false),
    judged(OLD, 'older', undefined),
    judged(NEW, 'new', 'the new one'),
  ];
  const row = (c: JudgedView, tool: string, taken: string, fate: string) =>
    `| <code>${c.id}</code> | ${c.name} | ${c.created} | ${tool} | ${taken} | ${fate} |`;

  test('after a rotation: kept and why, retired, or left because its deletion failed', () => {
    const done = render({
      messages: [],
      report: report({ created: NEW, stored: [R], retired: [OLD], credentials }),
      exitCode: 0,
    });
    expect(done).toContain(
      [
        "#### The client's credentials as this run found them",
        '',
        '| Id | Name | Created | Made by this tool | Taken for | Kept or retired |',
        '|---|---|---|---|---|---|',
        row(credentials[0] as JudgedView, 'no', 'not made by this tool', 'kept: not made by this tool'),
        row(credentials[1] as JudgedView, 'yes', 'made by this tool, older than the one in use', '**retired**'),
        row(credentials[2] as JudgedView, 'yes', 'made by this run', 'kept: the new credential'),
        '',
      ].join('\n'),
    );
    const undeleted = failed('Could not retire', { created: NEW, stored: [R], retired: [PORTAL], credentials });
    expect(undeleted).toContain(
      row(
        credentials[1] as JudgedView,
        'yes',
        'made by this tool, older than the one in use',
        '**to retire**: its deletion failed (the errors say why)',
      ),
    );
  });

  test('a dry run: what a rotation would retire, under its own heading', () => {
    const dry = render({
      messages: [],
      report: report({ dryRun: true, credentials: credentials.slice(0, 2) }),
      exitCode: 0,
    });
    expect(dry).toContain("#### The client's credentials, oldest first\n");
    expect(dry).toContain('| **a rotation would retire it** |');
  });

  test('none judged (the run stopped before): no table', () => {
    expect(failed('x')).not.toContain("#### The client's credentials");
  });
});

describe('the errors, whole', () => {
  test('warnings and errors listed, information left to the log', () => {
    const markdown = render({
      messages: [
        { level: 'info', text: 'Retired the credential' },
        { level: 'debug', text: 'debug' },
        { level: 'warning', text: 'careful' },
        { level: 'error', text: 'failed' },
      ],
      report: report(),
      exitCode: 1,
    });
    expect(markdown).toContain('#### Errors\n\n- **warning**: careful\n- **error**: failed\n');
    expect(markdown).not.toMatch(/Retired the credential|debug/);
    expect(render({ messages: [], report: report({ stored: [R] }), exitCode: 0 })).not.toContain('#### Errors');
  });
});

describe('what to do next', () => {
  const inUse = judged(OLD, 'in use', 'in use');
  const portal = judged(PORTAL, 'not made by this tool', 'not made by this tool', false);
  const made = judged(NEW, 'new', 'the new one');

  test("rotated: deploy; the one in use retired by id, or by the next rotation when it is the tool's", () => {
    const only = render({ messages: [], report: report({ stored: [R], credentials: [made] }), exitCode: 0 });
    expect(next(only)).toEqual(['- Deploy the provider with the new secret before the next rotation.']);
    const theTools = render({ messages: [], report: report({ stored: [R], credentials: [inUse, made] }), exitCode: 0 });
    expect(next(theTools)).toEqual([
      '- Deploy the provider with the new secret before the next rotation.',
      "- Once the deployed provider uses it, retire the one it no longer uses with <code>retire\\_id\\: \\<its id\\></code>, or let the next rotation retire this tool's.",
    ]);
    const retiredOnly = render({
      messages: [],
      report: report({ stored: [R], retired: [OLD], credentials: [judged(OLD, 'older', undefined), made] }),
      exitCode: 0,
    });
    expect(next(retiredOnly)).toEqual(['- Deploy the provider with the new secret before the next rotation.']);
    const both = render({
      messages: [],
      report: report({ stored: [R], credentials: [portal, inUse, made] }),
      exitCode: 0,
    });
    expect(next(both)[1]).toMatch(/, or let the next rotation retire this tool's\.$/);
    const portals = render({ messages: [], report: report({ stored: [R], credentials: [portal, made] }), exitCode: 0 });
    expect(next(portals)[1]).toBe(
      '- Once the deployed provider uses it, retire the one it no longer uses with <code>retire\\_id\\: \\<its id\\></code>.',
    );
  });

  test('a dry run: how to rotate, how many it would retire, how to retire one by id', () => {
    const dry = (credentials: JudgedView[]) =>
      next(render({ messages: [], report: report({ dryRun: true, credentials }), exitCode: 0 }));
    expect(dry([portal, inUse])).toEqual([
      '- Nothing was changed. To rotate, run without <code>dry\\_run\\: true</code>: it would retire nothing, once the new secret is stored and confirmed everywhere.',
      "- To retire a credential this tool did not make (the developer portal's), or the one in use on the day of a leak, name it: <code>retire\\_id\\: \\<its id\\></code>, one id a line.",
    ]);
    expect(dry([portal, judged(OLD, 'older', undefined), judged(NEW, 'older', undefined)])[0]).toContain(
      ': it would retire the 2 marked above, once',
    );
  });

  test('failed, by what the run left', () => {
    const again = (more: Partial<RotationReport>) => next(failed('x', more));
    expect(again({ stored: [R], restored: [R] })).toEqual([
      '- The new credential was deleted while this run stored it: make sure no other rotation runs at the same time (a <code>concurrency</code> group), then run the step again.',
    ]);
    const both = [
      '- Both secrets work and nothing was retired. Fix what the errors name, then run the step again to rotate again and complete it.',
    ];
    expect(again({ mayHold: [R] })).toEqual(both);
    expect(again({ stored: [R], unchanged: [W] })).toEqual(both);
    expect(again({ stored: [R, W], credentials: [made] })).toEqual([
      '- The new secret is in every destination: deploy it. Delete by hand in the developer portal the credential the errors name, or run the step again once the deploy no longer uses it.',
    ]);
    expect(again({ stored: [R, W] })).toEqual([
      '- The errors say which secret each destination holds and what to do; then run the step again.',
    ]);
    expect(again({ unchanged: [R] })).toEqual(['- Fix what the errors name, then run the step again.']);
    expect(again({})).toEqual(['- Fix what the errors name, then run the step again.']);
    expect(again({ dryRun: true })).toEqual(['- Fix what the errors name, then run the step again.']);
  });

  test("in the door's words", () => {
    const markdown = render(
      { messages: [], report: report({ unchanged: [R] }), exitCode: 1 },
      { ...CONTEXT, assign: (s, v) => `--${s.replace('_', '-')} ${v}`, runAgain: 'Rerun the job' },
    );
    expect(next(markdown)).toEqual(['- Fix what the errors name, then rerun the job.']);
  });
});

describe('hostile values', () => {
  const HOSTILE =
    '<img src=x> [x](http://e.test) https://e.test www.e.test @someone #12 <script>x</script> a@b.test **b** _i_ `c` | <!-- c --> <a href="http://e.test">a</a>\n::error::forged';
  const SECRET = 'the-secret-value-1234';
  const secrets = keepSecrets(CLIENT, SECRET);
  const view = { id: PORTAL.id, name: `${HOSTILE} ${SECRET}`, created: HOSTILE };
  const markdown = render(
    {
      messages: [{ level: 'error', text: `${HOSTILE} ${SECRET}` }],
      report: report({
        created: view,
        stored: [HOSTILE],
        mayHold: [`${HOSTILE} m`],
        retired: [view],
        credentials: [{ ...view, standing: 'new', kept: 'the new one', madeByThisTool: true, recent: true }],
      }),
      exitCode: 1,
      outputs: { credential_id: PORTAL.id, retired: [PORTAL.id] },
    },
    { ...CONTEXT, scrub: secrets.scrub },
  );
  const html = micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });

  test('no secret', () => {
    expect(markdown).not.toContain(SECRET);
    expect(markdown).toContain('\\*\\*\\*');
  });

  test('no link, no element but the renderer’s own, nothing inside a code span', () => {
    expect(html).not.toMatch(/<a |<img|<script|<!--/);
    const elements = new Set([...html.matchAll(/<([a-z0-9]+)[\s>]/g)].map((m) => m[1]));
    expect(
      [...elements].filter(
        (e) =>
          !['h3', 'h4', 'p', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code', 'strong', 'ul', 'li'].includes(
            e ?? '',
          ),
      ),
    ).toEqual([]);
    expect(html).not.toMatch(/<code>[^<]*<(?!\/code>)/);
  });

  test('mentions and references inert, each line its own (no forged workflow command, no broken table)', () => {
    expect(markdown).not.toMatch(/@someone|#12|www\.e/);
    expect(markdown).toContain('@\u2060someone');
    expect(markdown.split('\n').filter((line) => line.startsWith('::'))).toEqual([]);
    // Each table's rows have as many cells as its header: a value's `|` is escaped.
    const tables = markdown.split('\n\n').filter((block) => block.startsWith('|'));
    expect(tables).toHaveLength(3);
    for (const table of tables) {
      const cells = table.split('\n').map((line) => line.split(/(?<!\\)\|/).length);
      expect(new Set(cells).size).toBe(1);
    }
  });
});

describe('whole', () => {
  test('a rotation that retired one: every section, in order', () => {
    const credentials = [
      judged(PORTAL, 'not made by this tool', 'not made by this tool', false),
      judged(OLD, 'older', undefined),
      judged(NEW, 'new', 'the new one'),
    ];
    expect(
      render({
        messages: [{ level: 'info', text: 'Retired the credential' }],
        report: report({ created: NEW, stored: [R], retired: [OLD], credentials }),
        exitCode: 0,
        outputs: { credential_id: NEW.id, retired: [OLD.id] },
      }),
    ).toBe(
      [
        '### Secret rotated: the new credential is stored in every destination, 1 retired',
        '',
        '| Item | Value |',
        '|---|---|',
        `| Client | <code>${CLIENT}</code> |`,
        `| New credential | <code>${NEW.id}</code> "ensure-provider-scope new", created T2 |`,
        `| Outputs | credential\\_id <code>${NEW.id}</code>, retired <code>\\["${OLD.id}"\\]</code> |`,
        '',
        '#### Where the secret is',
        '',
        '| Destination | Holds |',
        '|---|---|',
        `| ${R} | the new secret (credential <code>${NEW.id}</code>) |`,
        '',
        '#### Retired',
        '',
        `- <code>${OLD.id}</code> "ensure-provider-scope old", created T1`,
        '',
        "#### The client's credentials as this run found them",
        '',
        '| Id | Name | Created | Made by this tool | Taken for | Kept or retired |',
        '|---|---|---|---|---|---|',
        `| <code>${PORTAL.id}</code> | Created in the developer portal | T0 | no | not made by this tool | kept: not made by this tool |`,
        `| <code>${OLD.id}</code> | ensure-provider-scope old | T1 | yes | made by this tool, older than the one in use | **retired** |`,
        `| <code>${NEW.id}</code> | ensure-provider-scope new | T2 | yes | made by this run | kept: the new credential |`,
        '',
        '#### What next',
        '',
        '- Deploy the provider with the new secret before the next rotation.',
        '- Once the deployed provider uses it, retire the one it no longer uses with <code>retire\\_id\\: \\<its id\\></code>.',
        '',
      ].join('\n'),
    );
  });

  test('a dry run: the facts, the credentials and what next, nothing else', () => {
    expect(
      render({
        messages: [{ level: 'info', text: 'listed' }],
        report: report({
          dryRun: true,
          credentials: [judged(PORTAL, 'not made by this tool', 'not made by this tool', false)],
        }),
        exitCode: 0,
      }),
    ).toBe(
      [
        "### Dry run: the client's credentials as a rotation would judge them; nothing was created, stored or deleted",
        '',
        '| Item | Value |',
        '|---|---|',
        `| Client | <code>${CLIENT}</code> |`,
        '| New credential | none: a dry run makes none |',
        '| Outputs | not set |',
        '',
        "#### The client's credentials, oldest first",
        '',
        '| Id | Name | Created | Made by this tool | Taken for | Kept or retired |',
        '|---|---|---|---|---|---|',
        `| <code>${PORTAL.id}</code> | Created in the developer portal | T0 | no | not made by this tool | kept: not made by this tool |`,
        '',
        '#### What next',
        '',
        '- Nothing was changed. To rotate, run without <code>dry\\_run\\: true</code>: it would retire nothing, once the new secret is stored and confirmed everywhere.',
        "- To retire a credential this tool did not make (the developer portal's), or the one in use on the day of a leak, name it: <code>retire\\_id\\: \\<its id\\></code>, one id a line.",
        '',
      ].join('\n'),
    );
  });
});
