import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { buildApiError, readServerWords } from './errors';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_TYPE = 'smsPlatformApi';

/** Retry and pacing policy. Exported so tests can shorten the delays; never changed at run time by the nodes. */
export const policy = {
	/** GET retries on network errors and 5xx. */
	maxRetries: 3,
	/** First backoff delay; doubles each attempt. */
	baseDelayMs: 500,
	/** Upper bound of one backoff delay. */
	maxDelayMs: 8000,
	/** Attempts after a 429 before giving up (each waits for the reset or backs off). */
	maxRateLimitRetries: 5,
	/** Default request timeout. */
	timeoutMs: 30000,
	/** Default timeout of an endpoint known to be slow (a payment status may take a minute to answer). */
	slowTimeoutMs: 90000,
	/** Default upper bound of one wait for the rate limit to reset. */
	maxRateLimitWaitMs: 120000,
};

export interface RequestSettings {
	timeoutMs: number;
	maxRateLimitWaitMs: number;
}

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, path parameters already encoded with `encodeId`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	/**
	 * `false` for requests that create something (send, create tenant, initiate payment): they are retried only when
	 * the service certainly did not process them (a 429, or a connection that never opened).
	 */
	idempotent?: boolean;
	/** A send: errors say that nothing was re-sent. */
	isSend?: boolean;
	settings?: Partial<RequestSettings>;
}

export interface ApiResponse<T = unknown> {
	body: T;
	statusCode: number;
	headers: Record<string, string>;
	/** Requests made for this call, retries included. */
	attempts: number;
}

interface RateState {
	remaining?: number;
	resetAtMs?: number;
}

/**
 * What one execution context (one node run, one poll, one list search) learns while it runs: the rate-limit headers
 * last seen, and its decrypted credentials, read once instead of once a request (n8n reads them from its database
 * and resolves their expressions each time). Keyed weakly by the context, so nothing outlives the run and nothing
 * is shared between runs or workflows.
 */
interface Session {
	rate: RateState;
	credentials?: ICredentialDataDecryptedObject;
	/** Whether the API key was accepted by an API-key endpoint (learnt from a probe after a 401). */
	apiKeyWorks?: boolean;
}

const sessions = new WeakMap<object, Session>();

function sessionOf(ctx: object): Session {
	let session = sessions.get(ctx);
	if (!session) {
		session = { rate: {} };
		sessions.set(ctx, session);
	}
	return session;
}

/**
 * The credential's data, read once per run. The same object is handed to n8n with each request, so a JWT login
 * (preAuthentication) stores its new token in it for the requests that follow.
 */
async function credentialsOf(
	ctx: ApiContext,
	itemIndex?: number,
): Promise<ICredentialDataDecryptedObject> {
	const session = sessionOf(ctx);
	if (!session.credentials) {
		session.credentials = (await ctx.getCredentials(
			CREDENTIAL_TYPE,
			itemIndex,
		)) as ICredentialDataDecryptedObject;
	}
	return session.credentials;
}

function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (!headers || typeof headers !== 'object') return out;
	for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
		if (value === undefined || value === null) continue;
		out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return out;
}

/**
 * `X-RateLimit-Reset` is "a numeric epoch-style value": epoch seconds, epoch milliseconds, or (some servers)
 * seconds until the reset. Returns the reset time in epoch milliseconds.
 */
export function parseResetHeader(value: string | undefined, nowMs: number): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const n = Number(value.trim());
	if (!Number.isFinite(n) || n < 0) {
		const date = Date.parse(value);
		return Number.isNaN(date) ? undefined : date;
	}
	if (n > 1e12) return n; // epoch milliseconds
	if (n > 1e9) return n * 1000; // epoch seconds
	return nowMs + n * 1000; // seconds from now
}

