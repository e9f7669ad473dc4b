// Shared helpers for the sandbox tests (not a test file itself: index.js only imports `*.test.mjs`).
import http from 'node:http';
import { after, before, beforeEach } from 'node:test';
import { SANDBOX_API_KEY, startSandbox } from '../server.mjs';

export { SANDBOX_API_KEY };

/**
 * @typedef {{status: number, headers: Headers, body: any, text: string}} Res
 * @typedef {{body?: unknown, rawBody?: string, headers?: Record<string, string>, auth?: string}} CallOptions
 *   auth: `bearer` (API key, default), `x-api-key`, `none`, or an access token
 */

/**
 * Start a quiet sandbox on a free port.
 * @param {import('../server.mjs').SandboxOptions} [options]
 */
export function start(options = {}) {
	return startSandbox({ port: 0, quiet: true, ...options });
}

/**
 * A client bound to one sandbox.
 * @param {{url: string}} sb
 */
export function client(sb) {
	/**
	 * @param {string} method
	 * @param {string} path
	 * @param {CallOptions} [opts]
	 * @returns {Promise<Res>}
	 */
	async function call(method, path, opts = {}) {
		/** @type {Record<string, string>} */
		const headers = { ...(opts.headers ?? {}) };
		const auth = opts.auth ?? 'bearer';
		if (auth === 'bearer') headers.Authorization = `Bearer ${SANDBOX_API_KEY}`;
		else if (auth === 'x-api-key') headers['X-API-Key'] = SANDBOX_API_KEY;
		else if (auth !== 'none') headers.Authorization = `Bearer ${auth}`;
		let body;
		if (opts.rawBody !== undefined) body = opts.rawBody;
		else if (opts.body !== undefined) body = JSON.stringify(opts.body);
		if (body !== undefined) headers['Content-Type'] = 'application/json';
		const res = await fetch(sb.url + path, { method, headers, body });
		const text = await res.text();
		let json;
		try {
			json = JSON.parse(text);
		} catch {
			json = undefined;
		}
		return { status: res.status, headers: res.headers, body: json, text };
	}
	return {
		call,
		/**
		 * @param {string} path
		 * @param {CallOptions} [opts]
		 */
		get: (path, opts) => call('GET', path, opts),
		/**
		 * @param {string} path
		 * @param {unknown} body
		 * @param {CallOptions} [opts]
		 */
		post: (path, body, opts = {}) => call('POST', path, { ...opts, body }),
		/**
		 * An admin call (no auth) under /__sandbox.
		 * @param {string} method
		 * @param {string} path
		 * @param {unknown} [body]
		 */
		admin: (method, path, body) => call(method, `/__sandbox${path}`, { body, auth: 'none' }),
		/**
		 * Send a test SMS.
		 * @param {string[]} recipients
		 * @param {Record<string, unknown>} [extra] more body fields
		 */
		send: (recipients, extra = {}) =>
			call('POST', '/api/integration/v1/sms/send/', {
				body: { message: 'Hello from the tests', recipients, sender_id: 'TESTS', ...extra },
			}),
		/** Login and return the access token. */
		login: async () => {
			const r = await call('POST', '/api/auth/login/', {
				auth: 'none',
				body: { email: 'demo@sandbox.test', password: 'sandbox-password' },
			});
			return /** @type {string} */ (r.body.access_token);
		},
	};
}

/**
 * A raw node:http GET (lets the test set the Host header).
 * @param {{url: string}} sb
 * @param {string} path
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{status: number, headers: http.IncomingHttpHeaders, body: any}>}
 */
export function rawGet(sb, path, headers = {}) {
	const { hostname, port } = new URL(sb.url);
	return new Promise((resolve, reject) => {
		const req = http.request({ hostname, port, path, method: 'GET', headers }, (res) => {
			let data = '';
			res.setEncoding('utf8');
			res.on('data', (c) => (data += c));
			res.on('end', () =>
				resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(data) }),
			);
		});
		req.on('error', reject);
		req.end();
	});
}

/**
 * Poll `fn` until it returns a truthy value (or time out).
 * @template T
 * @param {() => Promise<T>} fn
 * @param {{timeoutMs?: number, intervalMs?: number}} [opts]
 */
export async function waitFor(fn, { timeoutMs = 3000, intervalMs = 20 } = {}) {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const v = await fn();
		if (v) return v;
		if (Date.now() > end) throw new Error('waitFor: timed out');
		await new Promise((r) => setTimeout(r, intervalMs));
	}
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts one sandbox for the enclosing describe block (stopped after it) and hands it and its client to `use`;
 * with `reset`, the state is reset before each test.
 * @param {Parameters<typeof start>[0]} options
 * @param {(sb: Awaited<ReturnType<typeof start>>, c: ReturnType<typeof client>) => void} use
 * @param {{ reset?: boolean }} [flags]
 */
export function withSandbox(options, use, { reset = false } = {}) {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {ReturnType<typeof client>} */
	let c;
	before(async () => {
		sb = await start(options);
		c = client(sb);
		use(sb, c);
	});
	after(() => sb.close());
	if (reset) beforeEach(() => c.admin('POST', '/reset'));
}
