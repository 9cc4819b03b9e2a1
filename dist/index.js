import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 1631:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _wire_transport_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5071);
// The action's entry. The service's first connections open while the rest of the action loads
// (transport.ts, openAhead): the input is read as the runner gives it, and checked only later,
// with the others; a connection opened ahead sends nothing until then.

await (0,_wire_transport_js__WEBPACK_IMPORTED_MODULE_0__/* .openAhead */ .ij)(process.env.INPUT_AUTH_URL?.trim());
const { run } = await Promise.all(/* import() */[__nccwpck_require__.e(980), __nccwpck_require__.e(472)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1472));
await run();
// Ended once what was written has gone, without the teardown of a natural exit (CONTRIBUTING.md,
// "What the start-up devices buy"): run() has awaited all it started.
await Promise.all([process.stdout, process.stderr].map((stream) => stream.writableLength === 0
    ? undefined
    : new Promise((resolve) => stream.once('drain', resolve).once('error', resolve).once('close', resolve))));
process.exit();

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 5071:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  gN: () => (/* binding */ closeAhead),
  ij: () => (/* binding */ openAhead),
  g2: () => (/* binding */ openTransport)
});

// UNUSED EXPORTS: AHEAD_WAIT_MS, KEEP_ALIVE_MS, OPENED_AHEAD, aheadAddress, hasBuiltInProxy, nodeTransport, proxyVariables

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __nccwpck_require__(7067);
var external_node_http_default = /*#__PURE__*/__nccwpck_require__.n(external_node_http_);
;// CONCATENATED MODULE: external "node:https"
const external_node_https_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");
var external_node_https_default = /*#__PURE__*/__nccwpck_require__.n(external_node_https_namespaceObject);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __nccwpck_require__(7030);
var external_node_net_default = /*#__PURE__*/__nccwpck_require__.n(external_node_net_);
// EXTERNAL MODULE: external "node:tls"
var external_node_tls_ = __nccwpck_require__(1692);
var external_node_tls_default = /*#__PURE__*/__nccwpck_require__.n(external_node_tls_);
;// CONCATENATED MODULE: ./src/wire/transport.ts
/**
 * Where a request goes out: one kept-alive connection per origin's protocol, over Node's own
 * `node:http` and `node:https`, whose HTTP parser is native. undici's parser is WebAssembly, and
 * V8 finishes optimising it on a background thread that the process's exit waits for: about
 * the whole tail after the last answer (CONTRIBUTING.md, "What the start-up devices buy").
 *
 * Proxies: HTTP_PROXY, HTTPS_PROXY and NO_PROXY, as undici's EnvHttpProxyAgent read them before
 * (the lower-case spelling first; an https request goes through HTTP_PROXY when HTTPS_PROXY is
 * not set), through Node's built-in proxy support (the agents' `proxyEnv`, Node 22.21 and 24.5
 * on: https://nodejs.org/en/learn/http/enterprise-network-configuration). On an older Node
 * with a proxy variable set, undici's EnvHttpProxyAgent, loaded only then.
 */




/** How long an idle connection is kept, unless the server asks for less (its Keep-Alive: timeout). */
const KEEP_ALIVE_MS = 10_000;
/** The proxy variables as undici's EnvHttpProxyAgent reads them; none when none is set. */
function proxyVariables(env) {
    const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
    const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy;
    const noProxy = env.no_proxy ?? env.NO_PROXY;
    if (!httpProxy && !httpsProxy)
        return undefined;
    return {
        ...(httpProxy ? { HTTP_PROXY: httpProxy } : {}),
        ...(httpsProxy ? { HTTPS_PROXY: httpsProxy } : {}),
        ...(noProxy === undefined ? {} : { NO_PROXY: noProxy }),
    };
}
/** Whether Node's agents take `proxyEnv`: 22.21 on in 22, 24.5 on (23 never had it). */
function hasBuiltInProxy(version) {
    const [major = 0, minor = 0] = version.split('.').map(Number);
    return major > 24 || (major === 24 && minor >= 5) || (major === 22 && minor >= 21);
}
/**
 * A lane's transport: Node's agents (one connection each), or undici's proxy agent where this
 * Node has no proxy support of its own and a proxy is set.
 */
