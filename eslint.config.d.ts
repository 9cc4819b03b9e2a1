// The types of what eslint.config.js exports besides the configuration, for the tests that read it.
export const LAYERS: Record<string, Array<[RegExp, string]>>;
declare const config: unknown;
export default config;
