/** The command line's commands, in the order its help lists them: what its reports name. */
export const COMMAND_NAMES = ['plan', 'apply', 'verify', 'import', 'rotate'] as const;
export type Command = (typeof COMMAND_NAMES)[number];