/** `Retry-After`: seconds or an HTTP date. Returns milliseconds to wait. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const n = Number(value.trim());
	if (Number.isFinite(n)) return Math.max(0, n * 1000);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

function updateRateState(state: RateState, headers: Record<string, string>): void {
	const remaining = headers['x-ratelimit-remaining'];
	if (remaining !== undefined && remaining.trim() !== '' && Number.isFinite(Number(remaining))) {
		state.remaining = Number(remaining);
		state.resetAtMs = parseResetHeader(headers['x-ratelimit-reset'], Date.now());
	}
}

export function normalizeBaseUrl(ctx: ApiContext, raw: unknown, itemIndex?: number): string {
	const value = typeof raw === 'string' ? raw.trim() : '';
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The credential's Base URL "${value}" is not an http:// or https:// URL`,
			{
				itemIndex,
				description:
					'Open the SMS Platform credential and enter the service address with its scheme, e.g. https://api.example.com (or http://localhost:4010 for the sandbox).',
			},
		);
	}
	if (url.search || url.hash) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The credential's Base URL "${value}" must not contain a query (?) or fragment (#)`,
			{
				itemIndex,
				description:
					'Use only the scheme, host and optional path prefix, e.g. https://api.example.com',
			},
		);
	}
	return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Network error codes where the request certainly never reached the service. */
const NEVER_CONNECTED = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);

interface FailureInfo {
	code?: string;
	message: string;
}

/** Reads the network error code out of whatever n8n wrapped it in. */
function networkFailure(error: unknown): FailureInfo {
	const e = error as NodeApiError & { code?: string; cause?: { code?: string } };
	const candidates = [e.code, e.cause?.code, e.httpCode, ...(e.messages ?? []), e.message];
	let code: string | undefined;
	for (const candidate of candidates) {
		if (typeof candidate !== 'string') continue;
		const match = /\b(E[A-Z]{3,}|timeout|socket hang up)\b/i.exec(candidate);
		if (match) {
			code = /timeout/i.test(match[1])
				? 'ETIMEDOUT'
				: /socket hang up/i.test(match[1])
					? 'ECONNRESET'
					: match[1].toUpperCase();
			break;
		}
	}
	const raw =
		[...(e.messages ?? []), e.message].find((m) => typeof m === 'string' && m) ?? 'unknown error';
	return { code, message: raw };
}

function backoff(attempt: number): number {
	return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
}

/** Endpoints some servers answer slowly: the payment status asks the mobile-money provider (up to 60 s). */
const SLOW_PATHS = [/^\/api\/billing\/payments\/transactions\/[^/]+\/status\/$/];

function getSettings(req: ApiRequest): RequestSettings {
	const slow = SLOW_PATHS.some((pattern) => pattern.test(req.path));
	return {
		timeoutMs: req.settings?.timeoutMs ?? (slow ? policy.slowTimeoutMs : policy.timeoutMs),
		maxRateLimitWaitMs: req.settings?.maxRateLimitWaitMs ?? policy.maxRateLimitWaitMs,
	};
}

function tooLongWait(
	ctx: ApiContext,
	req: ApiRequest,
	waitMs: number,
	maxMs: number,
): NodeApiError {
	return buildApiError(ctx.getNode(), {
		status: 429,
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		message: `The service's rate limit is used up and resets in ${Math.ceil(waitMs / 1000)} s, longer than the maximum wait of ${Math.round(maxMs / 1000)} s`,
		description:
			'Nothing was sent for this request. Raise "Max Rate-Limit Wait" in the node\'s Request Options, run the workflow later, or use fewer requests (e.g. "Combine Items" when sending).',
	});
}

/**
 * The one door to the API: base URL, authentication, JSON, timeout, error parsing, retries and rate limits.
 * Returns the parsed body of a 2xx answer; anything else becomes a NodeApiError with the server's own words, from
 * which the credential's secrets are removed (a server or proxy may echo the Authorization header in its answer).
 */
export async function apiRequest<T = unknown>(
	ctx: ApiContext,
	req: ApiRequest,
): Promise<ApiResponse<T>> {
	let response: ApiResponse<T>;
	try {
		response = await sendRequest<T>(ctx, req);
	} catch (caught) {
		const error =
			caught instanceof NodeApiError || caught instanceof NodeOperationError
				? caught
				: new NodeOperationError(ctx.getNode(), caught as Error, { itemIndex: req.itemIndex });
		const secrets = await secretsOf(ctx, req.itemIndex, 4);
		if (secrets.length)
			scrub(error as unknown as Record<string, unknown>, secrets, new Set(), 0, 6);
		throw error;
	}
	// A server that echoes the key or token in its answer must not put it into the workflow's data.
	const secrets = await secretsOf(ctx, req.itemIndex, 8);
	if (secrets.length && response.body && typeof response.body === 'object') {
		// One native serialisation finds out whether there is anything to remove; the walk runs only then.
		const text = JSON.stringify(response.body);
		if (secrets.some((secret) => text.includes(secret))) {
			scrub(response.body as Record<string, unknown>, secrets, new Set(), 0, 32);
		}
	}
	return response;
}

