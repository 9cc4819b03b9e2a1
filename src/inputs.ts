import { z } from 'zod';
import { ValidationError } from './errors.ts';

// Messages never quote a value: a client_id and a client_secret swapped by mistake would
// otherwise print the secret under a name that is not masked.
// `abort`: an empty input is one problem, not also a malformed one.
const required = (name: string, hint: string) => z.string().min(1, { message: `Input ${name} is empty: ${hint}`, abort: true });

const authUrl = required('auth_url', 'set it to the base address of the authentication service, e.g. https://auth.example.org')
  .refine((value) => /^https?:$/.test(URL.parse(value)?.protocol ?? ''), 'Input auth_url must be an absolute http(s) URL, e.g. https://auth.example.org')
  .transform((value, ctx) => {
    const url = new URL(value);
    if (url.username !== '' || url.password !== '') {
      ctx.addIssue({ code: 'custom', message: 'Input auth_url must not carry credentials: they belong in client_id and client_secret' });
    }
    if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Input auth_url must use https: the client secret is sent with every request. Plain http is accepted only for loopback hosts (127.0.0.1, ::1, localhost)',
      });
    }
    if (url.search !== '' || url.hash !== '') {
      ctx.addIssue({ code: 'custom', message: 'Input auth_url must be a base address without a query or fragment' });
    }
    // The API paths are appended to it, so one canonical form without a trailing slash.
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

const timeoutSeconds = required('timeout_seconds', 'leave it out for 30 seconds')
  .pipe(z.coerce.number({ error: 'Input timeout_seconds must be a number of seconds, e.g. 30' }))
  .pipe(z.number().positive('Input timeout_seconds must be more than 0').max(600, 'Input timeout_seconds must be at most 600'));

const inputsSchema = z.object({
  client_id: required('client_id', 'set it to the Client ID shown in the developer portal, e.g. `client_id: ${{ secrets.PROVIDER_CLIENT_ID }}`').pipe(
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
  auth_url: authUrl,
  spec: required('spec', 'leave it out to use .github/provider-scope.yml, or give the path of the spec file in the repository'),
  timeout_seconds: timeoutSeconds,
});

export type Inputs = z.output<typeof inputsSchema>;
export type InputName = keyof z.input<typeof inputsSchema>;
export const INPUT_NAMES = Object.keys(inputsSchema.shape) as readonly InputName[];

/** Validates every input at once, so the user sees all that is wrong in one run. */
export function parseInputs(read: (name: InputName) => string): Inputs {
  const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, read(name)]));
  const result = inputsSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })));
}
