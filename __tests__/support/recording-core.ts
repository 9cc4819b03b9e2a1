import type { ActionCore, AnnotationProperties, Collaborators } from '../../src/github/collaborators.ts';
import type { RunContext } from '../../src/github/run-context.ts';

/** One call to the fake core, in the order the run made it. */
export type CoreCall =
  | { call: 'setSecret' | 'info' | 'debug'; value: string }
  | { call: 'setOutput'; name: string; value: string }
  | { call: 'warning' | 'error'; message: string; properties: AnnotationProperties | undefined };

/** A recording stand-in for what the runner gives run(): @actions/core, the summary, the exit code. */
export class RecordingRunner {
  readonly calls: CoreCall[] = [];
  readonly summaries: string[] = [];
  exitCode: 0 | 1 | undefined;
  fatal: ((error: unknown) => void) | undefined;
  readonly inputs: Record<string, string>;

  constructor(inputs: Record<string, string>) {
    this.inputs = inputs;
  }

  collaborators(
    overrides: Partial<Collaborators> = {},
    context: RunContext = { eventName: 'push', ref: 'refs/heads/main', payload: {} },
  ): Collaborators {
    const core: ActionCore = {
      getInput: (name) => this.inputs[name] ?? '',
      setSecret: (value) => this.calls.push({ call: 'setSecret', value }),
      setOutput: (name, value) => this.calls.push({ call: 'setOutput', name, value }),
      info: (value) => this.calls.push({ call: 'info', value }),
      debug: (value) => this.calls.push({ call: 'debug', value }),
      warning: (message, properties) => this.calls.push({ call: 'warning', message, properties }),
      error: (message, properties) => this.calls.push({ call: 'error', message, properties }),
    };
    return {
      core,
      workspace: '/nonexistent-workspace',
      summary: { runContext: async () => context, write: async (markdown) => void this.summaries.push(markdown) },
      setExitCode: (code) => {
        this.exitCode = code;
      },
      onFatal: (report) => {
        this.fatal = report;
      },
      ...overrides,
    };
  }

  outputs(): Record<string, string> {
    return Object.fromEntries(this.calls.flatMap((c) => (c.call === 'setOutput' ? [[c.name, c.value]] : [])));
  }

  annotations(): Array<{ level: 'warning' | 'error'; message: string; properties: AnnotationProperties | undefined }> {
    return this.calls.flatMap((c) =>
      c.call === 'warning' || c.call === 'error'
        ? [{ level: c.call, message: c.message, properties: c.properties }]
        : [],
    );
  }

  lines(kind: 'info' | 'debug'): string[] {
    return this.calls.flatMap((c) => (c.call === kind ? [c.value] : []));
  }

  /** Everything the run wrote, but the masks it registered: where no form of a secret may be. */
  written(): string {
    return [
      ...this.calls.filter((c) => c.call !== 'setSecret').map((c) => JSON.stringify(c)),
      ...this.calls.flatMap((c) => (c.call === 'setSecret' ? [] : 'value' in c ? [c.value] : [c.message])),
      ...this.summaries,
    ].join('\n');
  }
}
