/**
 * `npm run bench [-- --check] [-- --runs N --latency MS]`: the benchmark of the action's cost.
 *
 * Starts the embedded authentication service on 127.0.0.1 and runs the bundled action
 * (dist/index.js, as the runner does) on two paths, a client that already has its scope (no-op)
 * and a fresh one (creating), with a spec that has two dependent scopes given by string, at
 * latency 0 and at latency L per answer, several runs each. Side by side, on the same service,
 * a baseline that follows the system spec's procedure literally, as a script with curl would:
 * sequential calls, one lookup per dependent scope. It prints medians and marks each target of
 * issue 6 met or missed; with --check it exits 1 when one is missed.
 *
 * Round trips on the critical path = (wall time at L - wall time at 0) / L, the median over runs
 * that pair each run at L with its twin at 0 just before it; as a cross-check, the service's log
 * gives the same figure free of the machine's noise (the waves of requests at latency L).
 * Start-up overhead = median wall time of a no-op run at latency 0 - median of `node -e 0`, both
 * spawned with process.execPath and piped output. Peak RSS is `process.resourceUsage().maxRSS` of the child, written at exit by a preload
 * (`NODE_OPTIONS=--import`) in separate runs, so that the timed runs carry no preload.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { EmbeddedAuthService, GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING, type ClientRecord } from './auth-service.ts';
import { ROOT, runAction } from './runner.ts';

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(`Node ${process.versions.node} is too old: run this through npm (npm run bench), which uses the Node 24 of the devDependencies.`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Settings

const { values: args } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    runs: { type: 'string' },
    latency: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

function boundedInt(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be an integer from ${min} to ${max}, not "${raw}"`);
    process.exit(2);
  }
  return value;
}

const RUNS = boundedInt('--runs / BENCH_RUNS', args.runs ?? process.env.BENCH_RUNS, 5, 1, 50);
const LATENCY_MS = boundedInt('--latency / BENCH_LATENCY_MS', args.latency ?? process.env.BENCH_LATENCY_MS, 200, 20, 5000);

/** The targets of issue 6. */
const TARGETS = {
  noopRoundTrips: 1.2,
  createRoundTrips: 3.2,
  noopRequests: 2,
  startupOverheadMs: 120,
  bundleBytes: 2_000_000,
};

// A second service's scope, so that the spec has two dependent scopes given by string.
const TRANSFER_SCOPE_STRING = 'urn:platform:auth:scope:transfer.api.platform.org:all';

const SPEC = {
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
const SPEC_FILE = `# Written by dev/bench.ts\n${stringify(SPEC)}`;

// ---------------------------------------------------------------------------------------------
// Helpers

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
};

interface Spawned {
  ms: number;
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** A Node process spawned as dev/runner.ts spawns the action: process.execPath, stdout and stderr piped. */
async function spawnNode(nodeArgs: string[], env: Record<string, string>, killAfterMs = 30_000): Promise<Spawned> {
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const guard = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  }).finally(() => clearTimeout(guard));
  return { ms: performance.now() - started, exitCode, stdout, stderr };
}

const minimalEnv = (): Record<string, string> => ({ PATH: process.env.PATH ?? '', HOME: tmpdir() });

async function bundleFiles(): Promise<Array<{ file: string; bytes: number }>> {
  const dist = path.join(ROOT, 'dist');
  const files: Array<{ file: string; bytes: number }> = [];
  for (const entry of await readdir(dist, { recursive: true })) {
    const info = await stat(path.join(dist, entry));
    if (info.isFile()) files.push({ file: entry, bytes: info.size });
  }
  return files.sort((a, b) => b.bytes - a.bytes);
}

// ---------------------------------------------------------------------------------------------
// The service and the clients of each path

type PathName = 'noop' | 'create';
const PATHS: readonly PathName[] = ['noop', 'create'];

const service = new EmbeddedAuthService();
const authUrl = await service.start();
if (new URL(authUrl).hostname !== '127.0.0.1') throw new Error(`The embedded service must listen on 127.0.0.1, not ${authUrl}`);
const transfer = service.addScope({ scope_string: TRANSFER_SCOPE_STRING, name: 'Transfer', description: 'The transfer service' });

