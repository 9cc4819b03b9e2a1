/**
 * A probe for a run's CPU time, which load inflates far less than its wall time:
 * `NODE_OPTIONS='--import=<this file>' PROBE_OUT=<file>` in the environment of a run
 * (`runAction`'s `env`, dev/runner.ts, or the command line's), spawned with Node's own binary
 * (`npx node -p process.execPath`), not through npx's wrapper. At exit it writes to PROBE_OUT,
 * as JSON, for the first socket connect, the last chunk read from a socket, and the exit event:
 * `t` (ms since the process started), `hr` (µs, the clock of `--cpu-prof`'s timestamps, to cut a
 * profile at these moments) and `cpu` (ms of `process.cpuUsage()`, every thread, user and
 * system). What the exit waits for after its event (V8's background threads) is not in it: time
 * the process from outside for that (bash's `times`). CONTRIBUTING.md, "What the start-up
 * devices buy", has what it measured.
 */
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const stamp = () => {
  const { user, system } = process.cpuUsage();
  return { t: performance.now(), hr: Number(process.hrtime.bigint() / 1000n), cpu: (user + system) / 1000 };
};
const seen = { first: null, lastData: null, exit: null };
const { connect, push } = net.Socket.prototype;
net.Socket.prototype.connect = function (...args) {
  seen.first ??= stamp();
  return connect.apply(this, args);
};
net.Socket.prototype.push = function (chunk, ...rest) {
  if (chunk?.length > 0) seen.lastData = stamp();
  return push.call(this, chunk, ...rest);
};
process.on('exit', () => {
  seen.exit = stamp();
  if (process.env.PROBE_OUT) writeFileSync(process.env.PROBE_OUT, JSON.stringify(seen));
});
