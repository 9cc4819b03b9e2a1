/** The spec every benchmark run registers: two dependent scopes given by string. */
import { stringify } from 'yaml';
import { GROUPS_SCOPE_STRING, TRANSFER_SCOPE_STRING } from '../auth-service.ts';

export const SPEC = {
  name: 'Benchmark Action Provider',
  description: 'Runs benchmark actions',
  scope_suffix: 'action_all',
  advertised: true,
  allow_refresh_tokens: true,
  dependent_scopes: [
    { scope: GROUPS_SCOPE_STRING, optional: false, requires_refresh_token: true },
    { scope: TRANSFER_SCOPE_STRING, optional: false, requires_refresh_token: true },
  ],
};

/** Where the action reads it (its default `spec` input). */
export const SPEC_PATH = '.github/provider-scope.yml';

export const specFile = (): string => `# Written by dev/bench.ts\n${stringify(SPEC)}`;