const SECRET_FIELDS = ['apiKey', 'password', 'accessToken'];
const REDACTED = '***';

/** The credential's secrets as they may appear in a text (raw, trimmed, URL-encoded), longest first. */
async function secretsOf(
	ctx: ApiContext,
	itemIndex: number | undefined,
	minLength: number,
): Promise<string[]> {
	try {
		const credentials = await credentialsOf(ctx, itemIndex);
		return SECRET_FIELDS.map((field) => credentials[field])
			.filter((value): value is string => typeof value === 'string')
			.flatMap((value) => [value, value.trim(), encodeURIComponent(value.trim())])
			.filter((value) => value.length >= minLength)
			.sort((a, b) => b.length - a.length);
	} catch {
		return [];
	}
}

function redact(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
	return out;
}

/** Replaces every secret in the texts of an error (message, description, context, stack...) or an answer. */
function scrub(
	target: Record<string, unknown>,
	secrets: string[],
	seen: Set<object>,
	depth: number,
	maxDepth: number,
): void {
	if (seen.has(target) || depth > maxDepth) return;
	seen.add(target);
	const keys = new Set([
		...Object.keys(target),
		'message',
		'description',
		'stack',
		'messages',
		'context',
		'cause',
	]);
	for (const key of keys) {
		let value: unknown;
		try {
			value = target[key];
		} catch {
			continue;
		}
		if (typeof value === 'string') {
			const clean = redact(value, secrets);
			if (clean !== value) {
				try {
					target[key] = clean;
				} catch {
					// read-only property: nothing to do
				}
			}
		} else if (value && typeof value === 'object' && key !== 'node') {
			scrub(value as Record<string, unknown>, secrets, seen, depth + 1, maxDepth);
		}
	}
}

function credentialId(ctx: ApiContext): string {
	return ctx.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '';
}

