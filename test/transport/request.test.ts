/**
 * The transport through real node runs (design §3): retries (GET yes, a send only when it certainly was not
 * processed), rate limits (429, pacing on X-RateLimit-Remaining, bounded waits), path encoding and the Base URL.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { encodeId } from '../../nodes/SmsPlatform/endpoints';
import { parseResetHeader, parseRetryAfter } from '../../nodes/SmsPlatform/transport/policy';
import { testSettings as policy } from '../support/testSettings';
import { API_KEY, BASE_URL, apiKeyCredentials, runNode, caught } from '../support/harness';

const BALANCE = '/api/integration/v1/sms/balance/';
const SEND = '/api/integration/v1/sms/send/';
const getBalance = { resource: 'account', operation: 'getBalance' };
const send = {
	resource: 'sms',
	operation: 'send',
	recipients: '+255712345678',
	message: 'Hello',
	senderId: 'ACME',
};
const SENT = { success: true, message_id: 'msg-1', status: 'sent' };

/** A network error as Node raises it (nock 14 needs an Error object for replyWithError to reject). */
function netError(code: string, message: string): Error {
	return Object.assign(new Error(message), { code });
}

/** Records the time of each request an interceptor answers. */
function clock() {
	const times: number[] = [];
	return {
		times,
		tick: () => times.push(Date.now()),
		gaps: () => times.slice(1).map((t, i) => t - times[i]),
	};
}

