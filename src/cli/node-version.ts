/**
 * The command line's Node floor, checked by index.ts before anything else is loaded: what it
 * bundles needs Node 22.19 or later (undici 8), and on an older Node it would run untested, or
 * fail at import (undici's index does, on Node 20) with an error that names neither Node nor
 * its version. The floor is package.json's `engines.node`, which npm only warns about.
 */
import packageJson from '../../package.json' with { type: 'json' };

/** The `>=major.minor[.patch]` of `engines.node`, as numbers. */
export function floorOf(engines: string): [number, number, number] {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim());
  if (match === null) throw new Error(`engines.node must be of the form >=X.Y, not ${engines}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** The one line to print when `version` (process.versions.node) is below the floor, else undefined. */
export function tooOldNode(version: string, engines: string = packageJson.engines.node): string | undefined {
  const floor = floorOf(engines);
  const parts = version.split('.').map(Number);
  for (const [index, least] of floor.entries()) {
    const part = parts[index] ?? 0;
    if (part > least) return undefined;
    if (part < least) {
      const wanted = floor[2] === 0 ? floor.slice(0, 2).join('.') : floor.join('.');
      return `${packageJson.name} needs Node.js ${wanted} or later, and this is Node.js ${version}: install a newer Node.js (or switch to one with your version manager) and run it again.`;
    }
  }
  return undefined;
}
