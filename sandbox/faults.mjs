// Fault injection for /api/ requests: status codes, bodies, latency, dropped connections, malformed JSON,
// before the request is processed (no state change) or after (state changed, response replaced).
import { errorBody } from './errors.mjs';

/** @type {Record<number, [string, string]>} */
const DEFAULT_FAULT_CODES = {
	400: ['Bad request (injected fault)', 'bad_request'],
	401: [
		'Authentication credentials were not provided or are invalid (injected fault)',
		'authentication_failed',
	],
	403: ['You do not have permission to perform this action (injected fault)', 'permission_denied'],
	404: ['Not found (injected fault)', 'not_found'],
	429: ['Rate limit exceeded (injected fault)', 'rate_limited'],
	500: ['Internal server error (injected fault)', 'internal_error'],
	502: ['Bad gateway (injected fault)', 'bad_gateway'],
	503: ['Service temporarily unavailable (injected fault)', 'service_unavailable'],
	504: ['Gateway timeout (injected fault)', 'gateway_timeout'],
};

/**
 * @typedef {object} Fault
 * @property {number} id
 * @property {string} path regex source or substring, matched against the path and the path with query
 * @property {string} [method]
 * @property {number} count how many requests were asked to fail
 * @property {number} remaining how many still will
 * @property {number} [skip] how many matching requests still pass untouched before the fault applies
 * @property {number} [status]
 * @property {unknown} [body]
 * @property {Record<string, string|number>} [headers]
 * @property {number} [latencyMs]
 * @property {boolean} [drop]
 * @property {boolean} [malformed]
 * @property {'before'|'after'} phase
 * @property {RegExp|null} regex
 */

export class FaultStore {
	constructor() {
		/** @type {Fault[]} */
		this.faults = [];
		this.nextId = 1;
	}

	/** @param {Omit<Fault, 'id'|'remaining'|'regex'>} spec */
	add(spec) {
		let regex = null;
		try {
			regex = new RegExp(spec.path);
		} catch {
			regex = null;
		}
		const fault = {
			id: this.nextId++,
			...spec,
			method: spec.method?.toUpperCase(),
			remaining: spec.count,
			regex,
		};
		this.faults.push(fault);
		return fault;
	}

	clear() {
		this.faults = [];
	}

	get size() {
		return this.faults.length;
	}

	/**
	 * The first fault matching the request; consumes one of its uses.
	 * @param {string} method
	 * @param {string} path pathname (still URL-encoded)
	 * @param {string} url path with query string
	 * @returns {Fault|null}
	 */
	take(method, path, url) {
		for (let i = 0; i < this.faults.length; i++) {
			const f = this.faults[i];
			if (f.method && f.method !== method) continue;
			const hit =
				path.includes(f.path) ||
				url.includes(f.path) ||
				(f.regex !== null && (f.regex.test(path) || f.regex.test(url)));
			if (!hit) continue;
			if (f.skip) {
				// Let this one through (e.g. "fail the second send"): later faults do not see it either.
				f.skip--;
				return null;
			}
			f.remaining--;
			if (f.remaining <= 0) this.faults.splice(i, 1);
			return f;
		}
		return null;
	}

	list() {
		return this.faults.map(view);
	}
}

/** @param {Fault} f */
export function view(f) {
	const { regex, ...rest } = f;
	return rest;
}

/**
 * True when the fault only delays (and maybe adds headers to) the real response.
 * @param {Fault} f
 */
export function isLatencyOnly(f) {
	return !f.drop && !f.malformed && f.status === undefined && f.body === undefined;
}

/**
 * The response a fault produces (undefined for a dropped connection).
 * @param {Fault} f
 * @param {{status: number, body: unknown}|null} real the processed response (phase "after"), if any
 * @returns {{status: number, headers: Record<string, string>, payload: string} | undefined}
 */
export function faultResponse(f, real) {
	if (f.drop) return undefined;
	/** @type {Record<string, string>} */
	const headers = {};
	if (f.malformed) {
		const full = real
			? JSON.stringify(real.body)
			: '{"success":true,"data":{"id":"00000000-0000-4000-8000-000000000000","status":"ok"}}';
		const payload = full.slice(0, Math.max(1, Math.floor(full.length / 2)));
		headers['content-type'] = 'application/json';
		for (const [k, v] of Object.entries(f.headers ?? {})) headers[k.toLowerCase()] = String(v);
		return { status: f.status ?? 200, headers, payload };
	}
	const status = f.status ?? 503;
	let payload;
	if (typeof f.body === 'string') {
		payload = f.body;
		headers['content-type'] = /^\s*</.test(f.body)
			? 'text/html; charset=utf-8'
			: 'text/plain; charset=utf-8';
	} else {
		const [msg, code] = DEFAULT_FAULT_CODES[status] ?? [
			`Injected fault (HTTP ${status})`,
			'injected_fault',
		];
		payload = JSON.stringify(
			f.body !== undefined ? f.body : errorBody(msg, code, { injected: true }),
		);
		headers['content-type'] = 'application/json';
	}
	if (status === 429) headers['retry-after'] = '1';
	for (const [k, v] of Object.entries(f.headers ?? {})) headers[k.toLowerCase()] = String(v);
	return { status, headers, payload };
}
