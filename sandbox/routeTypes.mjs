// The types a route handler of the sandbox is written against (JSDoc only, no code): what it gets (Ctx), what it
// gives (Result) and what the request log keeps (LogEntry). In a file of their own so that the route modules
// (api.mjs, contacts.mjs, templates.mjs, loginRoutes.mjs, admin.mjs) and the server share them without importing
// each other.

/**
 * @typedef {object} Ctx
 * @property {import('./state.mjs').SandboxState} state
 * @property {import('./auth.mjs').Auth} auth
 * @property {Record<string, string>} params decoded path parameters
 * @property {URLSearchParams} query
 * @property {any} body parsed JSON body (POST)
 * @property {string} path request path (encoded, as received)
 * @property {string} origin `http://<Host header>`
 */

/** @typedef {{status: number, body: unknown, headers?: Record<string, string>}} Result */

/**
 * @typedef {{method: string, path: string, search: string, headers: import('node:http').IncomingHttpHeaders,
 *   body: unknown, status: number|null, startMs: number, durationMs: number, faultId?: number}} LogEntry
 */

/**
 * One request in flight.
 * @typedef {object} Rq
 * @property {import('node:http').IncomingMessage} req
 * @property {import('node:http').ServerResponse} res
 * @property {string} method
 * @property {string} url path with query, as received
 * @property {string} path path without query (still URL-encoded)
 * @property {string} search query string without `?`
 * @property {string} bodyText
 * @property {{value?: unknown, error?: string}} parsed the JSON body, or the parse error
 * @property {number} startMs
 */

export {};
