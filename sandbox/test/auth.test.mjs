// Authentication modes, login, token expiry, rate limiting.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../server.mjs';
import { client, sleep, start, withSandbox } from './helpers.mjs';

describe('auth', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox(
		{},
		(s, cl) => {
			sb = s;
			c = cl;
		},
		{ reset: true },
	);

	const BALANCE = '/api/integration/v1/sms/balance/';

	test('API key as Authorization: Bearer', async () => {
		const r = await c.get(BALANCE, { auth: 'bearer' });
		assert.equal(r.status, 200);
		assert.deepEqual(r.body, { balance: 5000, currency: 'credits' });
	});

	test('API key as X-API-Key', async () => {
		const r = await c.get(BALANCE, { auth: 'x-api-key' });
		assert.equal(r.status, 200);
	});

	test('missing or wrong credentials give 401 authentication_failed', async () => {
		for (const opts of [
			{ auth: 'none' },
			{ auth: 'wrong-token' },
			{ auth: 'none', headers: { 'X-API-Key': 'nope' } },
		]) {
			const r = await c.get(BALANCE, opts);
			assert.equal(r.status, 401);
			assert.deepEqual(r.body, {
				error: 'Authentication credentials were not provided or are invalid',
				code: 'authentication_failed',
				details: {},
			});
			assert.equal(r.headers.get('x-ratelimit-limit'), null);
		}
	});

	test('every API endpoint requires auth', async () => {
		const paths = [
			'/api/integration/v1/sms/status/x/',
			'/api/billing/history/',
			'/api/billing/sms/packages/',
			'/api/messaging/sms/stats/',
			'/api/messaging/dashboard/metrics/',
			'/api/messaging/activity/recent/',
			'/api/tenants/',
			'/api/notifications/',
		];
		for (const p of paths) assert.equal((await c.get(p, { auth: 'none' })).status, 401, p);
		const send = await c.call('POST', '/api/integration/v1/sms/send/', { auth: 'none', body: {} });
		assert.equal(send.status, 401);
	});

	test('login returns a bearer access token that works', async () => {
		const r = await c.post(
			'/api/auth/login/',
			{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
			{ auth: 'none' },
		);
		assert.equal(r.status, 200);
		assert.equal(r.body.token_type, 'Bearer');
		assert.equal(r.body.expires_in, 3600);
		assert.deepEqual(r.body.user, { id: 1, email: SANDBOX_EMAIL, name: 'Demo User' });
		assert.ok(r.body.refresh_token);
		const b = await c.get(BALANCE, { auth: r.body.access_token });
		assert.equal(b.status, 200);
	});

	test('login e-mail is case-insensitive', async () => {
		const r = await c.post(
			'/api/auth/login/',
			{ email: 'Demo@Sandbox.Test', password: SANDBOX_PASSWORD },
			{ auth: 'none' },
		);
		assert.equal(r.status, 200);
	});

	test('wrong credentials give 401 invalid_credentials', async () => {
		const r = await c.post(
			'/api/auth/login/',
			{ email: SANDBOX_EMAIL, password: 'wrong' },
			{ auth: 'none' },
		);
		assert.equal(r.status, 401);
		assert.deepEqual(r.body, {
			error: 'Invalid email or password',
			code: 'invalid_credentials',
			details: {},
		});
	});

	test('missing login fields give 400 naming the field', async () => {
		const r = await c.post('/api/auth/login/', { email: SANDBOX_EMAIL }, { auth: 'none' });
		assert.equal(r.status, 400);
		assert.equal(r.body.code, 'validation_error');
		assert.match(r.body.error, /^password: /);
		assert.deepEqual(Object.keys(r.body.details), ['password']);
	});

	test('GET on login is 405', async () => {
		const r = await c.get('/api/auth/login/', { auth: 'none' });
		assert.equal(r.status, 405);
		assert.equal(r.body.code, 'method_not_allowed');
		assert.equal(r.headers.get('allow'), 'POST');
	});

	test('an access token expires after jwtTtlSeconds (401 token_expired)', async () => {
		await c.admin('POST', '/config', { jwtTtlSeconds: 0.5 });
		const token = await c.login();
		assert.equal((await c.get(BALANCE, { auth: token })).status, 200);
		await sleep(550);
		const r = await c.get(BALANCE, { auth: token });
		assert.equal(r.status, 401);
		assert.equal(r.body.code, 'token_expired');
		// A new login works again.
		assert.equal((await c.get(BALANCE, { auth: await c.login() })).status, 200);
	});
});

