/**
 * The rotation's job summary: its conclusion (engine/rotation/) as the markdown the runner
 * shows on the run's page, for every run, a failed one and a dry run too. One line says what
 * happened; then the new credential, which destination holds which secret, what was retired,
 * every credential as the run judged it, the errors, and what to do next. Every value (a
 * credential's name above all: anyone who may manage the client chooses it) is scrubbed, made
 * inert (no mention, no issue link) and escaped: nothing here is live markdown.
 */
import {
  KEPT_WORDS,
  STANDING_WORDS,
  type CredentialView,
  type JudgedView,
  type RotationConclusion,
  type RotationReport,
  type RotationSetting,
} from '../engine/index.ts';
import { defuse } from './comment.ts';
import { codeMarkdown, escapeMarkdown } from './summary.ts';

export interface RotationSummaryContext {
  /** Applied to every value before it is escaped: a secret must be found while it is still whole. */
  scrub: (text: string) => string;
  /** A rotation setting given a value, in the door's words: `retire_id: <its id>`. */
  assign: (setting: RotationSetting, value: string) => string;
  /** How the door's users run it again: "Run the step again". */
  runAgain: string;
}

/** How the summary writes a value: as prose (made inert, escaped), or in code. */
interface Values {
  cell(text: string): string;
  code(text: string): string;
}

/** The longest reason the opening line quotes of the first error; the errors' section has it whole. */
export const WHY_LIMIT = 300;

export function buildRotationSummary(conclusion: RotationConclusion, context: RotationSummaryContext): string {
  const values: Values = {
    cell: (text) => escapeMarkdown(context.scrub(text), defuse),
    code: (text) => codeMarkdown(context.scrub(text)),
  };
  const { report } = conclusion;
  return [
    opening(conclusion, values),
    '',
    ...facts(conclusion, values),
    ...(report.dryRun ? [] : [...places(report, values), ...retired(report.retired, values)]),
    ...judged(report, values),
    ...errors(conclusion, values),
    ...next(conclusion, context, values),
  ].join('\n');
}

/** One line: rotated, a dry run, or failed and why (the first error, cut short). */
function opening({ exitCode, report, messages }: RotationConclusion, { cell }: Values): string {
  if (exitCode === 0 && report.dryRun)
    return `### Dry run: the client's credentials as a rotation would judge them; nothing was created, stored or deleted`;
  if (exitCode === 0) {
    const retiredNow = report.retired.length === 0 ? 'nothing retired' : `${report.retired.length} retired`;
    return `### Secret rotated: the new credential is stored in every destination, ${retiredNow}`;
  }
  const first = messages.find((m) => m.level === 'error')?.text ?? 'the errors below say why';
  const why = first.length > WHY_LIMIT ? `${first.slice(0, WHY_LIMIT).replace(/\s+\S*$/, '')}…` : first;
  return `### ${report.dryRun ? 'Dry run failed' : 'Rotation failed'}: ${cell(why)}`;
}

const describe = ({ id, name, created }: CredentialView, { cell, code }: Values): string =>
  `${code(id)} ${cell(JSON.stringify(name))}, created ${cell(created)}`;

/** The client, the new credential and the outputs. */
function facts({ report, outputs }: RotationConclusion, values: Values): string[] {
  const { code } = values;
  const made = report.created === undefined ? undefined : describe(report.created, values);
  const rows: Array<[string, string]> = [
    ...(report.clientId === undefined ? [] : [['Client', code(report.clientId)] as [string, string]]),
    [
      'New credential',
      made ?? (report.dryRun ? 'none: a dry run makes none' : 'none kept: no destination holds a secret of this run'),
    ],
    [
      'Outputs',
      outputs === undefined
        ? 'not set'
        : `credential\\_id ${code(outputs.credential_id)}, retired ${code(JSON.stringify(outputs.retired))}`,
    ],
  ];
  return ['| Item | Value |', '|---|---|', ...rows.map(([item, value]) => `| ${item} | ${value} |`), ''];
}

/** Which destination holds which credential's secret, in the order they were written. */
function places(report: RotationReport, { cell, code }: Values): string[] {
  const { stored, mayHold, unchanged, restored, created, gone } = report;
  if (stored.length + mayHold.length + unchanged.length === 0)
    return ['Nothing was stored: every destination holds what it held before the run.', ''];
  const newOne = created === undefined ? 'the new secret' : `the new secret (credential ${code(created.id)})`;
  const rows: Array<[string, string]> = [
    ...stored.map((name): [string, string] => [
      name,
      restored.includes(name)
        ? 'the secret this run started with, stored back: the new credential is gone'
        : gone
          ? `${newOne}, which **no longer works**: its credential is gone`
          : newOne,
    ]),
    ...mayHold.map((name): [string, string] => [
      name,
      `unknown: ${newOne} or the current one (the answer to its write was lost)`,
    ]),
    ...unchanged.map((name): [string, string] => [name, 'the current secret, the one this run started with']),
  ];
  return [
    '#### Where the secret is',
    '',
    '| Destination | Holds |',
    '|---|---|',
    ...rows.map(([name, holds]) => `| ${cell(name)} | ${holds} |`),
    '',
  ];
}

