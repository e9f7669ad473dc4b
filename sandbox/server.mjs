// HTTP layer of the sandbox: request pipeline (faults → routing → auth → rate limit → JSON body → handler),
// request log, admin interface, start/stop.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminRouter } from './admin.mjs';
import { Auth, RateLimiter } from './auth.mjs';
import { ApiError, errorBody } from './errors.mjs';
import { FaultStore, faultResponse, isLatencyOnly } from './faults.mjs';
import { DEFAULT_OPTIONS } from './options.mjs';
import { mainHasRoute } from './mainBranch.mjs';
import { isReferenceRoute, routerFor } from './profiles.mjs';
import { SandboxState } from './state.mjs';
import { RingBuffer } from './util.mjs';
import { LOGIN_TEMPLATES, wildFailure } from './loginRoutes.mjs';
import {
	HTML_NOT_FOUND,
	NOT_PROVIDED,
	TOKEN_NOT_VALID,
	WILD_HANDLERS,
	answersAsRealServer,
	authenticateWild,
	wildAnswer,
	wildError,
} from './wild.mjs';
import { formatLogEntry, JSON_TYPE, sendResult, stringHeaders, writeRaw } from './wire.mjs';

export { DEFAULT_OPTIONS } from './options.mjs';
export {
	FAILING_NUMBER,
	FAILING_SUFFIX,
	SANDBOX_API_KEY,
	SANDBOX_EMAIL,
	SANDBOX_PASSWORD,
	SANDBOX_USER,
	SEED_IDS,
} from './fixtures.mjs';

/** How many requests the request log keeps. */
export const REQUEST_LOG_SIZE = 10_000;
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const PAYMENT_STATUS_PATH = /^\/api\/billing\/payments\/transactions\/[^/]+\/status\/$/;

/** @typedef {import('./options.mjs').SandboxOptions} SandboxOptions */
/** @typedef {import('./options.mjs').Sandbox} Sandbox */

/** @typedef {import('./routeTypes.mjs').Rq} Rq */
/** @typedef {import('./api.mjs').Result & {html?: string}} Result */
/** @typedef {import('./routeTypes.mjs').LogEntry} LogEntry */

/**
 * Start the sandbox.
 * @param {SandboxOptions} [options]
 * @returns {Promise<Sandbox>}
 */