describe('rate limiting', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox(
		{ deliveryDelayMs: 0 },
		(s, cl) => {
			sb = s;
			c = cl;
		},
		{ reset: true },
	);

	const BALANCE = '/api/integration/v1/sms/balance/';

	test('every authenticated response carries X-RateLimit-* headers', async () => {
		const r1 = await c.get(BALANCE);
		const r2 = await c.get('/api/tenants/');
		assert.equal(r1.headers.get('x-ratelimit-limit'), '1000');
		assert.equal(r1.headers.get('x-ratelimit-remaining'), '999');
		assert.equal(r2.headers.get('x-ratelimit-remaining'), '998');
		const reset = Number(r1.headers.get('x-ratelimit-reset'));
		assert.ok(Number.isInteger(reset));
		assert.ok(reset > Date.now() / 1000 && reset <= Date.now() / 1000 + 3600);
		// Errors after auth count and carry the headers too.
		const bad = await c.get('/api/messaging/dashboard/metrics/?period=2w');
		assert.equal(bad.status, 400);
		assert.equal(bad.headers.get('x-ratelimit-remaining'), '997');
	});

	test('exceeding the limit gives 429 rate_limited with Retry-After, and the request is not processed', async () => {
		await c.admin('POST', '/config', { rateLimit: 3 });
		for (let i = 0; i < 3; i++) assert.equal((await c.send(['+255712345678'])).status, 200);
		const r = await c.send(['+255712345678']);
		assert.equal(r.status, 429);
		assert.equal(r.body.code, 'rate_limited');
		assert.deepEqual(Object.keys(r.body).sort(), ['code', 'details', 'error']);
		const retryAfter = Number(r.headers.get('retry-after'));
		assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1);
		assert.equal(r.headers.get('x-ratelimit-limit'), '3');
		assert.equal(r.headers.get('x-ratelimit-remaining'), '0');
		assert.ok(Number.isInteger(Number(r.headers.get('x-ratelimit-reset'))));
		const messages = (await c.admin('GET', '/messages')).body;
		assert.equal(messages.length, 3);
		assert.equal((await c.admin('GET', '/state')).body.balance, 4997);
	});

	test('limits are per credential identity (API key vs JWT user)', async () => {
		await c.admin('POST', '/config', { rateLimit: 2 });
		const token = await c.login();
		await c.get(BALANCE);
		await c.get(BALANCE, { auth: 'x-api-key' });
		assert.equal((await c.get(BALANCE)).status, 429);
		assert.equal((await c.get(BALANCE, { auth: token })).status, 200);
	});

	test('a short window (10 per 1 s) recovers at X-RateLimit-Reset; a paced client never sees 429', async () => {
		await c.admin('POST', '/config', { rateLimit: 10, rateWindowSeconds: 1 });
		let ok = 0;
		const started = Date.now();
		while (ok < 15) {
			const r = await c.get(BALANCE);
			assert.equal(r.status, 200, 'paced client got a 429');
			ok++;
			if (r.headers.get('x-ratelimit-remaining') === '0') {
				const wait = Number(r.headers.get('x-ratelimit-reset')) * 1000 - Date.now();
				if (wait > 0) await sleep(wait);
			}
		}
		assert.ok(Date.now() - started < 2500);
		// Unpaced: a 429 comes, then after the reset requests pass again.
		let r = await c.get(BALANCE);
		for (let i = 0; i < 25; i++) {
			r = await c.get(BALANCE);
			if (r.status === 429) break;
		}
		assert.equal(r.status, 429);
		await sleep(Number(r.headers.get('x-ratelimit-reset')) * 1000 - Date.now() + 5);
		assert.equal((await c.get(BALANCE)).status, 200);
	});

	test('login is not rate limited and carries no rate-limit headers', async () => {
		await c.admin('POST', '/config', { rateLimit: 1 });
		for (let i = 0; i < 3; i++) {
			const r = await c.post(
				'/api/auth/login/',
				{ email: 'demo@sandbox.test', password: 'sandbox-password' },
				{ auth: 'none' },
			);
			assert.equal(r.status, 200);
		}
	});

	test('changing the rate limit resets the counters', async () => {
		await c.admin('POST', '/config', { rateLimit: 1 });
		await c.get(BALANCE);
		assert.equal((await c.get(BALANCE)).status, 429);
		await c.admin('POST', '/config', { rateLimit: 5 });
		const r = await c.get(BALANCE);
		assert.equal(r.status, 200);
		assert.equal(r.headers.get('x-ratelimit-remaining'), '4');
	});
});
