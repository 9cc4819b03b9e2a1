/**
 * GitHub Actions secrets as the rotation's destinations: a repository's, or an environment's,
 * written with the REST API (https://docs.github.com/en/rest/actions/secrets): the public key
 * read (`GET .../secrets/public-key`), the secret sealed for it with libsodium's sealed box (as
 * GitHub's own example does; loaded only here, so that the main action's start-up never pays
 * for it), then `PUT .../secrets/{name}` with `{encrypted_value, key_id}`. Each request is
 * tried again on a 5xx, a 429 or a network failure, under the rotation's budget, as the
 * service's requests are (wire/retry.ts).
 */
import { StoreUnknown, type Destination, type DestinationRun } from '../../engine/index.ts';
import { requestLimitMs } from '../../wire/budget.ts';
import { formatPause, parseRetryAfter, withRetries } from '../../wire/retry.ts';
import { statusOf, whatFailed, type Octokit } from '../octokit.ts';

export interface SecretPlace {
  owner: string;
  repo: string;
  /** The secret's name, e.g. PROVIDER_CLIENT_SECRET. */
  name: string;
  /** An environment of the repository; none: the repository's own secret. */
  environment?: string | undefined;
}

/** What GitHub names the permissions a fine-grained token needs for each place (the REST docs above). */
export const permissionsFor = (environment: string | undefined): string =>
  environment === undefined
    ? 'the "Secrets" repository permission (write)'
    : 'the "Secrets" and "Environments" repository permissions (write)';

/** What to do about a 403: the workflow's own token can never write secrets, and no `permissions:` line changes that. */
export const forbiddenAdvice = (environment: string | undefined): string =>
  "the token in github_token may not do this. The workflow's own token (GITHUB_TOKEN) has no permission for secrets at all, and no permissions: line gives it one: " +
  `give github_token a GitHub App's token (actions/create-github-app-token) or a fine-grained personal access token with ${permissionsFor(environment)}`;

/** libsodium's sealed box of `secret` for the base64 public key, in base64: GitHub's encrypted_value. */
export async function seal(secret: string, publicKey: string): Promise<string> {
  const { default: sodium } = await import('libsodium-wrappers');
  await sodium.ready;
  const sealed = sodium.crypto_box_seal(
    sodium.from_string(secret),
    sodium.from_base64(publicKey, sodium.base64_variants.ORIGINAL),
  );
  return sodium.to_base64(sealed, sodium.base64_variants.ORIGINAL);
}

/**
 * One request to GitHub under the run's budget: limited to the time the budget leaves it, and
 * tried again while GitHub answers a 5xx or a 429 or does not answer (octokit gives a network
 * failure status 500), paced as the service's requests are. Every request here may be sent
 * twice: a public key's read changes nothing, and a PUT is idempotent (the same sealed value
 * under the same name, the secret's last write wins), so a PUT whose answer was lost is
 * safely sent again.
 */
function retried<T>(send: (signal: AbortSignal) => Promise<T>, { budget, log }: DestinationRun): Promise<T> {
  return withRetries(
    () => send(AbortSignal.any([budget.signal, AbortSignal.timeout(requestLimitMs(budget))])),
    (error) => {
      const status = statusOf(error);
      const headers = (error as { response?: { headers?: Record<string, string | undefined> } }).response?.headers;
      return {
        retryable: status !== undefined && (status >= 500 || status === 429),
        retryAfterMs: parseRetryAfter(headers?.['retry-after'], budget.clock.now()),
      };
    },
    budget,
    (error, reason) => Object.assign(error as Error, { gaveUp: reason }),
    (error, tried, waitMs) =>
      log.info(
        `${whatFailed(error)} Attempt ${tried} of ${budget.policy.attempts} failed; trying again in ${formatPause(waitMs)}.`,
      ),
  );
}

/**
 * Whether a failed PUT may have been applied: no answer at all (a reset, a timeout; octokit
 * gives those status 500 without a response), or a gateway's 502, 503 or 504, which a proxy
 * sends when the answer behind it was lost. Any other answer, a 500 included, is GitHub's refusal.
 */