export async function startSandbox(options = {}) {
	/** @type {Required<SandboxOptions>} */
	const opts = { ...DEFAULT_OPTIONS };
	for (const [k, v] of Object.entries(options)) {
		if (v !== undefined) /** @type {Record<string, unknown>} */ (opts)[k] = v;
	}
	const state = new SandboxState(
		{
			rateLimit: opts.rateLimit,
			rateWindowSeconds: opts.rateWindowSeconds,
			deliveryDelayMs: opts.deliveryDelayMs,
			paymentDelayMs: opts.paymentDelayMs,
			jwtTtlSeconds: opts.jwtTtlSeconds,
			lowBalanceThreshold: opts.lowBalanceThreshold,
			profile: opts.profile,
			paymentStatusDelayMs: opts.paymentStatusDelayMs,
			referenceNotFound: opts.referenceNotFound,
			loginRoutesNeedLogin: opts.loginRoutesNeedLogin,
		},
		{ seed: opts.seed },
	);
	const auth = new Auth();
	const rateLimiter = new RateLimiter(() => state.config);
	state.onRateLimitChange = () => rateLimiter.reset();
	const faults = new FaultStore();
	/** @type {RingBuffer<LogEntry>} */
	const requestLog = new RingBuffer(REQUEST_LOG_SIZE);
	/** @type {(err: unknown) => void} */
	const logError = opts.quiet ? () => {} : (err) => console.error('[sandbox] internal error:', err);
	let fallbackHost = `${opts.host}:${opts.port}`;

	/**
	 * An error → its response (unexpected errors → 500 with the documented body).
	 * @param {unknown} err
	 * @param {Record<string, string>} [extraHeaders]
	 * @returns {Result}
	 */
	function toResult(err, extraHeaders) {
		if (err instanceof ApiError) {
			const headers =
				extraHeaders || err.headers
					? { ...extraHeaders, ...stringHeaders(err.headers ?? {}) }
					: undefined;
			return { status: err.status, body: err.toBody(), headers };
		}
		logError(err);
		const message = err instanceof Error ? err.message : String(err);
		return {
			status: 500,
			body: errorBody('Internal server error', 'internal_error', { message }),
			headers: extraHeaders,
		};
	}

	/** @param {Rq} rq */
	const originOf = (rq) => `http://${rq.req.headers.host ?? fallbackHost}`;

	/**
	 * Process an /api/ (or unknown) request: routing → auth → rate limit → JSON body → handler.
	 * @param {Rq} rq
	 * @returns {Result}
	 */
	function processApi(rq) {
		const { method, path } = rq;
		const wild = answersAsRealServer(state.config);
		// `main` has no route of these paths, though a route with an id there would take their last segment as one.
		const m =
			state.config.profile === 'main' && !mainHasRoute(path)
				? null
				: routerFor(state.config.profile).match(method, path);
		if (m === null) {
			if (wild) return { status: 404, body: null, html: HTML_NOT_FOUND };
			// A gateway in front of a service of the reference may answer in the reference's own words (issue 51).
			if (state.config.referenceNotFound)
				return { status: 404, body: errorBody('Not found', 'not_found') };
			return { status: 404, body: errorBody(`Not found: ${method} ${path}`, 'not_found') };
		}
		if ('allowed' in m) {
			return {
				status: 405,
				body: errorBody(`Method not allowed: ${method} ${path}`, 'method_not_allowed', {
					allowed: m.allowed,
				}),
				headers: { Allow: m.allowed.join(', ') },
			};
		}
		/** @type {Record<string, string>|undefined} */
		let rlHeaders;
		try {
			if (m.route.auth) {
				const identity = wild
					? authenticateWild(auth, rq.req.headers, path, state.config.refuseApiKeys === true)
					: auth.authenticate(rq.req.headers);
				// The demo: an API key on a route of the real server's own (not the reference's) is refused in that
				// server's words, as it refuses it, so that a workflow on the wrong credential fails here too.
				if (
					state.config.loginRoutesNeedLogin &&
					identity.startsWith('key:') &&
					!isReferenceRoute(method, path)
				) {
					const body = rq.req.headers.authorization ? TOKEN_NOT_VALID : NOT_PROVIDED;
					throw new ApiError(401, 'token_not_valid', body.detail).withBody(body);
				}
				const rl = rateLimiter.hit(identity);
				// Real servers send no rate-limit headers at all (they still answer 429 when it is used up).
				rlHeaders = wild ? undefined : rl.headers;
				if (!rl.allowed) {
					const { rateLimit, rateWindowSeconds } = state.config;
					const retryAfter = Number(rl.headers['Retry-After']);
					return {
						status: 429,
						body: errorBody(
							`Rate limit exceeded: ${rateLimit} requests per ${rateWindowSeconds} seconds. Retry after ${retryAfter} seconds.`,
							'rate_limited',
							{ limit: rateLimit, window_seconds: rateWindowSeconds, retry_after: retryAfter },
						),
						headers: rlHeaders,
					};
				}
			}
			let body;
			if (BODY_METHODS.has(method)) {
				if (rq.parsed.error)
					throw new ApiError(
						400,
						'invalid_json',
						`Request body is not valid JSON: ${rq.parsed.error}`,
					);
				body = rq.parsed.value === undefined ? {} : rq.parsed.value;
				if (body === null || typeof body !== 'object' || Array.isArray(body)) {
					throw new ApiError(400, 'validation_error', 'body: must be a JSON object', {
						body: ['must be a JSON object'],
					});
				}
			}
			const ctx = {
				state,
				auth,
				params: m.params,
				query: new URLSearchParams(rq.search),
				body,
				path,
				origin: originOf(rq),
			};
			const handler = (wild && WILD_HANDLERS[m.route.template]) || m.route.handler;
			const failure = wild ? wildFailure(m.route.template, ctx) : undefined;
			if (failure) return { ...failure, headers: rlHeaders };
			const result = handler(ctx);
			// `raw`: a handler that already answers as the real server does (another method on a reshaped route);
			// the login's routes are the real server's own, answered in its shape already.
			if (wild && !(/** @type {any} */ (result).raw) && !LOGIN_TEMPLATES.has(m.route.template))
				result.body = wildAnswer(m.route.template, result.body);
			if (rlHeaders) result.headers = rlHeaders;
			return result;
		} catch (err) {
			if (wild && err instanceof ApiError && err.body === undefined)
				return { ...wildError(m.route.template, err), headers: rlHeaders };
			return toResult(err, rlHeaders);
		}
	}

	/**
	 * @param {Rq} rq
	 * @param {number|null} status null: connection dropped
	 * @param {number} [faultId]
	 */
	function logRequest(rq, status, faultId) {
		// Stored raw (cheap on the hot path); formatted by `formatLogEntry` when the log is read.
		requestLog.push({
			method: rq.method,
			path: rq.path,
			search: rq.search,
			headers: rq.req.headers,
			body: rq.parsed.error ? rq.bodyText : (rq.parsed.value ?? null),
			status,
			startMs: rq.startMs,
			durationMs: Date.now() - rq.startMs,
			faultId,
		});
	}

	/**
	 * Send a fault's response (or drop the connection).
	 * @param {Rq} rq
	 * @param {import('./faults.mjs').Fault} fault
	 * @param {Result|null} real the processed response (phase "after")
	 * @returns {number|null} the status sent, null when dropped
	 */
	function emitFault(rq, fault, real) {
		const r = faultResponse(fault, real);
		if (!r) {
			rq.req.socket.destroy();
			return null;
		}
		const contentType = r.headers['content-type'] ?? JSON_TYPE;
		delete r.headers['content-type'];
		writeRaw(rq.res, r.status, r.payload, r.headers, contentType);
		return r.status;
	}

	/**
	 * A latency-only fault adds its headers to the real response and sends it.
	 * @param {Rq} rq
	 * @param {import('./faults.mjs').Fault} fault
	 * @param {Result} r
	 */
	function sendDelayed(rq, fault, r) {
		if (fault.headers) r.headers = { ...r.headers, ...stringHeaders(fault.headers) };
		sendResult(rq.res, r);
		return r.status;
	}

	/**
	 * @param {Rq} rq
	 * @param {import('./faults.mjs').Fault} fault
	 */
	async function handleFaulted(rq, fault) {
		/** @type {number|null} */
		let status;
		try {
			if (fault.phase === 'before') {
				if (fault.latencyMs) await sleep(fault.latencyMs);
				status = isLatencyOnly(fault)
					? sendDelayed(rq, fault, processApi(rq))
					: emitFault(rq, fault, null);
			} else {
				const r = processApi(rq);
				if (fault.latencyMs) await sleep(fault.latencyMs);
				status = isLatencyOnly(fault) ? sendDelayed(rq, fault, r) : emitFault(rq, fault, r);
			}
		} catch (err) {
			const r = toResult(err);
			sendResult(rq.res, r);
			status = r.status;
		}
		logRequest(rq, status, fault.id);
	}

	/** @param {Rq} rq */
	function handleAdmin(rq) {
		const { method, path } = rq;
		let p = path;
		if (p.length > 10 && p.endsWith('/')) p = p.slice(0, -1);
		const m = adminRouter.match(method, p);
		/** @type {Result} */
		let r;
		if (m === null)
			r = { status: 404, body: errorBody(`Not found: ${method} ${path}`, 'not_found') };
		else if ('allowed' in m) {
			r = {
				status: 405,
				body: errorBody(`Method not allowed: ${method} ${path}`, 'method_not_allowed', {
					allowed: m.allowed,
				}),
				headers: { Allow: m.allowed.join(', ') },
			};
		} else {
			try {
				if (rq.parsed.error)
					throw new ApiError(
						400,
						'invalid_json',
						`Request body is not valid JSON: ${rq.parsed.error}`,
					);
				r = m.route.handler({
					state,
					faults,
					requestLog,
					formatLogEntry,
					rateLimiter,
					params: m.params,
					query: new URLSearchParams(rq.search),
					body: rq.parsed.value ?? {},
					origin: originOf(rq),
				});
			} catch (err) {
				r = toResult(err);
			}
		}
		sendResult(rq.res, r);
	}

	/**
	 * @param {http.IncomingMessage} req
	 * @param {http.ServerResponse} res
	 * @param {string} bodyText
	 */
	function onRequest(req, res, bodyText) {
		const url = req.url ?? '/';
		const q = url.indexOf('?');
		/** @type {Rq} */
		const rq = {
			req,
			res,
			method: req.method ?? 'GET',
			url,
			path: q < 0 ? url : url.slice(0, q),
			search: q < 0 ? '' : url.slice(q + 1),
			bodyText,
			parsed: {},
			startMs: Date.now(),
		};
		if (bodyText.length > 0) {
			try {
				rq.parsed.value = JSON.parse(bodyText);
			} catch (err) {
				rq.parsed.error = /** @type {Error} */ (err).message;
			}
		}
		if (rq.path === '/__sandbox' || rq.path.startsWith('/__sandbox/')) {
			handleAdmin(rq);
			return;
		}
		if (faults.size > 0 && rq.path.startsWith('/api/')) {
			const fault = faults.take(rq.method, rq.path, url);
			if (fault) {
				void handleFaulted(rq, fault);
				return;
			}
		}
		const slowMs = state.config.paymentStatusDelayMs;
		if (slowMs > 0 && PAYMENT_STATUS_PATH.test(rq.path)) {
			// Real servers take up to 60 s over the payment status (they ask the payment provider while you wait).
			void sleep(slowMs).then(() => {
				const r = processApi(rq);
				sendResult(res, r);
				logRequest(rq, r.status);
			}, logError);
			return;
		}
		const r = processApi(rq);
		sendResult(res, r);
		logRequest(rq, r.status);
	}

	/** @type {(req: http.IncomingMessage, res: http.ServerResponse, text: string) => void} */
	const safeOnRequest = (req, res, text) => {
		try {
			onRequest(req, res, text);
		} catch (err) {
			logError(err);
			if (!res.headersSent) sendResult(res, toResult(err));
		}
	};

	const server = http.createServer((req, res) => {
		// Fast path: a request without a body (no Content-Length, no Transfer-Encoding) needs no reading.
		const h = req.headers;
		if (h['content-length'] === undefined && h['transfer-encoding'] === undefined) {
			req.resume();
			safeOnRequest(req, res, '');
			return;
		}
		/** @type {Buffer[]} */
		const chunks = [];
		let size = 0;
		let tooLarge = false;
		req.on('data', (c) => {
			size += c.length;
			if (size > MAX_BODY_BYTES) tooLarge = true;
			else chunks.push(c);
		});
		req.on('end', () => {
			if (tooLarge) {
				writeRaw(
					res,
					413,
					JSON.stringify(errorBody('Request body too large', 'payload_too_large')),
					undefined,
				);
				return;
			}
			const text =
				chunks.length === 0
					? ''
					: chunks.length === 1
						? chunks[0].toString('utf8')
						: Buffer.concat(chunks).toString('utf8');
			safeOnRequest(req, res, text);
		});
		req.on('error', () => {});
	});
	server.keepAliveTimeout = 30_000;

	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(opts.port, opts.host, () => {
			server.off('error', reject);
			resolve(undefined);
		});
	});
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	const port = address.port;
	const hostForUrl = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
	fallbackHost = `${hostForUrl}:${port}`;
	const url = `http://${hostForUrl}:${port}`;

	/** @type {Promise<void>|undefined} */
	let closing;
	return {
		url,
		port,
		server,
		state,
		close: () => {
			closing ??= new Promise((resolve) => {
				state.dispose();
				server.close(() => resolve());
				server.closeAllConnections();
			});
			return closing;
		},
	};
}
