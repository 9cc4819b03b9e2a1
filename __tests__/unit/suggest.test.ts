import { expect, test } from '@jest/globals';
import { nearestKey } from '../../src/engine/settings/suggest.ts';

const SCOPE_KEYS = ['name', 'description', 'scope_suffix', 'advertised', 'allow_refresh_tokens', 'dependent_scopes'];
const DEPENDENT_KEYS = ['scope', 'optional', 'requires_refresh_token'];

test.each<[string, readonly string[], string | undefined]>([
  ['allow_refresh_token', SCOPE_KEYS, 'allow_refresh_tokens'],
  // The service's response name, farther off than a typo: pointed at the request name.
  ['allows_refresh_token', SCOPE_KEYS, 'allow_refresh_tokens'],
  ['allows_refresh_tokens', SCOPE_KEYS, 'allow_refresh_tokens'],
  ['Allow-Refresh-Tokens', SCOPE_KEYS, 'allow_refresh_tokens'],
  ['nmae', SCOPE_KEYS, 'name'],
  ['descripton', SCOPE_KEYS, 'description'],
  ['advertise', SCOPE_KEYS, 'advertised'],
  ['scope_sufix', SCOPE_KEYS, 'scope_suffix'],
  ['dependent_scope', SCOPE_KEYS, 'dependent_scopes'],
  ['optinal', DEPENDENT_KEYS, 'optional'],
  ['requires_refresh_tokens', DEPENDENT_KEYS, 'requires_refresh_token'],
  // At the edge: within max(2, a quarter of the key's length), and just beyond it.
  ['nm', SCOPE_KEYS, 'name'],
  ['n', SCOPE_KEYS, undefined],
  ['alow_refresh_toke', SCOPE_KEYS, 'allow_refresh_tokens'],
  ['allow_refresh', SCOPE_KEYS, undefined],
  // Hyphens count as underscores: 3 edits away, where 4 would be too many.
  ['scope-suf', SCOPE_KEYS, 'scope_suffix'],
  // Far off: no suggestion.
  ['colour', SCOPE_KEYS, undefined],
  ['x', SCOPE_KEYS, undefined],
  ['visibility', SCOPE_KEYS, undefined],
  // The alias wins over a key that is nearer by spelling...
  ['allows_refresh_token', ['allows_refresh_tokenz', 'allow_refresh_tokens'], 'allow_refresh_tokens'],
  // ...and applies only where its target is a known key.
  ['allows_refresh_token', DEPENDENT_KEYS, undefined],
  ['anything', [], undefined],
  // A tie goes to the first known key.
  ['abc', ['abd', 'abe'], 'abd'],
])('nearestKey(%j) → %j', (unknown, known, expected) => {
  expect(nearestKey(unknown, known)).toBe(expected);
});
