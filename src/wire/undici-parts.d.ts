// The modules of undici that undici-core.ts imports on their own (see there why), typed with
// the types of undici's index, which are theirs.
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici';
  const DispatcherClass: typeof Dispatcher;
  export default DispatcherClass;
}

declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici';
  const api: Pick<Dispatcher, 'request' | 'stream' | 'pipeline' | 'upgrade' | 'connect'>;
  export default api;
}

declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import type { EnvHttpProxyAgent } from 'undici';
  const Agent: typeof EnvHttpProxyAgent;
  export default Agent;
}
