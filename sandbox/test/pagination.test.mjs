// Page envelopes: billing history, notifications, tenants.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SANDBOX_API_KEY, client, rawGet, start, withSandbox } from './helpers.mjs';

describe('pagination', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox({}, (s, cl) => {
		sb = s;
		c = cl;
	});

	test('billing history: default page size 20, next/previous absolute URLs', async () => {
		const r = await c.get('/api/billing/history/');
		assert.equal(r.status, 200);
		assert.ok(r.body.count >= 250);
		assert.equal(r.body.results.length, 20);
		assert.equal(r.body.previous, null);
		assert.equal(r.body.next, `${sb.url}/api/billing/history/?page=2&page_size=20`);
		const p2 = await c.get(new URL(r.body.next).pathname + new URL(r.body.next).search);
		assert.equal(p2.body.previous, `${sb.url}/api/billing/history/?page=1&page_size=20`);
		assert.notEqual(p2.body.results[0].id, r.body.results[0].id);
	});

	test('billing history is newest first with all three types; usage negative', async () => {
		const all = [];
		let path = '/api/billing/history/?page_size=100';
		for (;;) {
			const r = await c.get(path);
			all.push(...r.body.results);
			if (!r.body.next) break;
			const u = new URL(r.body.next);
			path = u.pathname + u.search;
		}
		assert.equal(all.length, (await c.get('/api/billing/history/')).body.count);
		assert.equal(new Set(all.map((x) => x.id)).size, all.length);
		for (let i = 1; i < all.length; i++) assert.ok(all[i - 1].created_at >= all[i].created_at);
		assert.deepEqual(new Set(all.map((x) => x.type)), new Set(['purchase', 'payment', 'usage']));
		assert.ok(all.filter((x) => x.type === 'usage').every((x) => x.amount < 0));
	});

	test('page_size above 100 is clamped to 100; the last page has no next', async () => {
		const r = await c.get('/api/billing/history/?page_size=500');
		assert.equal(r.body.results.length, 100);
		assert.match(r.body.next, /page_size=100/);
		const lastPage = Math.ceil(r.body.count / 100);
		const last = await c.get(`/api/billing/history/?page=${lastPage}&page_size=100`);
		assert.equal(last.body.next, null);
		assert.equal(last.body.results.length, r.body.count - (lastPage - 1) * 100);
	});

	test('a page past the end gives 404 Invalid page.; invalid page values give 400', async () => {
		const r = await c.get('/api/billing/history/?page=99&page_size=100');
		assert.equal(r.status, 404);
		assert.deepEqual(r.body, { error: 'Invalid page.', code: 'not_found', details: {} });
		for (const q of [
			'page=0',
			'page=abc',
			'page=1.5',
			'page_size=0',
			'page_size=-3',
			'page_size=x',
		]) {
			const b = await c.get(`/api/billing/history/?${q}`);
			assert.equal(b.status, 400, q);
			assert.equal(b.body.code, 'validation_error');
			assert.ok(b.body.error.startsWith(q.split('=')[0] + ': '));
		}
	});

	test('type filter: counts add up, next keeps the filter, invalid type 400', async () => {
		const total = (await c.get('/api/billing/history/')).body.count;
		let sum = 0;
		for (const type of ['purchase', 'payment', 'usage']) {
			const r = await c.get(`/api/billing/history/?type=${type}&page_size=10`);
			assert.ok(r.body.results.every((/** @type {any} */ x) => x.type === type));
			assert.ok(r.body.count > 0);
			sum += r.body.count;
			if (r.body.next)
				assert.equal(
					r.body.next,
					`${sb.url}/api/billing/history/?page=2&page_size=10&type=${type}`,
				);
		}
		assert.equal(sum, total);
		assert.equal((await c.get('/api/billing/history/?type=refund')).status, 400);
	});

	test('next/previous are built from the Host header', async () => {
		const r = await rawGet(sb, '/api/billing/history/?page=2&page_size=100', {
			Host: 'sandbox.example:8080',
			Authorization: `Bearer ${SANDBOX_API_KEY}`,
		});
		assert.equal(r.status, 200);
		assert.equal(
			r.body.next,
			'http://sandbox.example:8080/api/billing/history/?page=3&page_size=100',
		);
		assert.equal(
			r.body.previous,
			'http://sandbox.example:8080/api/billing/history/?page=1&page_size=100',
		);
	});

	test('notifications: newest first, unread_only filter', async () => {
		const all = await c.get('/api/notifications/');
		assert.ok(all.body.count >= 45);
		for (let i = 1; i < all.body.results.length; i++) {
			assert.ok(all.body.results[i - 1].created_at >= all.body.results[i].created_at);
		}
		const unread = await c.get('/api/notifications/?unread_only=true');
		assert.ok(unread.body.count > 0 && unread.body.count < all.body.count);
		assert.ok(unread.body.results.every((/** @type {any} */ n) => n.is_read === false));
		assert.equal((await c.get('/api/notifications/?unread_only=false')).body.count, all.body.count);
		assert.equal((await c.get('/api/notifications/?unread_only=maybe')).status, 400);
		const days = new Set(all.body.results.map((/** @type {any} */ n) => n.created_at.slice(0, 10)));
		assert.ok(days.size > 3, 'created_at spread over several days');
	});

	test('tenants: 3 pages of 20', async () => {
		const p1 = await c.get('/api/tenants/');
		assert.ok(p1.body.count >= 45 && p1.body.count <= 60);
		const p3 = await c.get('/api/tenants/?page=3');
		assert.equal(p3.status, 200);
		assert.equal(p3.body.next, null);
		assert.equal(p3.body.results.length, p1.body.count - 40);
		assert.equal((await c.get('/api/tenants/?page=4')).status, 404);
	});

	test('an empty list (seed: false) gives page 1 with count 0 and page 2 404', async () => {
		const empty = await start({ seed: false });
		try {
			const e = client(empty);
			const r = await e.get('/api/notifications/');
			assert.deepEqual(r.body, { count: 0, next: null, previous: null, results: [] });
			assert.equal((await e.get('/api/notifications/?page=2')).status, 404);
			assert.equal((await e.get('/api/billing/sms/packages/')).body.count, 5);
		} finally {
			await empty.close();
		}
	});
});
