/** The size of the bundle: every file of dist/, largest first. */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../runner.ts';

export interface BundleFile {
  file: string;
  bytes: number;
}

export async function bundleFiles(): Promise<BundleFile[]> {
  const dist = path.join(ROOT, 'dist');
  const files: BundleFile[] = [];
  for (const entry of await readdir(dist, { recursive: true })) {
    const info = await stat(path.join(dist, entry));
    if (info.isFile()) files.push({ file: entry, bytes: info.size });
  }
  return files.sort((a, b) => b.bytes - a.bytes);
}
