// The admin interface and the seed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SEED_IDS } from '../server.mjs';
import { RingBuffer } from '../util.mjs';
import { client, start, withSandbox } from './helpers.mjs';

describe('admin', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox({ deliveryDelayMs: 0 }, (s, cl) => {
		sb = s;
		c = cl;
	});

	test('health and index', async () => {
		assert.deepEqual((await c.admin('GET', '/health')).body, { ok: true });
		const idx = await c.admin('GET', '/');
		assert.ok(idx.body.endpoints.length >= 15);
		assert.equal((await c.admin('GET', '/nope')).status, 404);
		assert.equal((await c.admin('PUT', '/reset')).status, 405);
	});

	test('state summary of the seed', async () => {
		await c.admin('POST', '/reset');
		const s = (await c.admin('GET', '/state')).body;
		assert.equal(s.balance, 5000);
		assert.equal(s.tenants, 1);
		assert.equal(s.messages, 0);
		assert.deepEqual(s.payments, { pending: 0, completed: 0, failed: 0 });
		assert.ok(s.notifications.total >= 45 && s.notifications.unread > 0);
		assert.ok(s.billingRecords >= 250);
		assert.deepEqual(s.rateLimit, { limit: 1000, windowSeconds: 3600 });
	});

	test('reset restores the seed, config, and clears the request log', async () => {
		await c.send(['+255712345678']);
		await c.admin('POST', '/config', { rateLimit: 7, deliveryDelayMs: 99 });
		await c.admin('POST', '/notifications', { title: 'x', message: 'y', type: 'info' });
		const r = await c.admin('POST', '/reset');
		assert.equal(r.status, 200);
		const s = (await c.admin('GET', '/state')).body;
		assert.equal(s.balance, 5000);
		assert.equal(s.messages, 0);
		assert.equal(s.rateLimit.limit, 1000);
		assert.equal((await c.admin('GET', '/config')).body.deliveryDelayMs, 0);
		assert.deepEqual((await c.admin('GET', '/requests')).body, []);
	});

	test('seeded ids are deterministic across restarts', async () => {
		const other = await start();
		try {
			const o = client(other);
			for (const p of [
				'/api/billing/history/?page_size=100',
				'/api/notifications/?page_size=100',
				'/api/tenants/?page_size=100',
				'/api/billing/sms/packages/',
			]) {
				const a = (await c.get(p)).body.results.map((/** @type {any} */ x) => x.id);
				const b = (await o.get(p)).body.results.map((/** @type {any} */ x) => x.id);
				assert.deepEqual(a, b, p);
			}
		} finally {
			await other.close();
		}
		assert.equal(SEED_IDS.campaign, '' + SEED_IDS.campaign);
		const contacts = (await c.get(`/api/messaging/contacts/${SEED_IDS.firstContact}/`)).body;
		assert.equal(contacts.name, 'Amina Juma');
	});

	test('request log: method, path, query, redacted headers, body, status; DELETE clears', async () => {
		await c.admin('DELETE', '/requests');
		await c.get('/api/billing/history/?type=usage&page=2', { auth: 'x-api-key' });
		await c.send(['+255712345678']);
		const log = (await c.admin('GET', '/requests')).body;
		assert.equal(log.length, 2);
		assert.equal(log[0].method, 'GET');
		assert.equal(log[0].path, '/api/billing/history/');
		assert.deepEqual(log[0].query, { type: 'usage', page: '2' });
		assert.equal(log[0].headers['x-api-key'], '***');
		assert.equal(log[0].status, 200);
		assert.equal(log[1].headers.authorization, '***');
		assert.deepEqual(log[1].body, {
			message: 'Hello from the tests',
			recipients: ['+255712345678'],
			sender_id: 'TESTS',
		});
		assert.ok(!JSON.stringify(log).includes('sk_test_'));
		assert.match(log[1].time, /^\d{4}-\d{2}-\d{2}T/);
		assert.equal((await c.admin('GET', '/requests?limit=1')).body.length, 1);
		await c.admin('DELETE', '/requests');
		assert.deepEqual((await c.admin('GET', '/requests')).body, []);
	});

	test('the request log ring buffer keeps the last N', () => {
		const rb = new RingBuffer(3);
		for (let i = 1; i <= 5; i++) rb.push(i);
		assert.deepEqual(rb.toArray(), [3, 4, 5]);
		rb.clear();
		assert.deepEqual(rb.toArray(), []);
	});

	test('POST /notifications adds an unread notification on top', async () => {
		const r = await c.admin('POST', '/notifications', {
			title: 'Hello',
			message: 'World',
			type: 'success',
		});
		assert.equal(r.status, 201);
		assert.equal(r.body.is_read, false);
		const top = (await c.get('/api/notifications/?unread_only=true&page_size=1')).body.results[0];
		assert.deepEqual(top, r.body);
		assert.equal(
			(await c.admin('POST', '/notifications', { title: 'x', type: 'nope' })).status,
			400,
		);
	});

	test('POST /balance sets the account or a tenant balance', async () => {
		assert.equal((await c.admin('POST', '/balance', { balance: 42 })).status, 200);
		assert.equal((await c.get('/api/integration/v1/sms/balance/')).body.balance, 42);
		const t = await c.admin('POST', '/balance', { balance: 7, tenant_id: SEED_IDS.tenant });
		assert.equal(t.body.sms_balance, 7);
		assert.equal(
			(await c.admin('POST', '/balance', { balance: 1, tenant_id: 'nope' })).status,
			404,
		);
		assert.equal((await c.admin('POST', '/balance', { balance: 'x' })).status, 400);
	});

	test('POST /billing-records appends 100000 records fast; pages stay fast', async () => {
		await c.admin('POST', '/reset');
		const before = (await c.get('/api/billing/history/')).body.count;
		const t0 = Date.now();
		const r = await c.admin('POST', '/billing-records', { count: 100000 });
		assert.equal(r.status, 200);
		assert.ok(Date.now() - t0 < 2000);
		const after = await c.get('/api/billing/history/?page=1001&page_size=100');
		assert.equal(after.body.count, before + 100000);
		assert.equal(after.body.results.length, 100);
		const usage = await c.admin('POST', '/billing-records', { count: 10, type: 'usage' });
		assert.equal(usage.body.billingRecords, before + 100010);
		const last = Math.ceil((before + 100010) / 100);
		const lastPage = (await c.get(`/api/billing/history/?page=${last}&page_size=100`)).body.results;
		assert.ok(
			lastPage.slice(-10).every((/** @type {any} */ x) => x.type === 'usage' && x.amount < 0),
		);
		assert.equal((await c.admin('POST', '/billing-records', { count: 100001 })).status, 400);
		await c.admin('POST', '/reset');
	});

	test('POST /config validates and applies', async () => {
		const r = await c.admin('POST', '/config', {
			rateLimit: 50,
			rateWindowSeconds: 2,
			lowBalanceThreshold: 10,
		});
		assert.equal(r.body.rateLimit, 50);
		const b = await c.get('/api/integration/v1/sms/balance/');
		assert.equal(b.headers.get('x-ratelimit-limit'), '50');
		assert.equal(Number(b.headers.get('x-ratelimit-reset')) % 2, 0);
		assert.equal((await c.admin('POST', '/config', { rateLimit: 0 })).status, 400);
		assert.equal((await c.admin('POST', '/config', '{bad')).status, 400);
		await c.admin('POST', '/reset');
	});

	test('admin bad JSON gives invalid_json', async () => {
		const r = await c.call('POST', '/__sandbox/config', { rawBody: '{bad', auth: 'none' });
		assert.equal(r.status, 400);
		assert.equal(r.body.code, 'invalid_json');
	});

	test('GET /messages lists every message with its status, parts and credits', async () => {
		await c.admin('POST', '/reset');
		await c.send(['+255712345678']);
		await c.send(['+255712345678']);
		const m = (await c.admin('GET', '/messages')).body;
		assert.equal(m.length, 2);
		assert.deepEqual(Object.keys(m[0]).sort(), [
			'credits',
			'delivered_at',
			'encoding',
			'id',
			'message',
			'parts',
			'recipients',
			'sender_id',
			'sent_at',
			'status',
			'tenant_account_id',
		]);
		assert.equal(m[0].status, 'delivered');
		assert.deepEqual([m[0].parts, m[0].encoding, m[0].credits], [1, 'GSM-7', 1]);
	});
});