function openTransport(env = process.env, nodeVersion = process.versions.node) {
    const proxies = proxyVariables(env);
    return proxies === undefined || hasBuiltInProxy(nodeVersion) ? nodeTransport(proxies) : undiciTransport(proxies);
}
/** Node's agent of one kept-alive connection. */
function nodeAgent(protocol, proxyEnv) {
    const options = { keepAlive: true, maxSockets: 1, timeout: KEEP_ALIVE_MS, ...(proxyEnv && { proxyEnv }) };
    return protocol === 'https:' ? new (external_node_https_default()).Agent(options) : new (external_node_http_default()).Agent(options);
}
/** A lane's agent, which takes a connection opened ahead to its origin before it opens one. */
function agentOf(protocol, proxyEnv) {
    const agent = nodeAgent(protocol, proxyEnv);
    const open = agent.createConnection.bind(agent);
    // Either way the agent is given its socket by the callback: the documented asynchronous form.
    agent.createConnection = (connection, callback) => callback !== undefined && takeAhead(originKey(protocol, connection), callback)
        ? undefined
        : open(connection, callback);
    return agent;
}
/** Node's agents, one per protocol, each of one kept-alive connection. */
function nodeTransport(proxyEnv) {
    const agents = new Map();
    const agentFor = (protocol) => {
        let agent = agents.get(protocol);
        if (agent === undefined) {
            agent = agentOf(protocol, proxyEnv);
            agents.set(protocol, agent);
        }
        return agent;
    };
    return {
        request: ({ origin, path, method, headers, signal, body }) => new Promise((resolve, reject) => {
            signal.throwIfAborted();
            const { protocol, hostname, port } = new URL(origin);
            const request = (protocol === 'https:' ? (external_node_https_default()) : (external_node_http_default())).request({
                agent: agentFor(protocol),
                protocol,
                // An IPv6 literal without its brackets.
                hostname: hostname.replace(/^\[(.*)\]$/, '$1'),
                port,
                path,
                method,
            });
            let response;
            // Stopped with the signal's reason (a limit's TimeoutError), before the answer or while its
            // body is read; either way the connection is closed, not given back.
            const abort = () => void (response ?? request).destroy(signal.reason);
            signal.addEventListener('abort', abort, { once: true });
            // Closed once the answer's body has ended (or the request failed): nothing left to stop.
            request.once('close', () => signal.removeEventListener('abort', abort));
            // Every error, also one after the answer (the socket's, while its body is read): the first rejects.
            request.on('error', reject);
            request.once('response', (answer) => {
                response = answer;
                resolve({ statusCode: answer.statusCode ?? 0, headers: answer.headers, body: answer });
            });
            try {
                // Set on the request, not given with its options: the agent hands those to the socket's
                // connect, which NODE_DEBUG=net prints whole (the credentials with them).
                for (const [name, value] of Object.entries(headers))
                    request.setHeader(name, value);
            }
            catch (error) {
                // A value Node refuses (a line break): never sent.
                reject(error);
                request.destroy();
                return;
            }
            // A body given whole to end() is sent with its Content-Length, in bytes.
            request.end(body);
        }),
        destroy: () => agents.forEach((agent) => agent.destroy()),
    };
}
/** undici's EnvHttpProxyAgent, loaded on first use: its parser's cost is paid only behind a proxy, on an older Node. */
function undiciTransport({ HTTP_PROXY = '', HTTPS_PROXY = '', NO_PROXY = '' }) {
    // The variables as read above (an empty one is none: undici reads the environment only for
    // one not given); undici's own header and body timeouts (300 s) are off: the limit is the
    // budget's, by signal.
    const agent = Promise.all(/* import() */[__nccwpck_require__.e(7), __nccwpck_require__.e(593)]).then(__nccwpck_require__.bind(__nccwpck_require__, 4593)).then(({ EnvHttpProxyAgent }) => new EnvHttpProxyAgent({
        httpProxy: HTTP_PROXY,
        httpsProxy: HTTPS_PROXY,
        noProxy: NO_PROXY,
        connections: 1,
        keepAliveTimeout: KEEP_ALIVE_MS,
        headersTimeout: 0,
        bodyTimeout: 0,
    }));
    return {
        request: async (options) => (await agent).request(options),
        destroy: () => void agent.then((a) => a.destroy()).catch(() => { }),
    };
}
/**
 * How many connections are opened ahead: the first round's requests go together (the client's
 * inspection and the lookup of its scopes), each on a connection of its own.
 */
const OPENED_AHEAD = 2;
const ahead = [];
// A request's connection options always hold its host and port (Node's ClientRequest sets both).
const originKey = (protocol, { host, port }) => `${protocol}//${host}:${port}`;
// Until a request takes it, a connection's failure only makes it unusable.
const ignore = () => { };
/** An agent's request for a connection, answered with one opened ahead to its origin, if one is left and usable. */
function takeAhead(key, callback) {
    const index = ahead.findIndex((a) => a.key === key && a.usable);
    if (index === -1)
        return false;
    const [taken] = ahead.splice(index, 1);
    // From now on the request's: it holds the process (also while a proxy's tunnel is still being
    // opened), and once the socket is handed over, the request's listeners report what happens.
    const hold = () => taken.sockets.forEach((socket) => socket.ref?.());
    hold();
    taken.ready.then((socket) => {
        hold();
        for (const held of taken.sockets)
            held.removeListener('error', ignore);
        callback(null, socket);
    }, (error) => callback(error, undefined));
    return true;
}
/** The longest the entry waits for the connections opened ahead to connect before it loads the rest. */
const AHEAD_WAIT_MS = 1000;
/**
 * Opens the first round's connections to the service (TCP, TLS, a proxy's CONNECT) while the
 * rest of the run loads and reads its spec; the lanes' agents take them for their first
 * requests. Nothing is sent on them but the handshakes, so a run that ends before its first
 * request (a spec that does not validate) has sent nothing; held by nothing, they close with
 * the process.
 *
 * Settles once each is connected (or failed), at most AHEAD_WAIT_MS later: loading the rest
 * holds the event loop, and the TLS handshake (a proxy's CONNECT) can start only from the
 * connection's callback, so it starts before the load instead of after it. The wait costs
 * nothing: the first request could not go before the connection was open either way.
 */