/** A fresh client, with its scope already registered (as the spec says) for the no-op path. */
function clientFor(pathName: PathName): ClientRecord {
  const client = service.addClient({ name: 'Benchmark Action Provider' });
  if (pathName === 'noop') {
    service.addScope({
      scope_string: `${authUrl}/scopes/${client.id}/${SPEC.scope_suffix}`,
      name: SPEC.name,
      description: SPEC.description,
      client: client.id,
      advertised: SPEC.advertised,
      allows_refresh_token: SPEC.allow_refresh_tokens,
      dependent_scopes: [
        { scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true },
        { scope: transfer.id, optional: false, requires_refresh_token: true },
      ],
    });
  }
  return client;
}

interface Measured {
  ms: number;
  requests: number;
  duplicates: number;
  /** Round trips as the service saw them (only with latency). */
  waves?: number;
  rssKb?: number;
}

/**
 * What the service saw of one run: its requests, and how many were sent twice. A read repeated
 * after a write is a new question (the creation's verification), not a request sent twice.
 */
function requestsSince(before: number): Pick<Measured, 'requests' | 'duplicates' | 'waves'> {
  const seen = service.requests.slice(before);
  // With latency, requests sent together arrive together and the next ones an answer later:
  // the number of such waves is the run's round trips as the service saw them.
  const latency = service.options.latencyMs ?? 0;
  const arrivals = seen.map((r) => r.at).sort((a, b) => a - b);
  const waves = latency === 0 ? undefined : arrivals.filter((at, i) => i === 0 || at - (arrivals[i - 1] ?? at) >= latency / 2).length;
  let duplicates = 0;
  let sinceWrite = new Set<string>();
  for (const r of seen) {
    const key = JSON.stringify([r.method, r.path, r.query, r.body]);
    if (sinceWrite.has(key)) duplicates++;
    sinceWrite = r.method === 'GET' ? sinceWrite.add(key) : new Set([key]);
  }
  return { requests: seen.length, duplicates, ...(waves === undefined ? {} : { waves }) };
}

// ---------------------------------------------------------------------------------------------
// The action, run by dev/runner.ts as the GitHub runner runs it

const annotated = new Set<PathName>();

async function runTheAction(pathName: PathName, extraEnv: Record<string, string> = {}): Promise<Measured> {
  const client = clientFor(pathName);
  const before = service.requests.length;
  const started = performance.now();
  const run = await runAction({
    inputs: { client_id: client.id, client_secret: client.secret, auth_url: authUrl },
    files: { '.github/provider-scope.yml': SPEC_FILE },
    env: extraEnv,
    killAfterMs: 30_000 + 20 * LATENCY_MS,
  });
  const ms = performance.now() - started;
  await rm(run.tempDir, { recursive: true, force: true });
  const annotation = /^::(?:warning|error)\b.*$/m.exec(run.stdout)?.[0];
  if (annotation !== undefined && !annotated.has(pathName)) {
    annotated.add(pathName);
    console.log(`Note: the action's ${pathName} run annotated: ${annotation}`);
  }
  const expectCreated = pathName === 'create' ? 'true' : 'false';
  if (run.exitCode !== 0 || run.outputs.created !== expectCreated) {
    throw new Error(
      `The action's ${pathName} run failed (exit code ${run.exitCode}, created=${run.outputs.created ?? 'unset'}, expected ${expectCreated}):\n` +
        `${run.stdout}${run.stderr}`,
    );
  }
  return { ms, ...requestsSince(before) };
}

// ---------------------------------------------------------------------------------------------
// The baseline: the system spec's procedure literally, one call after the other

interface ServiceScope {
  id: string;
  scope_string: string;
}

