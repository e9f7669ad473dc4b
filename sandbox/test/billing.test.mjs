// The wild profile's routes of issue 42 (billing.mjs), each answer held against the real service's code: buying
// credits for the account itself, recording a payment only when asked (sync), usage and summary, sender ID requests,
// notifications marked read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD, SEED_IDS } from '../server.mjs';
import { withSandbox } from './helpers.mjs';

const INITIATE = '/api/billing/payments/initiate/';
const SYNC = '/api/billing/payments/sync/';
const progress = (/** @type {string} */ id) => `/api/billing/payments/transactions/${id}/progress/`;

/** @param {ReturnType<typeof import('./helpers.mjs').client>} c */
async function token(c) {
	const r = await c.post(
		'/api/auth/login/',
		{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
		{ auth: 'none' },
	);
	return r.body.tokens.access;
}

const order = (/** @type {Record<string, unknown>} */ extra = {}) => ({
	package_id: SEED_IDS.packages.starter,
	buyer_email: 'finance@example.com',
	buyer_name: 'Finance Desk',
	buyer_phone: '0744963858',
	mobile_money_provider: 'vodacom',
	...extra,
});

describe('issue 42 routes, wild profile', () => {
	/** @type {ReturnType<typeof import('./helpers.mjs').client>} */
	let c;
	/** @type {string} */
	let jwt;
	withSandbox(
		{ profile: 'wild', paymentDelayMs: 0 },
		(_s, cl) => {
			c = cl;
		},
		{ reset: true },
	);

	test('a purchase the provider completed stays pending until sync records it; then the credits are there', async () => {
		jwt = await token(c);
		const before = (await c.get('/api/billing/sms/balance/', { auth: jwt })).body.credits;
		const started = await c.post(INITIATE, order(), { auth: jwt });
		assert.equal(started.status, 201);
		assert.equal(started.body.success, true);
		const { transaction_id: id, status, amount, credits } = started.body.data;
		assert.equal(status, 'pending');
		assert.equal(typeof amount, 'number');
		assert.ok(credits > 0);
		const waiting = await c.get(progress(id), { auth: jwt });
		assert.equal(waiting.body.data.status, 'pending');
		assert.equal(waiting.body.data.payment_status, 'SUCCESS');
		assert.equal(waiting.body.data.progress_percentage, 33);

		await c.admin('POST', `/payments/${id}/provider`, { status: 'COMPLETED' });
		const paid = await c.get(progress(id), { auth: jwt });
		assert.equal(paid.body.data.status, 'pending', 'not recorded before someone asks');
		assert.equal(paid.body.data.progress_percentage, 100);
		assert.equal(paid.body.data.current_step, 'Payment Completed');

		const synced = await c.post(SYNC, {}, { auth: jwt });
		assert.equal(synced.status, 200);
		assert.deepEqual(synced.body, {
			success: true,
			data: { checked: 1, updated: 1, failed_checks: 0, results: [{ id, status: 'completed' }] },
		});
		const recorded = await c.get(progress(id), { auth: jwt });
		assert.equal(recorded.body.data.status, 'completed');
		assert.ok(recorded.body.data.completed_at);
		const after = (await c.get('/api/billing/sms/balance/', { auth: jwt })).body.credits;
		assert.equal(after, before + credits);
		// A second sync finds nothing pending.
		assert.equal((await c.post(SYNC, {}, { auth: jwt })).body.data.checked, 0);
	});

	test('the paymentDelay completes the provider side only; the slow status route records it too', async () => {
		jwt = await token(c);
		await c.admin('POST', '/config', { paymentDelayMs: 50 });
		const id = (await c.post(INITIATE, order(), { auth: jwt })).body.data.transaction_id;
		await new Promise((r) => setTimeout(r, 150));
		assert.equal((await c.get(progress(id), { auth: jwt })).body.data.status, 'pending');
		const status = await c.get(`/api/billing/payments/transactions/${id}/status/`, { auth: jwt });
		assert.equal(status.status, 200);
		assert.equal((await c.get(progress(id), { auth: jwt })).body.data.status, 'completed');
	});

	test('the provider failed: FAIL on progress, failed once synced', async () => {
		jwt = await token(c);
		const id = (await c.post(INITIATE, order(), { auth: jwt })).body.data.transaction_id;
		await c.admin('POST', `/payments/${id}/provider`, { status: 'FAILED' });
		assert.equal((await c.get(progress(id), { auth: jwt })).body.data.payment_status, 'FAIL');
		const synced = await c.post(SYNC, {}, { auth: jwt });
		assert.deepEqual(synced.body.data.results, [{ id, status: 'failed' }]);
	});

	test("the initiation's refusals, in the real view's order and words", async () => {
		jwt = await token(c);
		const cases = [
			[
				{ buyer_phone: '' },
				400,
				'Missing required fields: package_id, buyer_email, buyer_name, buyer_phone',
			],
			[
				{ mobile_money_provider: 'mpesa' },
				400,
				'Invalid mobile money provider. Choose from: vodacom, tigo, airtel, halotel',
			],
			[
				{ buyer_phone: '+255744963858' },
				400,
				'Invalid phone number. Must be a Tanzanian mobile number starting with 07 or 06 (e.g., 0744963858)',
			],
			[
				{ package_id: 'starter' },
				400,
				'Invalid package ID format: starter. Please select a valid package.',
			],
			[
				{ package_id: '00000000-0000-4000-8000-000000000000' },
				404,
				'Package not found or inactive. Please select a valid package.',
			],
		];
		for (const [extra, status, message] of cases) {
			const r = await c.post(INITIATE, order(/** @type {any} */ (extra)), { auth: jwt });
			assert.equal(r.status, status, JSON.stringify(extra));
			assert.deepEqual(r.body, { success: false, message });
		}
		assert.equal((await c.admin('GET', '/state')).body.payments.pending, 0);
	});

	test('usage: the date range on each record’s day (UTC+3), and a next link that drops it', async () => {
		jwt = await token(c);
		const all = await c.get('/api/billing/history/usage/?page_size=500', { auth: jwt });
		const records = all.body.data.usage_records;
		assert.ok(records.length > 100);
		assert.deepEqual(Object.keys(records[0]).sort(), ['cost', 'created_at', 'credits_used', 'id']);
		assert.match(records[0].cost, /^\d+\.\d{2}$/);
		const day = (/** @type {string} */ t) =>
			new Date(Date.parse(t) + 3 * 3600 * 1000).toISOString().slice(0, 10);
		const start = day(records[60].created_at);
		const end = day(records[10].created_at);
		const inRange = records.filter(
			(/** @type {any} */ r) => day(r.created_at) >= start && day(r.created_at) <= end,
		);
		const first = await c.get(
			`/api/billing/history/usage/?start_date=${start}&end_date=${end}&page_size=20`,
			{ auth: jwt },
		);
		assert.equal(first.body.data.pagination.count, inRange.length);
		assert.equal(first.body.data.pagination.next, '?page=2&page_size=20');
		assert.deepEqual(
			first.body.data.usage_records.map((/** @type {any} */ r) => r.id),
			inRange.slice(0, 20).map((/** @type {any} */ r) => r.id),
		);
		// A date it cannot read is ignored: every record.
		const bad = await c.get('/api/billing/history/usage/?start_date=01/11/2026', { auth: jwt });
		assert.equal(bad.body.data.pagination.count, records.length);
	});

	test('summary: the period asked (30d when unknown), totals as numbers', async () => {
		jwt = await token(c);
		const week = await c.get('/api/billing/history/summary/?period=7d', { auth: jwt });
		assert.equal(week.status, 200);
		const s = week.body.data.summary;
		assert.equal(s.period, '7d');
		assert.equal(typeof s.total_usage_cost, 'number');
		const year = (await c.get('/api/billing/history/summary/?period=1y', { auth: jwt })).body.data
			.summary;
		assert.ok(year.total_usage_records > s.total_usage_records);
		const other = (await c.get('/api/billing/history/summary/?period=2w', { auth: jwt })).body.data
			.summary;
		assert.equal(other.period, '2w');
		const month = (await c.get('/api/billing/history/summary/', { auth: jwt })).body.data.summary;
		assert.equal(other.total_usage_records, month.total_usage_records);
		assert.ok(Array.isArray(week.body.data.charts.monthly_usage));
	});

	test('sender ID requests: list (status ignored), detail, a decision by the admin hook', async () => {
		jwt = await token(c);
		const ids = [];
		for (const name of ['SHOPA', 'SHOPB']) {
			const r = await c.post(
				'/api/messaging/sender-requests/submit/',
				{ requested_sender_id: name, sample_content: `Hello from ${name}`, request_type: 'custom' },
				{ auth: jwt },
			);
			ids.push(r.body.data.id);
		}
		const decided = await c.admin('POST', `/sender-requests/${ids[0]}/decide`, {
			status: 'rejected',
			rejection_reason: 'Name too generic',
		});
		assert.equal(decided.body.status, 'rejected');
		const list = await c.get('/api/messaging/sender-requests/?status=pending', { auth: jwt });
		assert.equal(list.body.count, 2, '?status= is not a filter there');
		assert.deepEqual(
			list.body.results.map((/** @type {any} */ r) => [r.requested_sender_id, r.status]),
			[
				['SHOPB', 'pending'],
				['SHOPA', 'rejected'],
			],
		);
		const one = await c.get(`/api/messaging/sender-requests/${ids[0]}/`, { auth: jwt });
		assert.equal(one.body.rejection_reason, 'Name too generic');
		assert.equal(
			(await c.get('/api/messaging/sender-requests/?page=2', { auth: jwt })).status,
			404,
		);
		const missing = await c.get(`/api/messaging/sender-requests/${SEED_IDS.tenant}/`, {
			auth: jwt,
		});
		assert.deepEqual([missing.status, missing.body], [404, { detail: 'Not found.' }]);
		// By its name, as docs/demo.md has a user decide it (any case).
		const byName = await c.admin('POST', '/sender-requests/shopb/decide', { status: 'approved' });
		assert.deepEqual([byName.body.id, byName.body.status], [ids[1], 'approved']);
		const senders = await c.get('/api/messaging/sender-ids/', { auth: jwt });
		assert.ok(senders.body.data.some((/** @type {any} */ s) => s.sender_id === 'SHOPB'));
	});

	test('notifications: mark one read, then all; an unknown one is 404', async () => {
		jwt = await token(c);
		const unread = await c.get('/api/notifications/?status=unread', { auth: jwt });
		const count = unread.body.count;
		assert.ok(count > 1);
		const id = unread.body.results[0].id;
		const one = await c.post(`/api/notifications/${id}/mark-read/`, {}, { auth: jwt });
		assert.deepEqual(one.body, { success: true, message: 'Notification marked as read' });
		// Already read: still 200.
		assert.equal(
			(await c.post(`/api/notifications/${id}/mark-read/`, {}, { auth: jwt })).status,
			200,
		);
		const missing = await c.post(
			`/api/notifications/${SEED_IDS.tenant}/mark-read/`,
			{},
			{ auth: jwt },
		);
		assert.deepEqual(
			[missing.status, missing.body],
			[404, { success: false, error: 'Notification not found or already read' }],
		);
		const all = await c.post('/api/notifications/mark-all-read/', {}, { auth: jwt });
		assert.deepEqual(all.body, {
			success: true,
			message: `Marked ${count - 1} notifications as read`,
		});
		assert.equal((await c.get('/api/notifications/?status=unread', { auth: jwt })).body.count, 0);
	});
});
