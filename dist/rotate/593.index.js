export const id = 593;
export const ids = [593];
export const modules = {

/***/ 4593:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EnvHttpProxyAgent: () => (/* reexport default from dynamic */ undici_lib_dispatcher_env_http_proxy_agent_js__WEBPACK_IMPORTED_MODULE_2___default.a)
/* harmony export */ });
/* harmony import */ var undici_lib_api_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6615);
/* harmony import */ var undici_lib_dispatcher_dispatcher_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(883);
/* harmony import */ var undici_lib_dispatcher_dispatcher_js__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(undici_lib_dispatcher_dispatcher_js__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var undici_lib_dispatcher_env_http_proxy_agent_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3137);
/* harmony import */ var undici_lib_dispatcher_env_http_proxy_agent_js__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(undici_lib_dispatcher_env_http_proxy_agent_js__WEBPACK_IMPORTED_MODULE_2__);
/**
 * undici's proxy agent, for a proxy on a Node whose agents have no proxy support of their own
 * (before 22.21 and 24.5): transport.ts imports this module only then, so that no other run
 * compiles undici. Its parts without undici's index, which loads everything (fetch, WebSocket,
 * HTTP/2, the cache, the mocks: about 1 MB of code). What the index does for these parts is
 * done here: every dispatcher gets undici's API methods (`request`, and `connect`, which its
 * proxy agent uses for CONNECT). Pinned through a proxy by __tests__/unit/transport.test.ts.
 */



Object.assign((undici_lib_dispatcher_dispatcher_js__WEBPACK_IMPORTED_MODULE_1___default().prototype), undici_lib_api_index_js__WEBPACK_IMPORTED_MODULE_0__);



/***/ })

};