async function baselineProcedure(client: ClientRecord): Promise<{ created: boolean; scopeStrings: string[] }> {
  const authorization = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
  const call = async (method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<Record<string, unknown>> => {
    const url = new URL(apiPath, authUrl);
    if (url.hostname !== '127.0.0.1') throw new Error(`The baseline only talks to 127.0.0.1, not ${url.host}`);
    const response = await fetch(url, {
      method,
      headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      redirect: 'error',
      signal: AbortSignal.timeout(10_000 + 3 * LATENCY_MS),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`Baseline: ${method} ${apiPath} answered HTTP ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const clientPath = `/v2/api/clients/${encodeURIComponent(client.id)}`;
  const scopeIdsOf = (answer: Record<string, unknown>): string[] => (answer.client as { scopes: string[] }).scopes;
  const scopesOf = (answer: Record<string, unknown>): ServiceScope[] => answer.scopes as ServiceScope[];

  // 1. Inspect the client.
  const ids = scopeIdsOf(await call('GET', clientPath));
  if (ids.length > 0) {
    // 2. It has scopes: look them up by id, and that is all.
    const scopes = scopesOf(await call('GET', `/v2/api/scopes?ids=${ids.map(encodeURIComponent).join(',')}`));
    return { created: false, scopeStrings: scopes.map((s) => s.scope_string) };
  }
  // 2. Resolve each dependent scope string to its UUID, one lookup each.
  const dependents: Array<{ scope: string; optional: boolean; requires_refresh_token: boolean }> = [];
  for (const dep of SPEC.dependent_scopes) {
    const found = scopesOf(await call('GET', `/v2/api/scopes?scope_strings=${encodeURIComponent(dep.scope)}`))[0];
    if (found === undefined) throw new Error(`Baseline: no scope for ${dep.scope}`);
    dependents.push({ ...dep, scope: found.id });
  }
  // 3. Create the scope.
  const created = scopesOf(await call('POST', `${clientPath}/scopes`, { scope: { ...SPEC, dependent_scopes: dependents } }));
  // 4. Inspect the client again: the scope must be attached.
  const after = scopeIdsOf(await call('GET', clientPath));
  if (!created.every((s) => after.includes(s.id))) throw new Error('Baseline: the created scope is not attached to the client');
  return { created: true, scopeStrings: created.map((s) => s.scope_string) };
}

async function runTheBaseline(pathName: PathName): Promise<Measured> {
  const client = clientFor(pathName);
  const before = service.requests.length;
  const started = performance.now();
  const result = await baselineProcedure(client);
  const ms = performance.now() - started;
  if (result.created !== (pathName === 'create')) throw new Error(`The baseline's ${pathName} run did not end as expected`);
  return { ms, ...requestsSince(before) };
}

// ---------------------------------------------------------------------------------------------
// The runs

type Impl = 'action' | 'baseline';
const samples = new Map<string, Measured[]>();
const sampleKey = (impl: Impl, pathName: PathName, latency: number): string => `${impl}/${pathName}/${latency}`;
const record = (key: string, measured: Measured): void => {
  samples.set(key, [...(samples.get(key) ?? []), measured]);
  if (args.verbose) console.log(`  ${key}: ${measured.ms.toFixed(1)} ms, ${measured.requests} requests${measured.rssKb === undefined ? '' : `, ${measured.rssKb} KB`}`);
};
const bareNode: number[] = [];
/** A status line on a terminal; nothing when the output goes to a file or a pipe. */
const progress = (text: string): void => {
  if (process.stdout.isTTY) process.stdout.write(`\r${text.padEnd(40)}\r`);
};

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(
  `ensure-provider-scope benchmark: Node ${process.versions.node} (${process.execPath}), ${availableParallelism()} CPUs, load ${load()}; ` +
    `${RUNS} runs per figure, L = ${LATENCY_MS} ms, service on ${authUrl}`,
);
console.log(`Spec: ${SPEC.dependent_scopes.length} dependent scopes given by string (${SPEC.dependent_scopes.map((d) => d.scope).join(', ')})\n`);

// Warm-up, not counted: the file cache, the service's first connections.
service.options.latencyMs = 0;
for (const pathName of PATHS) {
  await runTheAction(pathName);
  await runTheBaseline(pathName);
}
await spawnNode(['-e', '0'], minimalEnv());

// Interleaved, so that a slower moment of the machine weighs on every figure alike.
for (let run = 1; run <= RUNS; run++) {
  progress(`run ${run}/${RUNS}`);
  const bare = await spawnNode(['-e', '0'], minimalEnv());
  if (bare.exitCode !== 0) throw new Error(`node -e 0 failed: ${bare.stderr}`);
  bareNode.push(bare.ms);
  // Each run at latency L right after its twin at latency 0: round trips come from the pair.
  for (const pathName of PATHS) {
    for (const latency of [0, LATENCY_MS]) {
      service.options.latencyMs = latency;
      record(sampleKey('action', pathName, latency), await runTheAction(pathName));
      record(sampleKey('baseline', pathName, latency), await runTheBaseline(pathName));
    }
  }
}

// Peak RSS: separate runs at latency 0 with a preload that writes maxRSS (KB) at exit.
progress('peak RSS');
service.options.latencyMs = 0;
const rssDir = await mkdtemp(path.join(tmpdir(), 'ensure-provider-scope-bench-'));
const preload = path.join(rssDir, 'max-rss.mjs');
await writeFile(
  preload,
  "import { writeFileSync } from 'node:fs';\n" +
    "process.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));\n",
);
const rssEnv = (file: string): Record<string, string> => ({ NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`, BENCH_RSS_FILE: file });
const readRss = async (file: string): Promise<number> => Number(await readFile(file, 'utf8'));
const bareRss: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  for (const pathName of PATHS) {
    const file = path.join(rssDir, `${pathName}-${run}`);
    const measured = await runTheAction(pathName, rssEnv(file));
    record(`rss/${pathName}`, { ...measured, rssKb: await readRss(file) });
  }
  const file = path.join(rssDir, `bare-${run}`);
  await spawnNode(['-e', '0'], { ...minimalEnv(), ...rssEnv(file) });
  bareRss.push(await readRss(file));
}
await rm(rssDir, { recursive: true, force: true });

// What each dependency costs to import, unbundled from node_modules, each in a fresh process.
const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const importMs = new Map<string, number>();
progress('import times');
for (const dep of Object.keys(pkg.dependencies ?? {})) {
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const code = `const t = performance.now(); await import(${JSON.stringify(dep)}); console.log(performance.now() - t);`;
    const result = await spawnNode(['--input-type=module', '-e', code], minimalEnv());
    // A package that cannot be imported on its own (no main entry) is reported, not fatal.
    times.push(result.exitCode === 0 ? Number(result.stdout.trim()) : Number.NaN);
  }
  importMs.set(dep, median(times));
}
await service.stop();
progress('');

// ---------------------------------------------------------------------------------------------
// The figures

const figure = (impl: Impl, pathName: PathName, latency: number, pick: (m: Measured) => number): number =>
  median((samples.get(sampleKey(impl, pathName, latency)) ?? []).map(pick));
const wall = (impl: Impl, pathName: PathName, latency: number): number => figure(impl, pathName, latency, (m) => m.ms);
/** The median over the runs of (wall time at L - wall time at 0 of the same run) / L. */
const roundTrips = (impl: Impl, pathName: PathName): number => {
  const atZero = samples.get(sampleKey(impl, pathName, 0)) ?? [];
  const atL = samples.get(sampleKey(impl, pathName, LATENCY_MS)) ?? [];
  return median(atL.map((m, i) => (m.ms - (atZero[i]?.ms ?? Number.NaN)) / LATENCY_MS));
};
const waves = (impl: Impl, pathName: PathName): number => figure(impl, pathName, LATENCY_MS, (m) => m.waves ?? Number.NaN);
const requests = (impl: Impl, pathName: PathName): number => figure(impl, pathName, 0, (m) => m.requests);
const duplicates = (pathName: PathName): number =>
  Math.max(...[0, LATENCY_MS].flatMap((latency) => (samples.get(sampleKey('action', pathName, latency)) ?? []).map((m) => m.duplicates)));
const rssMb = (pathName: PathName): number => median((samples.get(`rss/${pathName}`) ?? []).map((m) => m.rssKb ?? Number.NaN)) / 1024;

const bareMs = median(bareNode);
const startupOverhead = wall('action', 'noop', 0) - bareMs;
const files = await bundleFiles();
const bundleBytes = files.reduce((sum, f) => sum + f.bytes, 0);

const fmt = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const ratio = (a: number, b: number): string => `${fmt(a / b, 2)}x`;
const both = (f: (pathName: PathName) => string): [string, string] => [f('noop'), f('create')];
const rows: Array<[string, string, string]> = [
  ['', 'no-op', 'creating'],
  ['round trips on the critical path, action', ...both((p) => fmt(roundTrips('action', p), 2))],
  ['  as the service saw them (waves of requests)', ...both((p) => fmt(waves('action', p)))],
  ['round trips on the critical path, baseline', ...both((p) => fmt(roundTrips('baseline', p), 2))],
  ['  as the service saw them (waves of requests)', ...both((p) => fmt(waves('baseline', p)))],
  ['  gain in round trips (baseline / action)', ...both((p) => ratio(roundTrips('baseline', p), roundTrips('action', p)))],
  ['requests per run, action', ...both((p) => fmt(requests('action', p)))],
  ['requests per run, baseline', ...both((p) => fmt(requests('baseline', p)))],
  ['requests sent twice in a run, action (max)', ...both((p) => fmt(duplicates(p)))],
  ['wall ms at latency 0, action (a process)', ...both((p) => fmt(wall('action', p, 0)))],
  [`wall ms at latency ${LATENCY_MS}, action (a process)`, ...both((p) => fmt(wall('action', p, LATENCY_MS)))],
  ['wall ms at latency 0, baseline (in-process)', ...both((p) => fmt(wall('baseline', p, 0), 1))],
  [`wall ms at latency ${LATENCY_MS}, baseline (in-process)`, ...both((p) => fmt(wall('baseline', p, LATENCY_MS)))],
  [`  as a script: + bare node's ${fmt(bareMs)} ms`, ...both((p) => fmt(wall('baseline', p, LATENCY_MS) + bareMs))],
  [`  gain in wall time at ${LATENCY_MS} ms (baseline script / action)`, ...both((p) => ratio(wall('baseline', p, LATENCY_MS) + bareMs, wall('action', p, LATENCY_MS)))],
  ['peak RSS MB, action (latency 0)', ...both((p) => fmt(rssMb(p), 1))],
];
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
for (const [label, noop, create] of rows) {
  console.log(`${label.padEnd(widths[0] ?? 0)}  ${noop.padStart(widths[1] ?? 0)}  ${create.padStart(widths[2] ?? 0)}`);
}

console.log(
  `\nStart-up: node dist/index.js, no-op at latency 0, ${fmt(wall('action', 'noop', 0))} ms - node -e 0 ${fmt(bareMs)} ms = ` +
    `${fmt(startupOverhead)} ms (the action's figure includes dev/runner.ts preparing the runner's files, about 10 ms)`,
);
console.log(`Peak RSS of node -e 0, measured the same way: ${fmt(median(bareRss) / 1024, 1)} MB`);
console.log(`Bundle: dist/ ${bundleBytes.toLocaleString('en')} bytes (${files.map((f) => `${f.file} ${f.bytes.toLocaleString('en')}`).join(', ')})`);
console.log(
  `\nImport time of each dependency, unbundled from node_modules, median of ${RUNS} fresh processes (they overlap: shared modules load once):`,
);
for (const [dep, ms] of importMs) console.log(`  ${dep.padEnd(20)} ${Number.isFinite(ms) ? `${fmt(ms)} ms` : 'could not be imported on its own'}`);

const checks: Array<{ what: string; value: string; met: boolean }> = [
  { what: `round trips, no-op <= ${TARGETS.noopRoundTrips}`, value: fmt(roundTrips('action', 'noop'), 2), met: roundTrips('action', 'noop') <= TARGETS.noopRoundTrips },
  {
    what: `round trips, creating <= ${TARGETS.createRoundTrips}`,
    value: fmt(roundTrips('action', 'create'), 2),
    met: roundTrips('action', 'create') <= TARGETS.createRoundTrips,
  },
  { what: `requests, no-op <= ${TARGETS.noopRequests}`, value: fmt(requests('action', 'noop')), met: requests('action', 'noop') <= TARGETS.noopRequests },
  { what: 'no request sent twice', value: fmt(Math.max(duplicates('noop'), duplicates('create'))), met: duplicates('noop') === 0 && duplicates('create') === 0 },
  { what: `start-up overhead over bare node <= ${TARGETS.startupOverheadMs} ms`, value: `${fmt(startupOverhead)} ms`, met: startupOverhead <= TARGETS.startupOverheadMs },
  { what: `bundle < ${TARGETS.bundleBytes.toLocaleString('en')} bytes`, value: bundleBytes.toLocaleString('en'), met: bundleBytes < TARGETS.bundleBytes },
];
console.log('\nTargets (issue 6):');
for (const { what, value, met } of checks) console.log(`  ${met ? 'met   ' : 'MISSED'}  ${what.padEnd(48)} ${value}`);

// Wall times carry the machine's noise; the waves of requests do not.
const noisy = PATHS.filter((p) => Math.abs(roundTrips('action', p) - waves('action', p)) > 0.5);
if (noisy.length > 0) {
  console.log(
    `\nWarning: round trips from wall times and from the service's log disagree (${noisy.join(', ')}): the machine was busy ` +
      `(load ${load()} at the end). Run again on a quiet machine, or with more runs (--runs) or a larger latency (--latency).`,
  );
}

const missed = checks.filter((c) => !c.met).length;
if (args.check && missed > 0) {
  console.log(`\n${missed} target(s) missed.`);
  process.exitCode = 1;
}