async function sendRequest<T = unknown>(ctx: ApiContext, req: ApiRequest): Promise<ApiResponse<T>> {
	const settings = getSettings(req);
	const credentials = await credentialsOf(ctx, req.itemIndex);
	const baseUrl = normalizeBaseUrl(ctx, credentials.baseUrl, req.itemIndex);
	const idempotent = req.idempotent ?? req.method === 'GET';
	const state = sessionOf(ctx).rate;
	const isJwt = credentials.authMethod === 'jwt';
	const credentialsDecrypted = {
		id: credentialId(ctx),
		name: CREDENTIAL_TYPE,
		type: CREDENTIAL_TYPE,
		data: credentials,
	};

	let attempts = 0;
	let retries = 0;
	let rateLimitRetries = 0;
	let reloggedIn = false;

	for (;;) {
		// Pace: when the last answer said no requests remain, wait for the reset instead of earning a 429.
		if (state.remaining !== undefined && state.remaining <= 0 && state.resetAtMs !== undefined) {
			const waitMs = state.resetAtMs - Date.now();
			if (waitMs > 0) {
				if (waitMs > settings.maxRateLimitWaitMs)
					throw tooLongWait(ctx, req, waitMs, settings.maxRateLimitWaitMs);
				await sleep(waitMs + 50);
			}
			state.remaining = undefined;
		}

		const options: IHttpRequestOptions = {
			method: req.method,
			url: `${baseUrl}${req.path}`,
			headers: { Accept: 'application/json' },
			json: true,
			timeout: settings.timeoutMs,
			returnFullResponse: true,
			// Every answer comes back to this loop: a 401 is handled here (one re-login at most), not by n8n's own retry.
			ignoreHttpStatusErrors: true,
		};
		if (req.qs && Object.keys(req.qs).length) options.qs = req.qs;
		if (req.body !== undefined) {
			options.body = req.body;
			(options.headers as IDataObject)['Content-Type'] = 'application/json';
		}

		attempts++;
		const tokenBefore = isJwt ? String(credentials.accessToken ?? '') : '';
		let response: { body: unknown; headers: unknown; statusCode: number };
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				CREDENTIAL_TYPE,
				options,
				{
					credentialsDecrypted,
				},
			)) as typeof response;
		} catch (error) {
			if (error instanceof NodeOperationError) {
				throw new NodeOperationError(ctx.getNode(), error, { itemIndex: req.itemIndex });
			}
			const apiError = error as NodeApiError;
			const httpStatus = Number(apiError.httpCode);
			if (Number.isInteger(httpStatus) && httpStatus >= 100) {
				// Only the JWT re-login path lets n8n throw on HTTP errors; its body is in the error's context.
				throw buildApiError(ctx.getNode(), {
					status: httpStatus,
					body: apiError.context?.data ?? apiError.description ?? apiError.message,
					method: req.method,
					path: req.path,
					itemIndex: req.itemIndex,
					isSend: req.isSend,
				});
			}
			const failure = networkFailure(error);
			if (failure.message.includes('SMS Platform login')) {
				// preAuthentication (JWT login) failed: its message already says what to do.
				throw buildApiError(ctx.getNode(), {
					method: 'POST',
					path: '/api/auth/login/',
					itemIndex: req.itemIndex,
					message: failure.message,
					description: 'Check the e-mail, password and Base URL of the SMS Platform credential.',
				});
			}
			const neverConnected = failure.code !== undefined && NEVER_CONNECTED.has(failure.code);
			const timedOut = failure.code !== undefined && TIMEOUT_CODES.has(failure.code);
			if ((idempotent || neverConnected) && retries < policy.maxRetries) {
				await sleep(backoff(retries));
				retries++;
				continue;
			}
			const what = neverConnected
				? `Could not connect to the SMS Platform service at ${baseUrl}`
				: timedOut
					? `The SMS Platform service did not answer within ${Math.round(settings.timeoutMs / 1000)} s`
					: `The connection to the SMS Platform service failed${failure.code ? '' : ` (${failure.message})`}`;
			const advice = neverConnected
				? 'Check the Base URL in the credential and that the service is reachable from n8n.'
				: req.isSend || !idempotent
					? 'The service may have accepted the request before the connection failed, so it was NOT repeated automatically (a repeated send would cost a duplicate SMS). Check the message log, balance or list before trying again.'
					: `The request was tried ${attempts} times. Check that the service is up, or raise the timeout in Request Options.`;
			throw buildApiError(ctx.getNode(), {
				method: req.method,
				path: req.path,
				itemIndex: req.itemIndex,
				message: `${what}${failure.code ? ` (${failure.code})` : ''}`,
				description: advice,
				mayHaveBeenAccepted: !idempotent && !neverConnected,
			});
		}

		const headers = lowerCaseHeaders(response.headers);
		updateRateState(state, headers);
		const status = response.statusCode;

		if (status === 401 && isJwt) {
			// A token the login issued for this very request (none was stored, or n8n just logged in) is valid: the
			// endpoint refuses this kind of credential. A stored token may have expired: log in once more and retry once.
			const fresh = tokenBefore === '' || String(credentials.accessToken ?? '') !== tokenBefore;
			if (!fresh && !reloggedIn) {
				reloggedIn = true;
				// An empty expirable token makes n8n run preAuthentication (the login) before the next request.
				credentials.accessToken = '';
				continue;
			}
			throw refusedCredentialError(ctx, req, parseBody(response.body).value, 'jwt');
		}
		if (status === 401 && !isJwt && req.path !== BALANCE_PATH) {
			// Is the key wrong, or does this endpoint not take API keys? One request to an API-key endpoint tells.
			const session = sessionOf(ctx);
			session.apiKeyWorks ??= await probeApiKey(ctx, baseUrl, credentialsDecrypted, settings);
			if (session.apiKeyWorks) {
				throw refusedCredentialError(ctx, req, parseBody(response.body).value, 'apiKey');
			}
		}

		if (status === 429) {
			const now = Date.now();
			const waitMs =
				parseRetryAfter(headers['retry-after'], now) ??
				(() => {
					const reset = parseResetHeader(headers['x-ratelimit-reset'], now);
					return reset === undefined ? undefined : Math.max(0, reset - now);
				})() ??
				Math.min(policy.maxDelayMs * 4, 1000 * 2 ** rateLimitRetries);
			if (rateLimitRetries < policy.maxRateLimitRetries) {
				if (waitMs > settings.maxRateLimitWaitMs)
					throw tooLongWait(ctx, req, waitMs, settings.maxRateLimitWaitMs);
				rateLimitRetries++;
				state.remaining = undefined;
				await sleep(waitMs + 50);
				continue;
			}
		}

		if (status >= 500 && matchesNoQuery(response.body)) {
			// Django's "No <Thing> matches the given query." is a not-found that some servers answer with a 500.
			const words = readServerWords(parseBody(response.body).value)?.message;
			throw buildApiError(ctx.getNode(), {
				status,
				body: parseBody(response.body).value,
				method: req.method,
				path: req.path,
				itemIndex: req.itemIndex,
				message: `Not found: ${NO_MATCH.exec(words ?? '')?.[0] ?? NO_MATCH.exec(String(response.body))?.[0] ?? words}`,
				description: `The id does not exist on the service (or belongs to another account): the service said so with an HTTP ${status} ("No … matches the given query."), so the request was not retried. Check the value.`,
			});
		}

		if (status >= 500 && idempotent && retries < policy.maxRetries) {
			await sleep(backoff(retries));
			retries++;
			continue;
		}

		const body = parseBody(response.body);
		if (status === 404 && isNoSuchEndpoint(body, req)) {
			throw buildApiError(ctx.getNode(), {
				status,
				body: body.value,
				method: req.method,
				path: req.path,
				itemIndex: req.itemIndex,
				message: `This service has no such endpoint: ${req.method} ${req.path} ("${readServerWords(body.value)?.message ?? 'Not Found'}")`,
				description:
					'This service has no such endpoint: check the Base URL, or the service may not offer this operation. (An id that does not exist is answered differently.)',
			});
		}
		if (status < 200 || status >= 300) {
			throw buildApiError(ctx.getNode(), {
				status,
				body: body.value,
				method: req.method,
				path: req.path,
				itemIndex: req.itemIndex,
				isSend: req.isSend,
				mayHaveBeenAccepted: !idempotent && status >= 500,
			});
		}
		if (body.kind === 'html') {
			throw buildApiError(ctx.getNode(), {
				status,
				body: body.value,
				method: req.method,
				path: req.path,
				itemIndex: req.itemIndex,
				mayHaveBeenAccepted: !idempotent,
				message: `The service answered with an HTML page instead of JSON ("${readServerWords(body.value)?.message ?? ''}")`,
				description:
					'The Base URL probably points at a website or proxy rather than the API: check it in the credential.',
			});
		}
		if (body.kind === 'invalid') {
			throw buildApiError(ctx.getNode(), {
				status,
				method: req.method,
				path: req.path,
				itemIndex: req.itemIndex,
				mayHaveBeenAccepted: !idempotent,
				message: `The service answered with a body that is not valid JSON: ${String(body.value).slice(0, 120)}`,
				description: req.isSend
					? 'The request may have been processed; it was not repeated. Check the message log before sending again.'
					: 'The service or a proxy in front of it returned a broken answer. Try again later.',
			});
		}
		const value = body.value;
		if (
			value &&
			typeof value === 'object' &&
			!Array.isArray(value) &&
			(value as IDataObject).success === false
		) {
			throw buildApiError(ctx.getNode(), {
				status,
				body: value,
				method: req.method,
				path: req.path,
				itemIndex: req.itemIndex,
				isSend: req.isSend,
				message:
					readServerWords(value)?.message ??
					'The service reported that the request failed (success: false)',
				description: 'The service answered but reported a failure (success: false).',
			});
		}
		return { body: value as T, statusCode: status, headers, attempts };
	}
}

