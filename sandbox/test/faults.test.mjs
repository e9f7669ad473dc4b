// Fault injection.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { client, start, withSandbox } from './helpers.mjs';

describe('faults', () => {
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
	const messageCount = async () => (await c.admin('GET', '/messages')).body.length;

	test('phase before (default): 503 for the next N matching requests, not processed', async () => {
		const f = await c.admin('POST', '/faults', { path: '/sms/send/', count: 2, status: 503 });
		assert.equal(f.status, 201);
		assert.equal(f.body.remaining, 2);
		for (let i = 0; i < 2; i++) {
			const r = await c.send(['+255712345678']);
			assert.equal(r.status, 503);
			assert.equal(r.body.code, 'service_unavailable');
		}
		assert.equal(await messageCount(), 0);
		assert.equal((await c.send(['+255712345678'])).status, 200);
		assert.equal(await messageCount(), 1);
		assert.deepEqual((await c.admin('GET', '/faults')).body, []);
	});

	test('skip: the first N matching requests pass, the next one fails ("fail the second send")', async () => {
		await c.admin('POST', '/faults', { path: '/sms/send/', count: 1, status: 503, skip: 1 });
		assert.equal((await c.send(['+255712345678'])).status, 200);
		assert.equal((await c.send(['+255712345678'])).status, 503);
		assert.equal((await c.send(['+255712345678'])).status, 200);
		assert.equal(await messageCount(), 2);
	});

	test('phase after + drop: the SMS is sent but the connection is destroyed', async () => {
		await c.admin('POST', '/faults', { path: '/sms/send/', count: 1, drop: true, phase: 'after' });
		await assert.rejects(c.send(['+255712345678']));
		assert.equal(await messageCount(), 1);
		assert.equal((await c.get(BALANCE)).body.balance, 4999);
	});

	test('phase after + 503: processed, response replaced', async () => {
		await c.admin('POST', '/faults', { path: '/sms/send/', count: 1, status: 503, phase: 'after' });
		const r = await c.send(['+255712345678']);
		assert.equal(r.status, 503);
		assert.equal(await messageCount(), 1);
	});

	test('phase before + drop: nothing processed', async () => {
		await c.admin('POST', '/faults', { path: '/sms/send/', count: 1, drop: true });
		await assert.rejects(c.send(['+255712345678']));
		assert.equal(await messageCount(), 0);
	});

	test('latencyMs alone delays the real response', async () => {
		await c.admin('POST', '/faults', { path: 'balance', count: 1, latencyMs: 150 });
		const t0 = Date.now();
		const r = await c.get(BALANCE);
		assert.equal(r.status, 200);
		assert.equal(r.body.balance, 5000);
		assert.ok(Date.now() - t0 >= 140);
	});

	test('malformed: 200 with a truncated JSON body', async () => {
		await c.admin('POST', '/faults', { path: 'balance', count: 1, malformed: true });
		const r = await c.get(BALANCE);
		assert.equal(r.status, 200);
		assert.equal(r.body, undefined, 'body must not parse');
		assert.ok(r.text.startsWith('{'));
		await c.admin('POST', '/faults', {
			path: '/sms/send/',
			count: 1,
			malformed: true,
			phase: 'after',
		});
		const s = await c.send(['+255712345678']);
		assert.equal(s.status, 200);
		assert.ok(s.text.startsWith('{"success":true'));
		assert.equal(s.body, undefined);
		assert.equal(await messageCount(), 1);
	});

	test('429 fault with headers; custom body; HTML body', async () => {
		await c.admin('POST', '/faults', {
			path: 'balance',
			count: 1,
			status: 429,
			headers: { 'Retry-After': 2 },
		});
		const r = await c.get(BALANCE);
		assert.equal(r.status, 429);
		assert.equal(r.headers.get('retry-after'), '2');
		assert.equal(r.body.code, 'rate_limited');

		await c.admin('POST', '/faults', {
			path: 'balance',
			count: 1,
			status: 500,
			body: { detail: 'boom' },
		});
		assert.deepEqual((await c.get(BALANCE)).body, { detail: 'boom' });

		await c.admin('POST', '/faults', {
			path: 'balance',
			count: 1,
			status: 502,
			body: '<html><body>Bad Gateway</body></html>',
		});
		const h = await c.get(BALANCE);
		assert.equal(h.status, 502);
		assert.match(h.headers.get('content-type') ?? '', /text\/html/);
		assert.match(h.text, /Bad Gateway/);
	});

	test('method filter and regex path', async () => {
		await c.admin('POST', '/faults', {
			path: '^/api/billing/history/$',
			method: 'post',
			count: 1,
			status: 500,
		});
		assert.equal((await c.get('/api/billing/history/')).status, 200);
		await c.admin('DELETE', '/faults');
		await c.admin('POST', '/faults', {
			path: '^/api/billing/history/$',
			method: 'GET',
			count: 1,
			status: 500,
		});
		assert.equal((await c.get('/api/billing/sms/packages/')).status, 200);
		assert.equal((await c.get('/api/billing/history/?page=2')).status, 500);
		assert.equal((await c.get('/api/billing/history/')).status, 200);
	});

	test('list and clear; faults do not touch admin paths; faulted requests are logged', async () => {
		await c
			.admin('POST', '/faults', { path: '', count: 5, status: 500 })
			.then((r) => assert.equal(r.status, 400));
		await c.admin('POST', '/faults', { path: '/', count: 5, status: 500 });
		assert.equal((await c.admin('GET', '/health')).status, 200);
		assert.equal((await c.get(BALANCE)).status, 500);
		const list = (await c.admin('GET', '/faults')).body;
		assert.equal(list.length, 1);
		assert.equal(list[0].remaining, 4);
		assert.equal((await c.admin('DELETE', '/faults')).status, 200);
		assert.equal((await c.get(BALANCE)).status, 200);
		const log = (await c.admin('GET', '/requests')).body;
		assert.equal(log.at(-2).status, 500);
		assert.equal(log.at(-2).fault, list[0].id);
	});

	test('reset clears faults', async () => {
		await c.admin('POST', '/faults', { path: 'balance', count: 3, status: 500 });
		await c.admin('POST', '/reset');
		assert.equal((await c.get(BALANCE)).status, 200);
	});
});