export function outcomeUnknown(error: unknown): boolean {
  const status = statusOf(error);
  const answered = (error as { response?: unknown } | null)?.response !== undefined;
  return !answered || status === 502 || status === 503 || status === 504;
}

/** A failed request as an Error that says what GitHub answered and what to do. */
function explained(error: unknown, doing: string, { owner, repo, environment }: SecretPlace): Error {
  const status = statusOf(error);
  const said = (error as Error).message;
  if (status === 403) return new Error(`GitHub refused ${doing} (HTTP 403: ${said}): ${forbiddenAdvice(environment)}.`);
  if (status === 404 && environment !== undefined)
    return new Error(
      `GitHub has no environment ${environment} in ${owner}/${repo} (HTTP 404): create it (Settings, Environments), or take it out of environments.`,
    );
  if (status === 404)
    return new Error(`GitHub answered 404 to ${doing}: check that github_token may see ${owner}/${repo}.`);
  const gaveUp = (error as { gaveUp?: string }).gaveUp;
  return new Error(
    `${doing} failed: ${status === undefined ? '' : `HTTP ${status}: `}${said}${gaveUp === undefined ? '' : ` (${gaveUp})`}`,
  );
}

/**
 * One place as a destination: `check` reads its public key (read access only), `store` seals
 * and PUTs. The octokit is asked for at the first request: a run loads @actions/github only
 * once it has read the client's credentials, and a dry run never.
 */
export function githubSecret(client: () => Promise<Octokit>, place: SecretPlace): Destination {
  const { owner, repo, name, environment } = place;
  const where =
    environment === undefined
      ? `the repository secret ${name} of ${owner}/${repo}`
      : `the secret ${name} of the environment ${environment} of ${owner}/${repo}`;
  const explain = (error: unknown, doing: string): Error => explained(error, doing, place);
  const publicKey = async (run: DestinationRun): Promise<{ key_id: string; key: string }> => {
    const octokit = await client();
    const answer = await retried(
      (signal) =>
        environment === undefined
          ? octokit.request('GET /repos/{owner}/{repo}/actions/secrets/public-key', {
              owner,
              repo,
              request: { signal },
            })
          : octokit.request('GET /repos/{owner}/{repo}/environments/{environment_name}/secrets/public-key', {
              owner,
              repo,
              environment_name: environment,
              request: { signal },
            }),
      run,
    );
    return answer.data;
  };
  return {
    name: where,
    rewritable: true,
    check: (run) =>
      publicKey(run).then(
        () => undefined,
        (error: unknown) => Promise.reject(explain(error, `reading the public key of ${where}`)),
      ),
    store: async (secret, run) => {
      // Whether a PUT may have been applied unseen: then a later refusal does not say the secret is not there.
      let unseen = false;
      try {
        // Read again: a key may have changed since the check.
        const { key_id, key } = await publicKey(run);
        const encrypted_value = await seal(secret, key);
        const octokit = await client();
        await retried(
          (signal) =>
            (environment === undefined
              ? octokit.request('PUT /repos/{owner}/{repo}/actions/secrets/{secret_name}', {
                  owner,
                  repo,
                  secret_name: name,
                  encrypted_value,
                  key_id,
                  request: { signal },
                })
              : octokit.request('PUT /repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}', {
                  owner,
                  repo,
                  environment_name: environment,
                  secret_name: name,
                  encrypted_value,
                  key_id,
                  request: { signal },
                })
            ).catch((error: unknown) => {
              unseen ||= outcomeUnknown(error);
              throw error;
            }),
          run,
        );
      } catch (error) {
        const explained = explain(error, `writing ${where}`);
        if (!unseen) throw explained;
        throw new StoreUnknown(
          `${explained.message}. A write may have been applied without its answer reaching this run: GitHub may hold the new secret.`,
        );
      }
    },
  };
}
