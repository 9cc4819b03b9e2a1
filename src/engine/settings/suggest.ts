/** Levenshtein distance, enough to catch a typo in a key name. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

// Names the service uses in its answers but not in its requests: users copy them from a
// response into the spec, so they are pointed at the request name whatever the distance.
const ALIASES: Readonly<Record<string, string>> = {
  allows_refresh_token: 'allow_refresh_tokens',
  allows_refresh_tokens: 'allow_refresh_tokens',
};

/** The known key that an unknown one most likely meant, if any is close enough. */
export function nearestKey(unknown: string, known: readonly string[]): string | undefined {
  const alias = ALIASES[unknown];
  if (alias !== undefined && known.includes(alias)) return alias;
  const normalized = unknown.toLowerCase().replaceAll('-', '_');
  let best: { key: string; score: number } | undefined;
  for (const key of known) {
    const score = distance(normalized, key);
    if (best === undefined || score < best.score) best = { key, score };
  }
  return best !== undefined && best.score <= Math.max(2, Math.floor(best.key.length / 4)) ? best.key : undefined;
}
