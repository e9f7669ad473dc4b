// What `startSandbox` (server.mjs) takes and gives: its options with their defaults, and the running sandbox.
import http from 'node:http';

/** Defaults of `startSandbox` options. */
export const DEFAULT_OPTIONS = Object.freeze({
	port: 4010,
	host: '127.0.0.1',
	rateLimit: 1000,
	rateWindowSeconds: 3600,
	deliveryDelayMs: 1500,
	paymentDelayMs: 5000,
	jwtTtlSeconds: 3600,
	lowBalanceThreshold: 100,
	profile: 'documented',
	paymentStatusDelayMs: 0,
	referenceNotFound: false,
	loginRoutesNeedLogin: false,
	quiet: false,
	seed: true,
});

/**
 * @typedef {object} SandboxOptions
 * @property {number} [port] 0 = a free port; default 4010
 * @property {string} [host] default 127.0.0.1
 * @property {number} [rateLimit] requests per window and credential (default 1000)
 * @property {number} [rateWindowSeconds] default 3600
 * @property {number} [deliveryDelayMs] sent → delivered (default 1500)
 * @property {number} [paymentDelayMs] pending → completed (default 5000; ≤ 0: only by the admin call)
 * @property {number} [jwtTtlSeconds] access-token lifetime (default 3600)
 * @property {number} [lowBalanceThreshold] default 100
 * @property {'documented'|'wild'|'main'|'demo'} [profile] `documented` (default): as the API reference says; `wild`: as real
 *   servers of this kind answer (see wild.mjs); `main`: as the real service's branch `main` answers (mainBranch.mjs)
 * @property {number} [paymentStatusDelayMs] the payment-status endpoint answers this late (default 0)
 * @property {boolean} [referenceNotFound] documented: an unknown route answers the API reference's own error body
 *   `{"error": "Not found", "code": "not_found", "details": {}}` (default false: it names the method and path)
 * @property {boolean} [loginRoutesNeedLogin] an API key is refused on the real server's own routes (login only there),
 *   as that server refuses it, while the API reference's routes take either credential (default false; the demo's)
 * @property {boolean} [quiet] no logs (default false)
 * @property {boolean} [seed] seed data (default true)
 */

/**
 * @typedef {object} Sandbox
 * @property {string} url e.g. `http://127.0.0.1:4010`
 * @property {number} port
 * @property {http.Server} server
 * @property {import('./state.mjs').SandboxState} state
 * @property {() => Promise<void>} close
 */

export {};
