import { z } from 'zod';
import { ValidationError } from './problems.ts';

// Messages never quote a value: a client_id and a client_secret swapped by mistake would
// otherwise print the secret under a name that is not masked.
// `abort`: an empty input is one problem, not also a malformed one.
const required = (name: string, hint: string) => z.string().min(1, { message: `Input ${name} is empty: ${hint}`, abort: true });

/** A base address: absolute http(s), https unless loopback, no credentials, query or fragment. */
const baseUrl = (name: string, httpsWhy: string) =>
  z
    .string()
    .refine((value) => /^https?:$/.test(URL.parse(value)?.protocol ?? ''), `Input ${name} must be an absolute http(s) URL, e.g. ${name === 'auth_url' ? 'https://auth.globus.org' : 'https://provider.example.org'}`)
    .transform((value, ctx) => {
      const url = new URL(value);
      if (url.username !== '' || url.password !== '') {
        ctx.addIssue({ code: 'custom', message: `Input ${name} must not carry credentials: they belong in client_id and client_secret` });
      }
      if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
        ctx.addIssue({ code: 'custom', message: `Input ${name} must use https: ${httpsWhy}. Plain http is accepted only for loopback hosts (127.0.0.1, ::1, localhost)` });
      }
      if (url.search !== '' || url.hash !== '') {
        ctx.addIssue({ code: 'custom', message: `Input ${name} must be a base address without a query or fragment` });
      }
      // Paths are appended to it, so one canonical form without a trailing slash.
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    });

// The YAML 1.2 core schema's booleans, as @actions/core's getBooleanInput reads them.
const booleanInput = (name: string) =>
  required(name, 'leave it out for false')
    .pipe(z.enum(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'], `Input ${name} must be true or false`))
    .transform((value) => value.toLowerCase() === 'true');

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

const timeoutSeconds = required('timeout_seconds', 'leave it out for 30 seconds')
  .pipe(z.coerce.number({ error: 'Input timeout_seconds must be a number of seconds, e.g. 30' }))
  .pipe(z.number().positive('Input timeout_seconds must be more than 0').max(600, 'Input timeout_seconds must be at most 600'));

const settingsSchema = z.object({
  client_id: required('client_id', 'set it to the Client ID shown in the developer portal, e.g. `client_id: ${{ vars.PROVIDER_CLIENT_ID }}`').pipe(
    z.guid(
      'Input client_id is not a UUID: use the Client ID shown in the expanded description of the app in the developer portal ' +
        '(check that client_id and client_secret are not swapped)',
    ),
  ).transform((id) => id.toLowerCase()), // as the service writes it, and so in the scope strings it generates
  client_secret: required(
    'client_secret',
    'secrets are not passed to workflows triggered from forks or by Dependabot. Otherwise check that the repository secret ' +
      'exists and is passed as `client_secret: ${{ secrets.PROVIDER_CLIENT_SECRET }}`',
  ),
  auth_url: required('auth_url', 'set it to the base address of the authentication service, e.g. https://auth.globus.org').pipe(
    baseUrl('auth_url', 'the client secret is sent with every request'),
  ),
  spec: required('spec', 'leave it out to use .github/provider-scope.yml, or give the path of the spec file in the repository'),
  timeout_seconds: timeoutSeconds,
  on_drift: required('on_drift', 'leave it out for warn').pipe(z.enum(['warn', 'fail', 'ignore', 'update'], 'Input on_drift must be warn, fail, ignore or update')),
  dry_run: booleanInput('dry_run'),
  // Optional: empty means no verification of the provider.
  provider_url: z
    .string()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(baseUrl('provider_url', 'its answer decides whether this step passes').optional()),
});

export type Settings = z.output<typeof settingsSchema>;
export type SettingName = keyof z.input<typeof settingsSchema>;
export const SETTING_NAMES = Object.keys(settingsSchema.shape) as readonly SettingName[];

/** Validates every input at once, so the user sees all that is wrong in one run. */
export function parseSettings(read: (name: SettingName) => string): Settings {
  const raw = Object.fromEntries(SETTING_NAMES.map((name) => [name, read(name)]));
  const result = settingsSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })));
}