function openAhead(url, env = process.env, nodeVersion = process.versions.node, waitMs = AHEAD_WAIT_MS) {
    const address = aheadAddress(url, env, nodeVersion);
    if (address === undefined)
        return Promise.resolve();
    const { protocol, host, port } = address;
    const proxies = proxyVariables(env);
    const agent = nodeAgent(protocol, proxies);
    const connection = {
        ...agent.options,
        host,
        port,
        // As the agent names the server for a request: no SNI for an address.
        servername: external_node_net_default().isIP(host) === 0 ? host : '',
    };
    const key = originKey(protocol, connection);
    const connected = [];
    for (let i = 0; i < OPENED_AHEAD; i++) {
        const sockets = [];
        const entry = { key, ready: Promise.resolve(), usable: true, sockets };
        const hold = (socket) => {
            sockets.push(socket);
            socket.on('error', ignore).once('close', () => (entry.usable = false));
            socket.unref?.();
            return socket;
        };
        let tunnelled;
        const returned = agent.createConnection(connection, (error, socket) => tunnelled?.(error, socket));
        if (returned === null || returned === undefined)
            break;
        if (proxies === undefined)
            entry.ready = Promise.resolve(hold(returned));
        else if (waitsForTunnel(returned)) {
            hold(returned);
            entry.ready = new Promise((resolve, reject) => {
                tunnelled = (error, socket) => {
                    if (error === null && socket !== undefined && entry.usable)
                        resolve(hold(socket));
                    else {
                        entry.usable = false;
                        socket?.destroy();
                        reject(error ?? new Error('the proxy tunnel was not opened'));
                    }
                };
            });
            // Not taken: a failure the request's own connection reports, never an unhandled one.
            entry.ready.catch(ignore);
        }
        else {
            // Behind a proxy and yet not tunnelled (NO_PROXY, or a Node that tunnels another way): not used.
            returned.destroy();
            break;
        }
        ahead.push(entry);
        connected.push(proxies === undefined
            ? transport_event(returned, 'connect')
            : // The proxy's connection (an https proxy's once its handshake is done), on which Node
                // sends the CONNECT; then its answer, which Node reads first: the tunnel's handshake
                // starts from there.
                transport_event(returned, returned instanceof (external_node_tls_default()).TLSSocket ? 'secureConnect' : 'connect').then(() => transport_event(returned, 'readable')));
    }
    if (connected.length === 0)
        return Promise.resolve();
    return new Promise((settle) => {
        // Held: the sockets are not, and the process must not end while the entry waits.
        const timer = setTimeout(settle, waitMs);
        void Promise.all(connected).then(() => {
            clearTimeout(timer);
            settle();
        });
    });
}
/** Settles on the socket's event, or once it has closed. */
const transport_event = (socket, name) => socket.closed
    ? Promise.resolve()
    : new Promise((settle) => socket.once(name, () => settle()).once('close', () => settle()));
/**
 * Where connections may be opened ahead: an https address, or http to this machine (what the
 * settings accept); not behind a proxy on a Node without proxy support (undici's agent then).
 */
function aheadAddress(url, env, nodeVersion) {
    let address;
    try {
        address = new URL(url ?? '');
    }
    catch {
        return undefined;
    }
    const { protocol, hostname, port } = address;
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    const proxies = proxyVariables(env);
    const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
    if (protocol !== 'https:' && !(protocol === 'http:' && loopback && proxies === undefined))
        return undefined;
    if (proxies !== undefined && !hasBuiltInProxy(nodeVersion))
        return undefined;
    return { protocol, host, port: port === '' ? (protocol === 'https:' ? 443 : 80) : Number(port) };
}
/** Closes the connections opened ahead that no request took (the run has stopped), and any still being opened. */
function closeAhead() {
    for (const entry of ahead.splice(0)) {
        entry.usable = false;
        for (const socket of entry.sockets)
            socket.destroy();
    }
}
/** Whether Node's agent hands the socket over once a proxy's tunnel is up (an https origin behind a proxy). */
const waitsForTunnel = (socket) => Object.getOwnPropertySymbols(socket).some((s) => s.description === 'kWaitForProxyTunnel');


/***/ }),

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 8161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 99:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:sqlite");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 7830:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/web");

/***/ }),

/***/ 7997:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		id: moduleId,
/******/ 		loaded: false,
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Flag the module as loaded
/******/ 	module.loaded = true;
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/node module decorator */
/******/ (() => {
/******/ 	__nccwpck_require__.nmd = (module) => {
/******/ 		module.paths = [];
/******/ 		if (!module.children) module.children = [];
/******/ 		return module;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(1631);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