function retired(credentials: readonly CredentialView[], values: Values): string[] {
  if (credentials.length === 0) return ['#### Retired', '', 'Nothing was retired.', ''];
  return ['#### Retired', '', ...credentials.map((c) => `- ${describe(c, values)}`), ''];
}

/** What became of a credential the run judged: kept and why, retired, or (a dry run) what a rotation would do. */
function fate(credential: JudgedView, report: RotationReport): string {
  if (credential.kept !== undefined) return `kept: ${KEPT_WORDS[credential.kept]}`;
  if (report.dryRun) return '**a rotation would retire it**';
  return report.retired.some((r) => r.id === credential.id)
    ? '**retired**'
    : '**to retire**: its deletion failed (the errors say why)';
}

/** Every credential the run judged, oldest first: what it takes each for, and what became of it. */
function judged(report: RotationReport, { cell, code }: Values): string[] {
  if (report.credentials.length === 0) return [];
  return [
    report.dryRun
      ? "#### The client's credentials, oldest first"
      : "#### The client's credentials as this run found them",
    '',
    '| Id | Name | Created | Made by this tool | Taken for | Kept or retired |',
    '|---|---|---|---|---|---|',
    ...report.credentials.map(
      (c) =>
        `| ${code(c.id)} | ${cell(c.name)} | ${cell(c.created)} | ${c.madeByThisTool ? 'yes' : 'no'} | ${STANDING_WORDS[c.standing]} | ${fate(c, report)} |`,
    ),
    '',
  ];
}

/** The warnings and errors, each whole. */
function errors({ messages }: RotationConclusion, { cell }: Values): string[] {
  const said = messages.filter((m) => m.level === 'warning' || m.level === 'error');
  if (said.length === 0) return [];
  return ['#### Errors', '', ...said.map((m) => `- **${m.level}**: ${cell(m.text)}`), ''];
}

/** What to do next, from what the run left. */
function next(
  { exitCode, report }: RotationConclusion,
  { assign, runAgain }: RotationSummaryContext,
  { code }: Values,
): string[] {
  const again = `${runAgain.charAt(0).toLowerCase()}${runAgain.slice(1)}`;
  const retireOne = code(assign('retire_id', '<its id>'));
  const others = report.credentials.filter((c) => c.kept !== undefined && c.kept !== 'the new one');
  const lines: string[] = [];
  if (report.dryRun && exitCode === 0) {
    const doomed = report.credentials.filter((c) => c.kept === undefined).length;
    lines.push(
      `Nothing was changed. To rotate, run without ${code('dry_run: true')}: ${doomed === 0 ? 'it would retire nothing' : `it would retire the ${doomed} marked above`}, once the new secret is stored and confirmed everywhere.`,
      `To retire a credential this tool did not make (the developer portal's), or the one in use on the day of a leak, name it: ${retireOne}, one id a line.`,
    );
  } else if (exitCode === 0) {
    lines.push(`Deploy the provider with the new secret before the next rotation.`);
    if (others.length > 0)
      lines.push(
        `Once the deployed provider uses it, retire the one it no longer uses with ${retireOne}${others.some((c) => c.madeByThisTool) ? ", or let the next rotation retire this tool's" : ''}.`,
      );
  } else if (report.restored.length > 0) {
    lines.push(
      `The new credential was deleted while this run stored it: make sure no other rotation runs at the same time (a ${code('concurrency')} group), then ${again}.`,
    );
  } else if (report.mayHold.length > 0 || (report.stored.length > 0 && report.unchanged.length > 0)) {
    lines.push(
      `Both secrets work and nothing was retired. Fix what the errors name, then ${again} to rotate again and complete it.`,
    );
  } else if (report.credentials.length > 0) {
    // Judged, so confirmed: the new secret is stored everywhere, and a retirement failed.
    lines.push(
      `The new secret is in every destination: deploy it. Delete by hand in the developer portal the credential the errors name, or ${again} once the deploy no longer uses it.`,
    );
  } else if (report.stored.length > 0) {
    lines.push(`The errors say which secret each destination holds and what to do; then ${again}.`);
  } else {
    lines.push(`Fix what the errors name, then ${again}.`);
  }
  return ['#### What next', '', ...lines.map((line) => `- ${line}`), ''];
}
