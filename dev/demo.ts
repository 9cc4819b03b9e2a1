/**
 * `npm run demo`: the bundled action end to end against the embedded authentication
 * service, run twice as a release workflow would: it creates the scope, then finds it.
 */
import { EmbeddedAuthService, GROUPS_SCOPE_STRING } from './auth-service.ts';
import { runAction } from './runner.ts';

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(`Node ${process.versions.node} is too old: run this through npm (npm run demo), which uses the Node 24 of the devDependencies.`);
  process.exit(1);
}

const SPEC = `# The scope this provider registers (see README: "The spec file")
name: Example Action Provider
description: Runs example actions
scope_suffix: action_all
advertised: true
allow_refresh_tokens: true
dependent_scopes:
  - scope: ${GROUPS_SCOPE_STRING}
`;

const service = new EmbeddedAuthService();
const authUrl = await service.start();
const client = service.addClient({ name: 'Example Action Provider' });
console.log(`Embedded authentication service on ${authUrl}, with a fresh client ${client.id}\n`);
console.log(`.github/provider-scope.yml:\n${SPEC}`);

let failed = false;
for (const title of ['First run: the client has no scope yet', 'Second run: the same step again']) {
  const before = service.requests.length;
  const run = await runAction({
    inputs: { client_id: client.id, client_secret: client.secret, auth_url: authUrl },
    files: { '.github/provider-scope.yml': SPEC },
  });
  console.log(`=== ${title} (exit code ${run.exitCode}) ===`);
  console.log(run.stdout.replace(/^::add-mask::.*\n/gm, '::add-mask::***\n').trimEnd());
  if (run.stderr !== '') console.log(run.stderr.trimEnd());
  console.log('\nRequests to the service:');
  for (const r of service.requests.slice(before)) {
    const query = Object.entries(r.query).map(([k, v]) => `${k}=${v}`).join('&');
    console.log(`  ${r.method} ${r.path}${query === '' ? '' : `?${query}`}`);
  }
  console.log('\nStep outputs:');
  for (const [name, value] of Object.entries(run.outputs)) console.log(`  ${name} = ${value}`);
  console.log(`\nJob summary:\n${run.summary}`);
  failed ||= run.exitCode !== 0;
}
await service.stop();
process.exitCode = failed ? 1 : 0;
