/**
 * Markdown as a person reads it once GitHub has rendered it, near enough for a terminal: for
 * the demo, which shows the pull request's comment's headline. Headings become lines
 * of their own, tables aligned columns (a table of names and values: `name: value` lines),
 * escapes, code marks and HTML tags dropped, links as `text (address)`; long cells cut.
 */

const CELL = 40;

/** One cell or line of inline markdown, as text. */
function inline(text: string): string {
  return text
    .replace(/<br>/g, ', ')
    .replace(/<\/?(code|sub|b|strong|em|details|summary)>/g, '')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)')
    .replace(/\\(.)/g, '$1')
    .trim();
}

const cut = (text: string): string => (text.length > CELL ? `${text.slice(0, CELL - 1)}…` : text);

const cellsOf = (row: string): string[] =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => inline(cell));

/** A table's rows (the separator left out) as lines. */
function table(rows: string[]): string[] {
  const [head = [], ...body] = rows.filter((row) => !/^\|?\s*:?-{3,}/.test(row.trim())).map(cellsOf);
  // A table of names and their values (`| Item | Value |`, `| Field | Value |`) reads best as `name: value` lines.
  if (head.length === 2 && head[1] === 'Value')
    return body.map(([name = '', ...rest]) => `${name}: ${rest.filter((c) => c !== '').join(', ')}`);
  const all = [head, ...body].map((row) => row.map(cut));
  const widths = head.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  return all.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

export function markdownText(markdown: string): string[] {
  const lines: string[] = [];
  const rows: string[] = [];
  const flush = (): void => {
    if (rows.length > 0) lines.push(...table(rows.splice(0)));
  };
  for (const raw of markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n')) {
    if (raw.trim().startsWith('|')) {
      rows.push(raw);
      continue;
    }
    flush();
    if (/^\s*(---+|\*\*\*+)\s*$/.test(raw)) continue;
    const text = inline(raw.replace(/^#{1,6}\s+/, ''));
    if (text !== '' || lines.at(-1) !== '') lines.push(text);
  }
  flush();
  while (lines.at(-1) === '') lines.pop();
  while (lines[0] === '') lines.shift();
  return lines;
}
