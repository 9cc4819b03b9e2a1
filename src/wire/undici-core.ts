/**
 * The part of undici the HTTP layer needs, without undici's index: the index loads everything
 * (fetch, WebSocket, HTTP/2, the cache, the mocks: about 1 MB of code, whose compile would come
 * before the first request; what that costs: CONTRIBUTING.md, "What the start-up devices
 * buy"). What the index does for these parts is done here: every dispatcher gets undici's API
 * methods (`request`, and `connect`, which its proxy agent uses for CONNECT). Pinned through a
 * proxy by __tests__/wire/action-on-the-wire.test.ts.
 */
import api from 'undici/lib/api/index.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';

Object.assign(Dispatcher.prototype, api);

export { EnvHttpProxyAgent };
