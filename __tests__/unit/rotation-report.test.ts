/**
 * What the rotation's report (engine/rotation/) gives a door to render, on the paths the
 * rotation action's job summary (render/rotation.ts) cannot tell apart from it alone. Run
 * in process: the engine with the embedded service and a destination made here.
 */
import { expect, test } from '@jest/globals';
import type { ClientRecord } from '../../dev/auth-service.ts';
import type { Destination } from '../../src/engine/rotation/port.ts';
import { rotateSecret } from '../../src/engine/rotation/rotate.ts';
import { keepSecrets } from '../../src/engine/secrets.ts';
import { SETTING_DEFAULTS, type SettingName } from '../../src/engine/settings/settings.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { ROTATION_INPUTS } from '../../src/github/rotate/action.ts';
import { fakeClock } from '../support/clock.ts';
import { AUTH_URL, inProcessService } from '../support/in-process.ts';

const CLIENT_ID = '4d5e6f70-8192-4a3b-9c4d-5e6f708192a3';
const PORTAL_SECRET = 'portal-secret-of-the-report-1a2b';

/** One rotation into one destination whose store runs `onStore` (a party acting at that moment). */
async function rotation(onStore: (client: ClientRecord) => void) {
  const service = inProcessService();
  const client = service.addClient({ id: CLIENT_ID, secret: PORTAL_SECRET });
  const held: string[] = [];
  const destination: Destination = {
    name: 'the place',
    rewritable: true,
    check: async () => {},
    store: async (secret) => {
      held.push(secret);
      onStore(client);
    },
  };
  const settings: Record<string, string> = { client_id: CLIENT_ID, client_secret: PORTAL_SECRET, auth_url: AUTH_URL };
  const conclusion = await rotateSecret({
    read: (name) => settings[name] ?? SETTING_DEFAULTS[name as SettingName] ?? '',
    naming: INPUT_NAMING,
    rotationNaming: ROTATION_INPUTS,
    secrets: keepSecrets(CLIENT_ID, PORTAL_SECRET),
    write: () => {},
    clock: fakeClock(),
    dispatcher: service.dispatcher(),
    destinations: [destination],
  });
  return { conclusion, client, held };
}

// An engine gap (reported to the rotation's engine): once the new credential is found gone and
// the starting secret no longer works either, the report still names the new credential as
// made and the destination among those that hold its secret; only the messages' text says the
// secret there no longer works. A report that said so (say `gone: true`, or the destination in
// a list of its own) would let the summary's table say what the destination really holds; this
// test passes once it does (and then drops `.failing`).
test('the new credential and the starting one both deleted as the secret is stored: the report says the new credential is gone', async () => {
  const run = await rotation((client) => void client.credentials.splice(0));
  expect(run.client.credentials).toEqual([]);
  expect(run.held).toEqual([expect.any(String)]);
  expect(run.conclusion.exitCode).toBe(1);
  expect(run.conclusion.messages.map((m) => m.text).join(' ')).toContain('no longer works either');
  expect((run.conclusion.report as unknown as { gone?: boolean }).gone).toBe(true);
});
