/**
 * The repository's workflows (.github/workflows) and the examples users copy
 * (examples/workflows), read once for the tests that check them: action-yml.test.ts (what they
 * give the action) and workflows.test.ts (pins, secrets, the real service's values).
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../../scripts/readme-tables.ts';

export type Mapping = Record<string, unknown>;
export const isMapping = (value: unknown): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const asMapping = (value: unknown): Mapping => (isMapping(value) ? value : {});

/** A file of the repository, by its path from the root. */
export const read = (file: string): Promise<string> => readFile(path.join(ROOT, file), 'utf8');

const WORKFLOW_DIRS = ['.github/workflows', 'examples/workflows'];

/** Workflow files, the repository's own and the examples, by path from the root, sorted. */
export async function workflowFiles(): Promise<string[]> {
  const lists = await Promise.all(
    WORKFLOW_DIRS.map(async (dir) =>
      existsSync(path.join(ROOT, dir))
        ? (await readdir(path.join(ROOT, dir))).filter((f) => /\.ya?ml$/.test(f)).map((f) => path.posix.join(dir, f))
        : [],
    ),
  );
  return lists.flat().sort();
}

export interface Workflow {
  file: string;
  text: string;
  yaml: Mapping;
}

/** Every workflow file, read and parsed. */
export const readWorkflows = async (): Promise<Workflow[]> =>
  Promise.all(
    (await workflowFiles()).map(async (file) => {
      const text = await read(file);
      return { file, text, yaml: asMapping(parse(text)) };
    }),
  );

export const jobsOf = (workflow: Workflow): Array<[string, Mapping]> =>
  Object.entries(asMapping(workflow.yaml.jobs)).map(([name, job]) => [name, asMapping(job)]);
export const stepsOf = (job: Mapping): Mapping[] => (Array.isArray(job.steps) ? job.steps.map(asMapping) : []);

// This action, as the repository's CI (`./`) and the examples (`<owner>/ensure-provider-scope@v1`) use it.
export const isThisAction = (uses: string): boolean => uses === './' || /(^|\/)ensure-provider-scope@/.test(uses);
