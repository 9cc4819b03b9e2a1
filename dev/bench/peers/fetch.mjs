// The procedure by hand, as a team would script it with Node's fetch (see README.md).
const { AUTH_URL, CLIENT_ID, CLIENT_SECRET, SCOPE } = process.env;
const authorization = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

async function call(method, path, body) {
  const answer = await fetch(AUTH_URL + path, {
    method,
    headers: { authorization, accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path}: HTTP ${answer.status} ${await answer.text()}`);
  return answer.json();
}

const clientPath = `/v2/api/clients/${CLIENT_ID}`;
const ids = (await call('GET', clientPath)).client.scopes;
if (ids.length > 0) {
  for (const scope of (await call('GET', `/v2/api/scopes?ids=${ids.join(',')}`)).scopes)
    console.log('found', scope.scope_string);
} else {
  const scope = JSON.parse(SCOPE);
  for (const dependent of scope.dependent_scopes) {
    dependent.scope = (
      await call('GET', `/v2/api/scopes?scope_strings=${encodeURIComponent(dependent.scope)}`)
    ).scopes[0].id;
  }
  const created = (await call('POST', `${clientPath}/scopes`, { scope })).scopes;
  const attached = (await call('GET', clientPath)).client.scopes;
  if (!created.every((s) => attached.includes(s.id)))
    throw new Error('the created scope is not attached to the client');
  for (const s of created) console.log('created', s.scope_string);
}
