/**
 * The transport's policy as one table: for each attempt's outcome, what the request does next. The I/O loop
 * (exchange.ts) only carries these decisions out; its behaviour with real answers is in request.test.ts.
 */
import { endpoints } from '../../nodes/SmsPlatform/endpoints';
import { DEFAULT_SETTINGS } from '../../nodes/SmsPlatform/transport/defaults';
import {
	decide,
	networkFailure,
	type Attempt,
	type Counters,
	type Decision,
	type Situation,
} from '../../nodes/SmsPlatform/transport/policy';
import { settingsFor } from '../../nodes/SmsPlatform/transport/settings';
import { productionSettings } from '../support/testSettings';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const settings = { ...productionSettings, slowTimeoutMs: undefined } as never;
const fresh: Counters = { retries: 0, rateLimitRetries: 0, reloggedIn: false };
const get: Situation = {
	settings,
	idempotent: true,
	credentialKind: 'apiKey',
	tokenWasFresh: false,
	isKeyEndpoint: false,
	nowMs: NOW,
};
const send: Situation = { ...get, idempotent: false };
const jwt: Situation = { ...get, credentialKind: 'jwt' };

const answer = (
	status: number,
	headers: Record<string, string> = {},
	saysNoMatch = false,
): Attempt => ({
	status,
	headers,
	saysNoMatch,
});
const network = (code: string): Attempt => ({ failure: networkFailure({ code, message: code }) });

const table: Array<[string, Attempt, Situation, Partial<Counters>, Decision]> = [
	['2xx: read', answer(200), get, {}, { action: 'read' }],
	[
		'GET 503: retry after 500 ms',
		answer(503),
		get,
		{},
		{ action: 'retry', afterMs: 500, counter: 'retries' },
	],
	[
		'GET 503, 2nd retry: 1 s',
		answer(503),
		get,
		{ retries: 1 },
		{ action: 'retry', afterMs: 1000, counter: 'retries' },
	],
	[
		'GET 503 after 3 retries: read (the error)',
		answer(503),
		get,
		{ retries: 3 },
		{ action: 'read' },
	],
	['send 503: never repeated', answer(503), send, {}, { action: 'read' }],
	[
		'500 "No … matches the given query": not retried',
		answer(500, {}, true),
		get,
		{},
		{ action: 'read' },
	],
	[
		'GET reset: retry',
		network('ECONNRESET'),
		get,
		{},
		{ action: 'retry', afterMs: 500, counter: 'retries' },
	],
	[
		'send reset: may have been accepted, fail',
		network('ECONNRESET'),
		send,
		{},
		{ action: 'failNetwork' },
	],
	['send timeout: fail', network('ETIMEDOUT'), send, {}, { action: 'failNetwork' }],
	[
		'send refused: never connected, retry',
		network('ECONNREFUSED'),
		send,
		{},
		{ action: 'retry', afterMs: 500, counter: 'retries' },
	],
	[
		'refused after 3 retries: fail',
		network('ECONNREFUSED'),
		get,
		{ retries: 3 },
		{ action: 'failNetwork' },
	],
	[
		'429 Retry-After 2: wait 2 s (+50 ms)',
		answer(429, { 'retry-after': '2' }),
		send,
		{},
		{ action: 'retry', afterMs: 2050, counter: 'rateLimitRetries' },
	],
	[
		'429 reset in 10 s',
		answer(429, { 'x-ratelimit-reset': String((NOW + 10000) / 1000) }),
		get,
		{},
		{ action: 'retry', afterMs: 10050, counter: 'rateLimitRetries' },
	],
	[
		'429 without headers: back off 1 s',
		answer(429),
		get,
		{},
		{ action: 'retry', afterMs: 1050, counter: 'rateLimitRetries' },
	],
	[
		'429 reset beyond the max wait',
		answer(429, { 'retry-after': '600' }),
		get,
		{},
		{ action: 'waitTooLong', waitMs: 600000 },
	],
	[
		'429 after 5 retries: read (the error)',
		answer(429, { 'retry-after': '1' }),
		get,
		{ rateLimitRetries: 5 },
		{ action: 'read' },
	],
	['JWT 401 with a stored token: log in again', answer(401), jwt, {}, { action: 'relogin' }],
	[
		'JWT 401 after the re-login: refused',
		answer(401),
		jwt,
		{ reloggedIn: true },
		{ action: 'failTokenRefused' },
	],
	[
		'JWT 401 with a token just issued: refused',
		answer(401),
		{ ...jwt, tokenWasFresh: true },
		{},
		{ action: 'failTokenRefused' },
	],
	['API key 401: ask the key endpoint', answer(401), get, {}, { action: 'checkApiKey' }],
	[
		'API key 401 on the key endpoint: read',
		answer(401),
		{ ...get, isKeyEndpoint: true },
		{},
		{ action: 'read' },
	],
	['404: read', answer(404), get, {}, { action: 'read' }],
];

describe('decide: what a request does after each attempt', () => {
	it.each(table)('%s', (_name, attempt, situation, counters, expected) => {
		expect(decide(attempt, situation, { ...fresh, ...counters })).toEqual(expected);
	});

	it('the documented policy: 3 retries from 500 ms doubling up to 8 s, 5 rate-limit retries, 30 s (90 s) timeouts, 4 in flight', () => {
		expect(productionSettings).toEqual({
			timeoutMs: 30000,
			slowTimeoutMs: 90000,
			maxRateLimitWaitMs: 120000,
			maxRetries: 3,
			baseDelayMs: 500,
			maxDelayMs: 8000,
			maxRateLimitRetries: 5,
			parallelRequests: 4,
		});
		expect(Object.isFrozen(productionSettings)).toBe(true);
	});

	it('settingsFor: a request’s own values over the defaults; the payment status waits longer by default', () => {
		expect(settingsFor(endpoints.sendSms().slow).timeoutMs).toBe(DEFAULT_SETTINGS.timeoutMs);
		const status = endpoints.paymentStatus('t-1').slow;
		expect(settingsFor(status).timeoutMs).toBe(DEFAULT_SETTINGS.slowTimeoutMs);
		expect(settingsFor(status, { timeoutMs: 5000, maxRetries: undefined }).timeoutMs).toBe(5000);
		expect(settingsFor(status, { maxRetries: undefined }).maxRetries).toBe(
			DEFAULT_SETTINGS.maxRetries,
		);
		// The real server's progress route answers at once: no long timeout there.
		expect(settingsFor(endpoints.paymentStatus('t-1').login.slow).timeoutMs).toBe(
			DEFAULT_SETTINGS.timeoutMs,
		);
	});
});

describe('networkFailure', () => {
	it('reads an upper-case error code, a timeout or a hang-up, and nothing from ordinary words', () => {
		expect(networkFailure({ message: 'read ECONNRESET' }).code).toBe('ECONNRESET');
		expect(networkFailure({ message: 'timeout of 30000ms exceeded' }).code).toBe('ETIMEDOUT');
		expect(networkFailure({ message: 'socket hang up' }).code).toBe('ECONNRESET');
		// n8n 1.x passes a failed login on as a plain error: "email" in its text is no error code.
		expect(
			networkFailure({ message: 'The SMS Platform login did not work: the email was refused' })
				.code,
		).toBeUndefined();
	});
});
