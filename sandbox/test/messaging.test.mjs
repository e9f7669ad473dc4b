// Sending SMS: credits, statuses, tenants, validation, notifications, statistics, dashboard, activity.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FAILING_NUMBER, SEED_IDS } from '../server.mjs';
import { client, sleep, start, waitFor, withSandbox } from './helpers.mjs';

describe('messaging', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox(
		{ deliveryDelayMs: 250 },
		(s, cl) => {
			sb = s;
			c = cl;
		},
		{ reset: true },
	);

	const balance = async () => (await c.get('/api/integration/v1/sms/balance/')).body.balance;

	test('send consumes one credit per recipient (a one-part message) and returns one message id', async () => {
		const r = await c.send(['+255712345678', '+255713000001', '+14155550123']);
		assert.equal(r.status, 200);
		assert.equal(r.body.success, true);
		assert.equal(r.body.status, 'sent');
		assert.equal(r.body.recipients_count, 3);
		assert.equal(r.body.credits_used, 3);
		assert.equal(await balance(), 4997);
		const messages = (await c.admin('GET', '/messages')).body;
		assert.equal(messages.length, 1);
		assert.equal(messages[0].id, r.body.message_id);
		assert.deepEqual(messages[0].recipients, ['+255712345678', '+255713000001', '+14155550123']);
		assert.equal(messages[0].sender_id, 'TESTS');
		assert.equal(messages[0].tenant_account_id, null);
	});

	test('a message goes from sent to delivered after deliveryDelayMs', async () => {
		const id = (await c.send(['+255712345678'])).body.message_id;
		const s1 = await c.get(`/api/integration/v1/sms/status/${id}/`);
		assert.deepEqual(s1.body, { message_id: id, status: 'sent', delivered_at: null });
		await sleep(270);
		const s2 = await c.get(`/api/integration/v1/sms/status/${id}/`);
		assert.equal(s2.body.status, 'delivered');
		assert.match(s2.body.delivered_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
		const d = await c.get(`/api/messaging/sms/${id}/status/`);
		assert.equal(d.body.success, true);
		assert.equal(d.body.message.id, id);
		assert.equal(d.body.message.recipient, '+255712345678');
		assert.deepEqual(d.body.message.recipients, ['+255712345678']);
		assert.equal(d.body.message.message, 'Hello from the tests');
		assert.equal(d.body.message.status, 'delivered');
		assert.equal(d.body.message.cost, 25);
		assert.equal(d.body.message.currency, 'TZS');
	});

	test(`a message to ${FAILING_NUMBER} fails`, async () => {
		const id = (await c.send(['+255712345678', FAILING_NUMBER])).body.message_id;
		await sleep(270);
		const s = await c.get(`/api/integration/v1/sms/status/${id}/`);
		assert.deepEqual(s.body, { message_id: id, status: 'failed', delivered_at: null });
	});

	test('unknown message ids give 404 message_not_found; an encoded slash stays in its segment', async () => {
		for (const p of [
			'/api/integration/v1/sms/status/nope/',
			'/api/messaging/sms/nope/status/',
			'/api/integration/v1/sms/status/a%2Fb/',
			'/api/messaging/sms/a%2Fstatus/status/',
		]) {
			const r = await c.get(p);
			assert.equal(r.status, 404, p);
			assert.equal(r.body.code, 'message_not_found', p);
		}
		const r = await c.get('/api/messaging/sms/stats%2F/status/');
		assert.equal(r.body.code, 'message_not_found');
		assert.equal(r.body.error, "Message not found: 'stats/'");
	});

	test('validation errors name the field', async () => {
		/** @type {Array<[Record<string, unknown>, string, string|undefined]>} */
		const cases = [
			[
				{ message: 'x', recipients: ['+255712345678', '12345'], sender_id: 'A' },
				'recipients[1]',
				"recipients[1]: '12345' is not an E.164 phone number",
			],
			[{ message: 'x', recipients: [], sender_id: 'A' }, 'recipients', undefined],
			[{ message: 'x', recipients: '+255712345678', sender_id: 'A' }, 'recipients', undefined],
			[
				{ recipients: ['+255712345678'], sender_id: 'A' },
				'message',
				'message: This field is required.',
			],
			[{ message: '  ', recipients: ['+255712345678'], sender_id: 'A' }, 'message', undefined],
			[
				{ message: 'x', recipients: ['+255712345678'], sender_id: 'WAYTOOLONGSENDERID' },
				'sender_id',
				undefined,
			],
			[{ message: 'x', recipients: ['+0712345678'], sender_id: 'A' }, 'recipients[0]', undefined],
		];
		for (const [body, field, error] of cases) {
			const r = await c.post('/api/integration/v1/sms/send/', body);
			assert.equal(r.status, 400, JSON.stringify(body));
			assert.equal(r.body.code, 'validation_error');
			assert.ok(r.body.error.startsWith(`${field}: `), r.body.error);
			if (error) assert.equal(r.body.error, error);
			assert.ok(Array.isArray(r.body.details[field]), JSON.stringify(r.body.details));
		}
		assert.equal(await balance(), 5000);
		assert.equal((await c.admin('GET', '/messages')).body.length, 0);
	});

	test('bad JSON gives 400 invalid_json; a non-object body gives 400 validation_error', async () => {
		const r = await c.call('POST', '/api/integration/v1/sms/send/', {
			rawBody: '{"message": "x",',
		});
		assert.equal(r.status, 400);
		assert.equal(r.body.code, 'invalid_json');
		const r2 = await c.call('POST', '/api/integration/v1/sms/send/', { rawBody: '[1,2]' });
		assert.equal(r2.status, 400);
		assert.equal(r2.body.code, 'validation_error');
	});

	test('insufficient credits give 400 insufficient_credits with required and available', async () => {
		await c.admin('POST', '/balance', { balance: 2 });
		const r = await c.send(['+255712345678', '+255712345679', '+255712345670']);
		assert.equal(r.status, 400);
		assert.equal(r.body.code, 'insufficient_credits');
		assert.deepEqual(r.body.details, {
			required: 3,
			available: 2,
			recipients: 3,
			parts: 1,
			encoding: 'GSM-7',
		});
		assert.equal(
			r.body.error,
			'Insufficient credits: 3 required (3 recipients × 1 SMS part), 2 available',
		);
		assert.equal(await balance(), 2);
	});

	test('tenant_account_id sends on the tenant balance (service_account_id or tenant_id)', async () => {
		const viaAccount = await c.send(['+255712345678'], {
			tenant_account_id: SEED_IDS.tenantServiceAccount,
		});
		assert.equal(viaAccount.status, 200);
		const viaTenant = await c.send(['+255712345678', '+255712345679'], {
			tenant_account_id: SEED_IDS.tenant,
		});
		assert.equal(viaTenant.status, 200);
		assert.equal(await balance(), 5000);
		const tenants = (await c.admin('GET', '/tenants')).body;
		assert.equal(
			tenants.find((/** @type {any} */ t) => t.tenant_id === SEED_IDS.tenant).sms_balance,
			997,
		);
		const messages = (await c.admin('GET', '/messages')).body;
		assert.equal(messages[1].tenant_account_id, SEED_IDS.tenantServiceAccount);
		const unknown = await c.send(['+255712345678'], {
			tenant_account_id: '00000000-0000-4000-8000-000000000000',
		});
		assert.equal(unknown.status, 404);
		assert.equal(unknown.body.code, 'tenant_not_found');
	});

	test('a Low balance warning is added once per crossing of the threshold', async () => {
		await c.admin('POST', '/balance', { balance: 102 });
		const unread = async () => (await c.get('/api/notifications/?unread_only=true')).body;
		const before = (await unread()).count;
		await c.send(['+255712345678', '+255712345679']); // 100: not below
		assert.equal((await unread()).count, before);
		await c.send(['+255712345678']); // 99: crossed
		const after1 = await unread();
		assert.equal(after1.count, before + 1);
		assert.equal(after1.results[0].title, 'Low balance');
		assert.equal(after1.results[0].type, 'warning');
		await c.send(['+255712345678']); // 98: still below, no new one
		assert.equal((await unread()).count, before + 1);
		await c.admin('POST', '/balance', { balance: 150 });
		await c.send(Array.from({ length: 60 }, (_, i) => `+2557123456${String(i).padStart(2, '0')}`)); // 90: crossed again
		assert.equal((await unread()).count, before + 2);
	});

	test('statistics follow the messages sent', async () => {
		const s0 = (await c.get('/api/messaging/sms/stats/')).body.stats;
		await c.send(['+255712345678', '+255712345679']);
		await c.send([FAILING_NUMBER]);
		const s1 = (await c.get('/api/messaging/sms/stats/')).body.stats;
		assert.equal(s1.total_sent, s0.total_sent + 3);
		assert.equal(s1.total_cost, s0.total_cost + 75);
		await sleep(270);
		const s2 = (await c.get('/api/messaging/sms/stats/')).body.stats;
		assert.equal(s2.total_delivered, s0.total_delivered + 2);
		assert.equal(s2.total_failed, s0.total_failed + 1);
		const now = new Date();
		const month = now.toISOString().slice(0, 7);
		assert.equal(s2.period.start, `${month}-01T00:00:00Z`);
		assert.ok(s2.period.end.startsWith(month) && s2.period.end.endsWith('T23:59:59Z'));
	});

	test('dashboard metrics: one entry per day, today counts the sends, default 30d, invalid period 400', async () => {
		for (const [period, days] of [
			['7d', 7],
			['30d', 30],
			['90d', 90],
			['1y', 365],
		]) {
			const r = await c.get(`/api/messaging/dashboard/metrics/?period=${period}`);
			assert.equal(r.status, 200);
			assert.equal(r.body.period, period);
			assert.equal(r.body.daily_breakdown.length, days);
			const sum = r.body.daily_breakdown.reduce(
				(/** @type {number} */ a, /** @type {any} */ d) => a + d.sent,
				0,
			);
			assert.equal(r.body.metrics.messages_sent, sum);
		}
		const def = await c.get('/api/messaging/dashboard/metrics/');
		assert.equal(def.body.period, '30d');
		const today = new Date().toISOString().slice(0, 10);
		assert.equal(def.body.daily_breakdown.at(-1).date, today);
		const before = def.body.daily_breakdown.at(-1).sent;
		await c.send(['+255712345678', '+255712345679']);
		const r2 = await c.get('/api/messaging/dashboard/metrics/?period=7d');
		assert.equal(r2.body.daily_breakdown.at(-1).sent, before + 2);
		const bad = await c.get('/api/messaging/dashboard/metrics/?period=2w');
		assert.equal(bad.status, 400);
		assert.equal(bad.body.code, 'validation_error');
		assert.match(bad.body.error, /^period: /);
	});

	test('recent activity: default 20, limit 1-100, sends add sms_sent entries', async () => {
		const r = await c.get('/api/messaging/activity/recent/');
		assert.equal(r.body.count, 20);
		assert.equal(r.body.activities.length, 20);
		assert.equal((await c.get('/api/messaging/activity/recent/?limit=100')).body.count, 36);
		const sent = await c.send(['+255712345678']);
		const top = (await c.get('/api/messaging/activity/recent/?limit=1')).body;
		assert.equal(top.count, 1);
		assert.equal(top.activities[0].type, 'sms_sent');
		assert.equal(top.activities[0].message_id, sent.body.message_id);
		for (const bad of ['0', '101', 'x', '-1']) {
			assert.equal((await c.get(`/api/messaging/activity/recent/?limit=${bad}`)).status, 400, bad);
		}
	});

	test('campaign analytics and contacts: seeded ids work, unknown ids 404', async () => {
		const a = await c.get(`/api/messaging/campaigns/${SEED_IDS.campaign}/analytics/`);
		assert.equal(a.body.status, 'completed');
		assert.equal(a.body.sent, a.body.delivered + a.body.failed);
		assert.equal(
			(await c.get('/api/messaging/campaigns/nope/analytics/')).body.code,
			'campaign_not_found',
		);
		const ct = await c.get(`/api/messaging/contacts/${SEED_IDS.firstContact}/`);
		assert.equal(ct.body.id, SEED_IDS.firstContact);
		const missing = await c.get('/api/messaging/contacts/nope/');
		assert.equal(missing.status, 404);
		assert.equal(missing.body.code, 'contact_not_found');
	});

	test('packages: five, one inactive', async () => {
		const r = await c.get('/api/billing/sms/packages/');
		assert.equal(r.body.count, 5);
		assert.equal(r.body.results.filter((/** @type {any} */ p) => !p.is_active).length, 1);
		assert.ok(r.body.results.every((/** @type {any} */ p) => p.currency === 'TZS'));
	});

	test('unknown paths 404 and wrong methods 405 with the error body', async () => {
		const r = await c.get('/x', { auth: 'none' });
		assert.equal(r.status, 404);
		assert.deepEqual(r.body, { error: 'Not found: GET /x', code: 'not_found', details: {} });
		assert.equal((await c.get('/api/integration/v1/sms/balance')).status, 404);
		const m = await c.call('PUT', '/api/integration/v1/sms/send/', { body: {} });
		assert.equal(m.status, 405);
		assert.equal(m.body.error, 'Method not allowed: PUT /api/integration/v1/sms/send/');
	});

	test('waitFor helper sanity: deliveries settle without polling the message', async () => {
		await c.send(['+255712345678']);
		await waitFor(async () => (await c.admin('GET', '/messages')).body[0].status === 'delivered');
	});
});
