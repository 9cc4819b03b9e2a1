/**
 * `npm run local-action` as a developer runs it (its script from package.json, with another file
 * for `.env`), against an embedded service started once per test file: the e2e tests of the
 * dev loop (e2e/local-action-*.test.ts), split so that no file runs long.
 */
import { afterAll, beforeAll, expect } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { EmbeddedAuthService } from '../../dev/auth-service.ts';
import { ROOT } from '../../dev/runner.ts';

export interface LocalActionWorld {
  /** The package's script, as npm runs it, reading `file` where it reads .env. */
  localAction(file: string): Promise<{ code: number | null; output: string }>;
  /** A copy of .env.example for a new client of the service, with this secret. */
  envFile(secret: string): Promise<string>;
  /** The folder the env files are written to. */
  dir(): string;
}

/** The service and a folder for the env files, for the tests of one file (beforeAll, afterAll). */
export function localActionWorld(): LocalActionWorld {
  let auth: EmbeddedAuthService;
  let dir = '';
  beforeAll(async () => {
    auth = new EmbeddedAuthService();
    await auth.start();
    dir = await mkdtemp(path.join(tmpdir(), 'eps-local-'));
  });
  afterAll(async () => {
    await auth.stop();
    await rm(dir, { recursive: true, force: true });
  });

  function localAction(file: string): Promise<{ code: number | null; output: string }> {
    // Where it tests for the file, and where it hands it to local-action; its message unchanged.
    const script = packageJson.scripts['local-action']
      .replace(/^test -f \.env /, `test -f ${file} `)
      .replace(/ \.env$/, ` ${file}`);
    expect(script.split(file)).toHaveLength(3);
    return new Promise((resolve) => {
      // Not execFile's promise: the service answers from this very process.
      const child = spawn('sh', ['-c', script], {
        cwd: ROOT,
        env: {
          ...process.env,
          PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
        },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (code) => resolve({ code, output }));
    });
  }

  const envFile = async (secret: string): Promise<string> => {
    const client = auth.addClient({ secret: 'the-right-secret' });
    const file = path.join(dir, `${client.id}.env`);
    const example = await readFile(path.join(ROOT, '.env.example'), 'utf8');
    await writeFile(
      file,
      example
        .replace(/^INPUT_AUTH_URL=.*$/m, `INPUT_AUTH_URL=${auth.url}`)
        .replace(/^INPUT_CLIENT_ID=.*$/m, `INPUT_CLIENT_ID=${client.id}`)
        .replace(/^INPUT_CLIENT_SECRET=.*$/m, `INPUT_CLIENT_SECRET=${secret}`),
    );
    return file;
  };
  return { localAction, envFile, dir: () => dir };
}