describe('retries of GET requests', () => {
	it('retries a GET on 503 and succeeds: exactly 2 requests', async () => {
		let requests = 0;
		nock(BASE_URL)
			.get(BALANCE)
			.reply(() => {
				requests++;
				return [503, { detail: 'Service temporarily unavailable' }];
			})
			.get(BALANCE)
			.reply(() => {
				requests++;
				return [200, { balance: 10, currency: 'credits' }];
			});
		const { output } = await runNode({ parameters: getBalance });
		expect(requests).toBe(2);
		expect(output[0].json).toEqual({ balance: 10, currency: 'credits' });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('gives up after the bounded retries: 1 + policy.maxRetries requests', async () => {
		let requests = 0;
		nock(BASE_URL)
			.get(BALANCE)
			.times(20)
			.reply(() => {
				requests++;
				return [503, { detail: 'Service temporarily unavailable' }];
			});
		const error = await caught(() => runNode({ parameters: getBalance }));
		expect(policy.maxRetries).toBeGreaterThan(0);
		expect(requests).toBe(1 + policy.maxRetries);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service could not answer [item 0]');
		expect(error.description).toMatch(/The request was tried again without success/);
	});

	it('retries a GET after a dropped connection', async () => {
		nock(BASE_URL)
			.get(BALANCE)
			.replyWithError(netError('ECONNRESET', 'socket hang up'))
			.get(BALANCE)
			.reply(200, { balance: 11 });
		const { output } = await runNode({ parameters: getBalance });
		expect(output[0].json).toEqual({ balance: 11 });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a GET that keeps failing on the network says how often it was tried', async () => {
		let requests = 0;
		nock(BASE_URL)
			.get(BALANCE)
			.times(20)
			.replyWithError(netError('ECONNRESET', 'socket hang up'))
			.on('request', () => requests++);
		const error = await caught(() => runNode({ parameters: getBalance }));
		expect(requests).toBe(1 + policy.maxRetries);
		expect(error.message).toBe(
			'The connection to the SMS Platform service broke off (ECONNRESET) [item 0]',
		);
		expect(error.description).toMatch(new RegExp(`tried ${1 + policy.maxRetries} times`));
	});

	it('retries a GET that timed out', async () => {
		nock(BASE_URL)
			.get(BALANCE)
			.delay(1500)
			.reply(200, { balance: 1 })
			.get(BALANCE)
			.reply(200, { balance: 2 });
		const { output } = await runNode({
			parameters: { ...getBalance, requestOptions: { timeout: 1 } },
		});
		expect(output[0].json).toEqual({ balance: 2 });
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('a send is never repeated once the service may have accepted it', () => {
	it('is NOT retried on 503: exactly 1 request', async () => {
		let requests = 0;
		nock(BASE_URL)
			.post(SEND)
			.times(5)
			.reply(() => {
				requests++;
				return [503, { error: 'Gateway overloaded', code: 'UPSTREAM_BUSY' }];
			});
		const error = await caught(() => runNode({ parameters: send }));
		expect(requests).toBe(1);
		expect(error.message).toBe('The service could not answer [item 0]');
		expect(error.description).toMatch(/not re-sent automatically, to avoid a duplicate SMS/);
	});

	it('is NOT retried after a timeout, and says it may have been accepted', async () => {
		let requests = 0;
		nock(BASE_URL)
			.post(SEND)
			.times(5)
			.delay(1500)
			.reply(200, SENT)
			.on('request', () => requests++);
		const error = await caught(() =>
			runNode({ parameters: { ...send, requestOptions: { timeout: 1 } } }),
		);
		expect(requests).toBe(1);
		expect(error.message).toBe(
			'The SMS Platform service did not answer within 1 s (ECONNABORTED) [item 0]',
		);
		expect(error.description).toMatch(/may have accepted the request/);
		expect(error.description).toMatch(/NOT repeated automatically/);
		expect(error.description).toMatch(/duplicate SMS/);
	});

	it('is NOT retried after a dropped connection (ECONNRESET)', async () => {
		let requests = 0;
		nock(BASE_URL)
			.post(SEND)
			.times(5)
			.replyWithError(netError('ECONNRESET', 'socket hang up'))
			.on('request', () => requests++);
		const error = await caught(() => runNode({ parameters: send }));
		expect(requests).toBe(1);
		expect(error.message).toBe(
			'The connection to the SMS Platform service broke off (ECONNRESET) [item 0]',
		);
		expect(error.description).toMatch(
			/may have accepted the request before the connection broke off, so it was NOT repeated/,
		);
	});

	it('IS retried when the connection never opened (ECONNREFUSED), and sends once', async () => {
		let requests = 0;
		const bodies: unknown[] = [];
		nock(BASE_URL)
			.post(SEND)
			.replyWithError(netError('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:443'))
			.on('request', () => requests++);
		nock(BASE_URL)
			.post(SEND, (body: unknown) => {
				bodies.push(body);
				return true;
			})
			.reply(200, SENT);
		const { output } = await runNode({ parameters: send });
		expect(bodies).toEqual([
			{ message: 'Hello', recipients: ['+255712345678'], sender_id: 'ACME' },
		]);
		expect(requests).toBe(1);
		expect(output[0].json.message_id).toBe('msg-1');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('gives up on a service that never accepts connections, naming the Base URL', async () => {
		let requests = 0;
		nock(BASE_URL)
			.post(SEND)
			.times(20)
			.replyWithError(netError('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:443'))
			.on('request', () => requests++);
		const error = await caught(() => runNode({ parameters: send }));
		expect(requests).toBe(1 + policy.maxRetries);
		expect(error.message).toBe(
			'Could not connect to the SMS Platform service at https://api.sms.test (ECONNREFUSED) [item 0]',
		);
		expect(error.description).toMatch(/Check the Base URL in the credential/);
	});

	it('IS retried on 429 (the request was not processed), and the SMS goes out once', async () => {
		let requests = 0;
		nock(BASE_URL)
			.post(SEND)
			.reply(() => {
				requests++;
				return [429, { detail: 'Request was throttled.' }, { 'Retry-After': '0' }];
			})
			.post(SEND)
			.reply(() => {
				requests++;
				return [200, SENT];
			});
		const { output } = await runNode({ parameters: send });
		expect(requests).toBe(2);
		expect(output[0].json.message_id).toBe('msg-1');
	});
});

describe('rate limits', () => {
	it('429 with Retry-After: 1 waits about a second, then one retry succeeds', async () => {
		const c = clock();
		nock(BASE_URL)
			.get(BALANCE)
			.reply(() => {
				c.tick();
				return [
					429,
					{ detail: 'Request was throttled. Expected available in 1 second.' },
					{ 'Retry-After': '1' },
				];
			})
			.get(BALANCE)
			.reply(() => {
				c.tick();
				return [200, { balance: 12 }];
			});
		const { output } = await runNode({ parameters: getBalance });
		expect(output[0].json).toEqual({ balance: 12 });
		expect(c.times).toHaveLength(2);
		expect(c.gaps()[0]).toBeGreaterThanOrEqual(950);
	});

	it('waits for X-RateLimit-Reset on a 429 without Retry-After', async () => {
		const c = clock();
		nock(BASE_URL)
			.get(BALANCE)
			.reply(() => {
				c.tick();
				return [
					429,
					{ error: 'Rate limit exceeded', code: 'RATE_LIMITED' },
					{
						'X-RateLimit-Limit': '1000',
						'X-RateLimit-Remaining': '0',
						'X-RateLimit-Reset': String(Date.now() + 800),
					},
				];
			})
			.get(BALANCE)
			.reply(() => {
				c.tick();
				return [200, { balance: 13 }];
			});
		const { output } = await runNode({ parameters: getBalance });
		expect(output[0].json).toEqual({ balance: 13 });
		expect(c.gaps()[0]).toBeGreaterThanOrEqual(750);
	});

	it('is bounded: many 429s end with an error after policy.maxRateLimitRetries retries', async () => {
		let requests = 0;
		nock(BASE_URL)
			.get(BALANCE)
			.times(50)
			.reply(() => {
				requests++;
				return [
					429,
					{ error: 'Rate limit exceeded', code: 'RATE_LIMITED' },
					{ 'Retry-After': '0' },
				];
			});
		const error = await caught(() => runNode({ parameters: getBalance }));
		expect(requests).toBe(1 + policy.maxRateLimitRetries);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe("The service's rate limit is used up [item 0]");
		expect(error.description).toMatch(/The service allows 1000 requests an hour/);
		expect(error.description).toContain(', code RATE_LIMITED)');
		expect(error.httpCode).toBe('429');
	});

	it('fails at once, without waiting, when Retry-After is longer than Max Rate-Limit Wait', async () => {
		let requests = 0;
		nock(BASE_URL)
			.get(BALANCE)
			.times(5)
			.reply(() => {
				requests++;
				return [429, { detail: 'Request was throttled.' }, { 'Retry-After': '3600' }];
			});
		const started = Date.now();
		const error = await caught(() =>
			runNode({ parameters: { ...getBalance, requestOptions: { maxRateLimitWait: 2 } } }),
		);
		expect(Date.now() - started).toBeLessThan(5000); // a wait would be an hour
		expect(requests).toBe(1);
		expect(error.message).toBe(
			"The service's rate limit is used up and resets in 3600 s, longer than the maximum wait of 2 s [item 0]",
		);
		expect(error.description).toMatch(/Raise "Max Rate-Limit Wait"/);
	});

	it('fails at once when X-RateLimit-Reset (epoch seconds) is further away than Max Rate-Limit Wait', async () => {
		let requests = 0;
		const reset = Math.floor(Date.now() / 1000) + 600;
		nock(BASE_URL)
			.post(SEND)
			.times(5)
			.reply(() => {
				requests++;
				return [
					429,
					{ detail: 'Throttled' },
					{ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(reset) },
				];
			});
		const started = Date.now();
		const error = await caught(() =>
			runNode({ parameters: { ...send, requestOptions: { maxRateLimitWait: 60 } } }),
		);
		expect(Date.now() - started).toBeLessThan(5000); // a wait would be ten minutes
		expect(requests).toBe(1);
		expect(error.message).toMatch(
			/rate limit is used up and resets in (599|600|601) s, longer than the maximum wait of 60 s/,
		);
		expect(error.description).toMatch(/Nothing was sent for this request/);
	});

	it('Max Rate-Limit Wait 0 never waits', async () => {
		nock(BASE_URL).get(BALANCE).reply(429, { detail: 'Throttled' }, { 'Retry-After': '10' });
		const started = Date.now();
		const error = await caught(() =>
			runNode({ parameters: { ...getBalance, requestOptions: { maxRateLimitWait: 0 } } }),
		);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(error.message).toMatch(/longer than the maximum wait of 0 s/);
	});

	it('X-RateLimit-Remaining: 0 makes the NEXT request wait until X-RateLimit-Reset (epoch seconds)', async () => {
		const c = clock();
		// At least one second ahead, rounded up to the next whole second as the header carries seconds.
		const reset = Math.ceil((Date.now() + 1000) / 1000);
		nock(BASE_URL)
			.get(BALANCE)
			.reply(() => {
				c.tick();
				return [
					200,
					{ balance: 100 },
					{
						'X-RateLimit-Limit': '1000',
						'X-RateLimit-Remaining': '0',
						'X-RateLimit-Reset': String(reset),
					},
				];
			})
			.get(BALANCE)
			.reply(() => {
				c.tick();
				return [
					200,
					{ balance: 99 },
					{ 'X-RateLimit-Remaining': '999', 'X-RateLimit-Reset': String(reset + 3600) },
				];
			});
		const { output } = await runNode({ parameters: getBalance, items: [{ n: 1 }, { n: 2 }] });
		expect(output.map((item) => item.json)).toEqual([{ balance: 100 }, { balance: 99 }]);
		expect(c.times).toHaveLength(2);
		expect(c.gaps()[0]).toBeGreaterThanOrEqual(900);
		expect(c.times[1]).toBeGreaterThanOrEqual(reset * 1000);
	});

	it('does not wait while requests remain', async () => {
		const c = clock();
		const reset = Math.ceil(Date.now() / 1000) + 60;
		nock(BASE_URL)
			.get(BALANCE)
			.times(2)
			.reply(() => {
				c.tick();
				return [
					200,
					{ balance: 1 },
					{ 'X-RateLimit-Remaining': '5', 'X-RateLimit-Reset': String(reset) },
				];
			});
		await runNode({ parameters: getBalance, items: [{}, {}] });
		expect(c.gaps()[0]).toBeLessThan(5000); // a wait would be a minute
	});

	it('pacing is bounded too: a reset beyond Max Rate-Limit Wait fails the next item without a request', async () => {
		let requests = 0;
		const reset = Math.floor(Date.now() / 1000) + 900;
		nock(BASE_URL)
			.get(BALANCE)
			.times(5)
			.reply(() => {
				requests++;
				return [
					200,
					{ balance: 5 },
					{ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(reset) },
				];
			});
		const { output } = await runNode({
			parameters: { ...getBalance, requestOptions: { maxRateLimitWait: 5 } },
			items: [{}, {}],
			continueOnFail: true,
		});
		expect(requests).toBe(1);
		expect(output[0]).toEqual({ json: { balance: 5 }, pairedItem: { item: 0 } });
		expect(output[1].pairedItem).toEqual({ item: 1 });
		expect(output[1].json.error).toMatch(
			/rate limit is used up and resets in \d+ s, longer than the maximum wait of 5 s/,
		);
	});

	it('a server without rate-limit headers answering 429 backs off exponentially', async () => {
		// The 429 backoff without headers starts at 1 s and doubles, capped at 4 × policy.maxDelayMs: lift the
		// test setup's 20 ms cap for this test so the doubling is visible (1 s, then 2 s).
		const savedMaxDelay = policy.maxDelayMs;
		policy.maxDelayMs = 1000;
		try {
			const c = clock();
			nock(BASE_URL)
				.get(BALANCE)
				.times(2)
				.reply(() => {
					c.tick();
					return [429, 'Too Many Requests', { 'Content-Type': 'text/plain' }];
				})
				.get(BALANCE)
				.reply(() => {
					c.tick();
					return [200, { balance: 14 }];
				});
			const { output } = await runNode({ parameters: getBalance });
			expect(output[0].json).toEqual({ balance: 14 });
			expect(c.times).toHaveLength(3);
			const [first, second] = c.gaps();
			expect(first).toBeGreaterThanOrEqual(950);
			expect(second).toBeGreaterThanOrEqual(1950);
			expect(second).toBeGreaterThan(first * 1.6);
		} finally {
			policy.maxDelayMs = savedMaxDelay;
		}
	});
});

describe('parseResetHeader', () => {
	const now = 1_700_000_000_000;

	it.each<[string, string | undefined, number | undefined]>([
		['epoch seconds', '1700000060', 1_700_000_060_000],
		['epoch milliseconds', '1700000060500', 1_700_000_060_500],
		['delta seconds', '30', now + 30_000],
		['delta seconds zero', '0', now],
		['with spaces', ' 1700000060 ', 1_700_000_060_000],
		['an HTTP date', 'Tue, 14 Nov 2023 22:14:20 GMT', Date.parse('Tue, 14 Nov 2023 22:14:20 GMT')],
		['empty', '', undefined],
		['missing', undefined, undefined],
		['garbage', 'soon', undefined],
	])('%s: %j', (_label, value, expected) => {
		expect(parseResetHeader(value, now)).toBe(expected);
	});
});

describe('parseRetryAfter', () => {
	const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');

	it.each<[string, string | undefined, number | undefined]>([
		['seconds', '120', 120_000],
		['zero seconds', '0', 0],
		['fractional seconds', '1.5', 1500],
		['an HTTP date', 'Wed, 21 Oct 2015 07:28:30 GMT', 30_000],
		['an HTTP date in the past', 'Wed, 21 Oct 2015 07:27:00 GMT', 0],
		['empty', '', undefined],
		['missing', undefined, undefined],
		['garbage', 'later', undefined],
	])('%s: %j', (_label, value, expected) => {
		expect(parseRetryAfter(value, now)).toBe(expected);
	});
});

describe('path parameters', () => {
	it.each([
		['a/b', 'a%2Fb'],
		['a?b=c', 'a%3Fb%3Dc'],
		['a#frag', 'a%23frag'],
		['with space', 'with%20space'],
		['ünïcødé✓', '%C3%BCn%C3%AFc%C3%B8d%C3%A9%E2%9C%93'],
		['../../admin', '..%2F..%2Fadmin'],
	])('encodeId(%j) is one segment: %s', (raw, encoded) => {
		expect(encodeId(raw)).toBe(encoded);
	});

	it('an id with /, ?, #, spaces and unicode reaches the service as one path segment', async () => {
		const seen: string[] = [];
		nock(BASE_URL)
			.get((uri) => uri.startsWith('/api/integration/v1/sms/status/'))
			.reply(200, (uri) => {
				seen.push(uri);
				return { message_id: 'x', status: 'delivered' };
			});
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStatus', messageId: 'a/b?c=1#d e ü✓' },
		});
		expect(seen).toEqual([
			'/api/integration/v1/sms/status/a%2Fb%3Fc%3D1%23d%20e%20%C3%BC%E2%9C%93/',
		]);
		expect(output[0].json).toEqual({ message_id: 'x', status: 'delivered' });
	});
});

describe('Base URL', () => {
	it('works with a trailing slash', async () => {
		const scope = nock(BASE_URL).get(BALANCE).reply(200, { balance: 1 });
		await runNode({
			parameters: getBalance,
			credentials: apiKeyCredentials('apiKeyBearer', { baseUrl: `${BASE_URL}/` }),
		});
		scope.done();
	});

	it('keeps a path prefix and trims spaces', async () => {
		const scope = nock(BASE_URL).get(`/sms-api${BALANCE}`).reply(200, { balance: 1 });
		await runNode({
			parameters: getBalance,
			credentials: apiKeyCredentials('apiKeyBearer', { baseUrl: `  ${BASE_URL}/sms-api//  ` }),
		});
		scope.done();
	});

	it.each(['api.sms.test', 'localhost:4010', 'ftp://api.sms.test', ''])(
		'%j (no http(s) scheme) gives a clear error naming the credential’s Base URL, before any request',
		async (baseUrl) => {
			const error = await caught(() =>
				runNode({
					parameters: getBalance,
					credentials: apiKeyCredentials('apiKeyBearer', { baseUrl }),
				}),
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toBe(
				`The credential's Base URL "${baseUrl}" is not an http:// or https:// URL [item 0]`,
			);
			expect(error.description).toMatch(
				/Open the SMS Platform credential and enter the service address with its scheme/,
			);
			expect(error.context.itemIndex).toBe(0);
		},
	);

	it('refuses a query or fragment in the Base URL', async () => {
		const error = await caught(() =>
			runNode({
				parameters: getBalance,
				credentials: apiKeyCredentials('apiKeyBearer', { baseUrl: `${BASE_URL}/?key=${API_KEY}` }),
			}),
		);
		expect(error.message).toMatch(/must not contain a query \(\?\) or fragment \(#\)/);
	});
});

describe('request details', () => {
	it('sends JSON with Accept and Content-Type, and the query string as given', async () => {
		const seen: IDataObject[] = [];
		nock(BASE_URL, {
			reqheaders: { accept: 'application/json', 'content-type': /application\/json/ },
		})
			.post(SEND)
			.reply(200, function (_uri, body) {
				seen.push(body as IDataObject);
				return SENT;
			});
		await runNode({ parameters: send });
		expect(seen).toEqual([{ message: 'Hello', recipients: ['+255712345678'], sender_id: 'ACME' }]);
	});

	it('a GET sends no body and no Content-Type', async () => {
		const scope = nock(BASE_URL, { badheaders: ['content-type'] })
			.get(BALANCE)
			.reply(200, { balance: 1 });
		await runNode({ parameters: getBalance });
		scope.done();
	});
});