/** The API-key endpoint a key is proven on (the credential test uses it too). */
export const BALANCE_PATH = '/api/integration/v1/sms/balance/';

/** Whether the API key is accepted by the service's API-key endpoint: `undefined` when that cannot be told. */
async function probeApiKey(
	ctx: ApiContext,
	baseUrl: string,
	credentialsDecrypted: object,
	settings: RequestSettings,
): Promise<boolean | undefined> {
	try {
		const response = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL_TYPE,
			{
				method: 'GET',
				url: `${baseUrl}${BALANCE_PATH}`,
				headers: { Accept: 'application/json' },
				json: true,
				timeout: settings.timeoutMs,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			},
			{ credentialsDecrypted } as never,
		)) as { statusCode: number };
		if (response.statusCode >= 200 && response.statusCode < 300) return true;
		if (response.statusCode === 401 || response.statusCode === 403) return false;
		return undefined;
	} catch {
		return undefined;
	}
}

/**
 * A 401 for a credential that is fine: a token its login had just issued (JWT), or an API key the service's API-key
 * endpoints accept. The endpoint does not take this kind of credential; saying "wrong password" would mislead.
 */
function refusedCredentialError(
	ctx: ApiContext,
	req: ApiRequest,
	body: unknown,
	kind: 'jwt' | 'apiKey',
): NodeApiError {
	const words = readServerWords(body)?.message;
	const said = words ? ` (the service said "${words}")` : '';
	const error = buildApiError(ctx.getNode(), {
		status: 401,
		body,
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		isSend: req.isSend,
		message:
			kind === 'jwt'
				? `This endpoint does not accept the e-mail and password login (JWT): it refused a token the login had just issued${said}`
				: `This endpoint does not accept an API key: the service's API-key endpoints accept this key, but this one refused it${said}`,
		description:
			kind === 'jwt'
				? 'The e-mail and password are right (the login worked). This endpoint needs another kind of credential, e.g. an API key: use an SMS Platform credential with Authentication "API Key" for this operation.'
				: 'The API key is right. This endpoint needs another kind of credential, e.g. the login token: use an SMS Platform credential with Authentication "Email and Password (JWT)" for this operation.',
	});
	// Asking again will not help: callers that poll stop on it.
	error.context.credentialNotAccepted = kind;
	return error;
}

