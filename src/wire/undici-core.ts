/**
 * undici's proxy agent, for a proxy on a Node whose agents have no proxy support of their own
 * (before 22.21 and 24.5): transport.ts imports this module only then, so that no other run
 * compiles undici. Its parts without undici's index, which loads everything (fetch, WebSocket,
 * HTTP/2, the cache, the mocks: about 1 MB of code). What the index does for these parts is
 * done here: every dispatcher gets undici's API methods (`request`, and `connect`, which its
 * proxy agent uses for CONNECT). Pinned through a proxy by __tests__/unit/transport.test.ts.
 */
import api from 'undici/lib/api/index.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';

Object.assign(Dispatcher.prototype, api);

export { EnvHttpProxyAgent };
