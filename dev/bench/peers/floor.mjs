// The floor: the action's own requests and nothing else, with bare node:https and keep-alive
// (see README.md). The inspection and one lookup (the expected scope string and every
// dependent) go together, each on a connection of its own; the creation and its check reuse
// them. No validation, no retries, no reporting: what no client of this API can beat.
import https from 'node:https';

const { AUTH_URL, CLIENT_ID, CLIENT_SECRET, SCOPE } = process.env;
const authorization = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
const agent = new https.Agent({
  keepAlive: true,
  proxyEnv: process.env.HTTPS_PROXY ? process.env : undefined,
});

const call = (method, path, body) =>
  new Promise((resolve, reject) => {
    const request = https.request(
      AUTH_URL + path,
      { method, agent, headers: { authorization, accept: 'application/json', 'content-type': 'application/json' } },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        answer.on('end', () =>
          answer.statusCode === 200
            ? resolve(JSON.parse(text))
            : reject(new Error(`${method} ${path}: HTTP ${answer.statusCode} ${text}`)),
        );
      },
    );
    request.on('error', reject).end(body === undefined ? undefined : JSON.stringify(body));
  });

const scope = JSON.parse(SCOPE);
const clientPath = `/v2/api/clients/${CLIENT_ID}`;
const expected = `${AUTH_URL}/scopes/${CLIENT_ID}/${scope.scope_suffix}`;
const strings = [expected, ...scope.dependent_scopes.map((d) => d.scope)];
const [{ client }, { scopes: found }] = await Promise.all([
  call('GET', clientPath),
  call('GET', `/v2/api/scopes?scope_strings=${strings.map(encodeURIComponent).join(',')}`),
]);
const own = found.find((s) => s.scope_string === expected && client.scopes.includes(s.id));
if (own !== undefined) {
  console.log('found', own.scope_string);
} else {
  const ids = new Map(found.map((s) => [s.scope_string, s.id]));
  for (const dependent of scope.dependent_scopes) dependent.scope = ids.get(dependent.scope);
  const created = (await call('POST', `${clientPath}/scopes`, { scope })).scopes;
  const attached = (await call('GET', clientPath)).client.scopes;
  if (!created.every((s) => attached.includes(s.id)))
    throw new Error('the created scope is not attached to the client');
  for (const s of created) console.log('created', s.scope_string);
}
agent.destroy();
