/**
 * The outputs as a dotenv file, the way GitLab CI hands values to later jobs
 * (`artifacts:reports:dotenv`, https://docs.gitlab.com/ci/yaml/artifacts_reports/#artifactsreportsdotenv):
 * one `NAME=value` per line, no quotes (GitLab keeps them as part of the value), no empty
 * line, no comment, no multi-line value, under 5 KB. A value that such a file cannot hold is
 * refused, by name, rather than written garbled.
 */
import type { Outputs } from '../engine/conclude.ts';
import { hasUnsafe } from '../engine/text.ts';
import { ActionError } from '../wire/errors.ts';

/** GitLab refuses a dotenv report of 5 KB or more. */
const MAX_BYTES = 5 * 1024;

export function dotenvOf(outputs: Outputs): string {
  const lines = Object.entries(outputs).map(([name, value]) => {
    // Leading or trailing blanks are trimmed by GitLab; control characters would break the line.
    if (hasUnsafe(value) || value.trim() !== value) {
      throw new ActionError(`--dotenv: the output ${name} holds a line break, a control character or blanks at its ends, which a dotenv file cannot hold. Nothing was written; use --json instead.`);
    }
    return `${name.toUpperCase()}=${value}`;
  });
  const text = `${lines.join('\n')}\n`;
  if (Buffer.byteLength(text) >= MAX_BYTES) {
    throw new ActionError(`--dotenv: the outputs take ${Buffer.byteLength(text)} bytes, and GitLab reads a dotenv report under ${MAX_BYTES} only. Nothing was written; use --json instead.`);
  }
  return text;
}