/** Whether an error says this endpoint does not take the credential's kind (retrying cannot help). */
export function credentialNotAccepted(error: unknown): boolean {
	return (
		typeof (error as { context?: { credentialNotAccepted?: unknown } })?.context
			?.credentialNotAccepted === 'string'
	);
}

const NO_MATCH = /No [\w .-]{1,80}? matches the given query\.?/i;

function matchesNoQuery(raw: unknown): boolean {
	const text = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
	return NO_MATCH.test(text);
}

/**
 * A 404 for a path the service does not have (an HTML "Not Found" page, or the words "Not found: GET /path"), as
 * opposed to a 404 for an id that does not exist (a JSON body such as `{"detail": "Not found."}`).
 */
function isNoSuchEndpoint(body: ParsedBody, req: ApiRequest): boolean {
	if (body.kind === 'html') return true;
	const words = readServerWords(body.value)?.message ?? '';
	return new RegExp(`^Not found: ${req.method} /`, 'i').test(words);
}

type ParsedBody =
	| { kind: 'json'; value: unknown }
	| { kind: 'html'; value: string }
	| { kind: 'invalid'; value: string };

function parseBody(raw: unknown): ParsedBody {
	if (typeof raw !== 'string') return { kind: 'json', value: raw ?? {} };
	const text = raw.trim();
	if (text === '') return { kind: 'json', value: {} };
	try {
		return { kind: 'json', value: JSON.parse(text) as unknown };
	} catch {
		if (/^\s*</.test(text)) return { kind: 'html', value: text };
		return { kind: 'invalid', value: text };
	}
}

/** Encodes one path segment; an id with `/`, `?`, `#` or spaces stays one segment. */
export function encodeId(value: string): string {
	// `.` and `..` (even as %2E) are dot segments: URL parsing would remove them and the request would go to another
	// endpoint (`/sms/status/../` is `/sms/`). No encoding keeps them one segment, so they are refused.
	if (isDotSegment(value))
		throw new Error(`"${value}" cannot be used as an id: it would change the request path`);
	return encodeURIComponent(value);
}

/** `.`, `..` and their percent-encoded forms, which URL parsing treats as "this" and "parent" directory. */
export function isDotSegment(value: string): boolean {
	return /^(\.|%2e){1,2}$/i.test(value);
}

export type { JsonObject };
