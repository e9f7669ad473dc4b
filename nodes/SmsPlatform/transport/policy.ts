import type { RequestSettings } from './defaults';

/**
 * What a request does after each attempt, as pure functions: retry, log in again, wait for the rate limit, or read
 * the answer (table-tested in test/transport/retryDecision.test.ts), and the headers and network errors that decision
 * reads. The I/O loop in exchange.ts only carries it out; what a run spends before a request (its settings, the
 * rate-limit pacing, the parallel slots) is in rateBudget.ts.
 */

export function backoff(settings: RequestSettings, retry: number): number {
	return Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** retry);
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

/** Network error codes where the request certainly never reached the service. */
const NEVER_CONNECTED = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);

export interface NetworkFailure {
	code?: string;
	message: string;
	neverConnected: boolean;
	timedOut: boolean;
}

/** Reads the network error code out of whatever n8n wrapped it in. */
export function networkFailure(error: unknown): NetworkFailure {
	const e = error as {
		code?: string;
		cause?: { code?: string };
		httpCode?: string | null;
		messages?: string[];
		message?: string;
	};
	let code: string | undefined;
	for (const candidate of [e.code, e.cause?.code, e.httpCode, ...(e.messages ?? []), e.message]) {
		if (typeof candidate !== 'string') continue;
		// Error codes are upper case (ECONNRESET): a word such as "email" in a message is not one.
		const match =
			/\b(E[A-Z]{3,})\b/.exec(candidate) ?? /\b(timeout|socket hang up)\b/i.exec(candidate);
		if (match) {
			code = /timeout/i.test(match[1])
				? 'ETIMEDOUT'
				: /socket hang up/i.test(match[1])
					? 'ECONNRESET'
					: match[1].toUpperCase();
			break;
		}
	}
	const message =
		[...(e.messages ?? []), e.message].find((m) => typeof m === 'string' && m) ?? 'unknown error';
	return {
		code,
		message,
		neverConnected: code !== undefined && NEVER_CONNECTED.has(code),
		timedOut: code !== undefined && TIMEOUT_CODES.has(code),
	};
}

/** One attempt's result: an HTTP answer, or a network failure (no answer at all). */
export type Attempt =
	| { failure: NetworkFailure }
	| {
			status: number;
			headers: Record<string, string>;
			/** The body says "No … matches the given query." (a not-found some servers answer with a 500). */
			saysNoMatch: boolean;
	  };

export interface Situation {
	settings: RequestSettings;
	/** The request may be repeated: the service certainly did nothing twice (GETs, or sends not yet accepted). */
	idempotent: boolean;
	credentialKind: 'jwt' | 'apiKey';
	/** JWT: the token of this attempt was issued for it (none was stored, or n8n just logged in). */
	tokenWasFresh: boolean;
	/** API key: this is the endpoint keys are proven on, so a 401 there says the key is wrong. */
	isKeyEndpoint: boolean;
	nowMs: number;
}

export interface Counters {
	retries: number;
	rateLimitRetries: number;
	reloggedIn: boolean;
}

export type Decision =
	| { action: 'retry'; afterMs: number; counter: 'retries' | 'rateLimitRetries' }
	/** A stored token was refused: it may have expired, so log in once more and repeat. */
	| { action: 'relogin' }
	/** A 401 for an API key: ask the API-key endpoint whether the key or this endpoint is the problem. */
	| { action: 'checkApiKey' }
	| { action: 'waitTooLong'; waitMs: number }
	| { action: 'failNetwork' }
	/** A token the login had just issued was refused: the endpoint does not take the login. */
	| { action: 'failTokenRefused' }
	/** The answer is final: read it (a value, or the error it says). */
	| { action: 'read' };

export function decide(attempt: Attempt, situation: Situation, counters: Counters): Decision {
	const { settings, idempotent } = situation;
	const canRetry = counters.retries < settings.maxRetries;
	if ('failure' in attempt) {
		if ((idempotent || attempt.failure.neverConnected) && canRetry) {
			return { action: 'retry', afterMs: backoff(settings, counters.retries), counter: 'retries' };
		}
		return { action: 'failNetwork' };
	}
	const { status, headers } = attempt;
	if (status === 401 && situation.credentialKind === 'jwt') {
		if (!situation.tokenWasFresh && !counters.reloggedIn) return { action: 'relogin' };
		return { action: 'failTokenRefused' };
	}
	if (status === 401 && !situation.isKeyEndpoint) return { action: 'checkApiKey' };
	if (status === 429 && counters.rateLimitRetries < settings.maxRateLimitRetries) {
		const now = situation.nowMs;
		const reset = parseResetHeader(headers['x-ratelimit-reset'], now);
		const waitMs =
			parseRetryAfter(headers['retry-after'], now) ??
			(reset === undefined ? undefined : Math.max(0, reset - now)) ??
			Math.min(settings.maxDelayMs * 4, 1000 * 2 ** counters.rateLimitRetries);
		if (waitMs > settings.maxRateLimitWaitMs) return { action: 'waitTooLong', waitMs };
		return { action: 'retry', afterMs: waitMs + 50, counter: 'rateLimitRetries' };
	}
	// "No … matches the given query" is a not-found: asking again gives the same answer.
	if (status >= 500 && !attempt.saysNoMatch && idempotent && canRetry) {
		return { action: 'retry', afterMs: backoff(settings, counters.retries), counter: 'retries' };
	}
	return { action: 'read' };
}
