/**
 * How the transport retries, paces and times out: the defaults, which a request's own settings (the node's Request
 * Options) override. Frozen: nothing changes them at run time (the unit tests swap this module for shorter delays).
 */
export interface RequestSettings {
	/** How long one request may take. */
	timeoutMs: number;
	/** Upper bound of one wait for the rate limit to reset; a longer wait fails the request instead. */
	maxRateLimitWaitMs: number;
	/** Retries of a request that may be repeated, on network errors and 5xx. */
	maxRetries: number;
	/** First backoff delay; doubles each retry up to `maxDelayMs`. */
	baseDelayMs: number;
	maxDelayMs: number;
	/** Attempts after a 429 before giving up (each waits for the reset or backs off). */
	maxRateLimitRetries: number;
	/** Requests a combined send or a Return All keeps in flight at once. */
	parallelRequests: number;
}

export interface Defaults extends RequestSettings {
	/** Default timeout of an endpoint some servers answer slowly: a payment status asks the provider (up to 60 s). */
	slowTimeoutMs: number;
}

export const DEFAULT_SETTINGS: Readonly<Defaults> = Object.freeze({
	timeoutMs: 30000,
	slowTimeoutMs: 90000,
	maxRateLimitWaitMs: 120000,
	maxRetries: 3,
	baseDelayMs: 500,
	maxDelayMs: 8000,
	maxRateLimitRetries: 5,
	parallelRequests: 4,
});
