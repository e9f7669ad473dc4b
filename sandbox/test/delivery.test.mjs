// Issue 24 in the documented profile: a message moves from sent to delivered or failed after the delivery delay
// (some numbers always fail), sends are charged recipients × SMS parts, and a send the balance cannot cover is
// refused whole.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_OPTIONS, FAILING_NUMBER, FAILING_SUFFIX, SEED_IDS } from '../server.mjs';
import * as S from '../schemas.mjs';
import { client, sleep, start, waitFor, withSandbox } from './helpers.mjs';

const a = (/** @type {number} */ n) => 'a'.repeat(n);
/**
 * The details of an insufficient_credits refusal.
 * @param {number} required
 * @param {number} available
 * @param {number} recipients
 * @param {number} parts
 * @param {'GSM-7'|'UCS-2'} encoding
 */
const shortfall = (required, available, recipients, parts, encoding) => ({
	required,
	available,
	recipients,
	parts,
	encoding,
});

describe('delivery: sent, then delivered or failed', () => {
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox({ deliveryDelayMs: 200 }, (_s, cl) => (c = cl), { reset: true });

	/** @param {string} id */
	const statuses = async (id) => {
		const integration = (await c.get(`/api/integration/v1/sms/status/${id}/`)).body;
		const messaging = (await c.get(`/api/messaging/sms/${id}/status/`)).body.message;
		return { integration, messaging };
	};

	test('the default delay is 1.5 s; SANDBOX_DELIVERY_DELAY_MS and the admin config change it', async () => {
		assert.equal(DEFAULT_OPTIONS.deliveryDelayMs, 1500);
		assert.equal((await c.admin('GET', '/config')).body.deliveryDelayMs, 200);
		await c.admin('POST', '/config', { deliveryDelayMs: 30 });
		const id = (await c.send(['+255712345678'])).body.message_id;
		assert.equal((await statuses(id)).integration.status, 'sent');
		await sleep(60);
		assert.equal((await statuses(id)).integration.status, 'delivered');
		const bad = await c.admin('POST', '/config', { deliveryDelayMs: -1 });
		assert.equal(bad.status, 400);
	});

	test('a good number: sent with delivered_at null, then delivered with delivered_at on both endpoints', async () => {
		const sent = await c.send(['+255712345678', '+255713000111']);
		const id = sent.body.message_id;
		const before = await statuses(id);
		assert.deepEqual(before.integration, { message_id: id, status: 'sent', delivered_at: null });
		assert.equal(before.messaging.status, 'sent');
		assert.equal(before.messaging.delivered_at, null);
		await waitFor(async () => (await statuses(id)).integration.status !== 'sent');
		const after = await statuses(id);
		assert.equal(after.integration.status, 'delivered');
		assert.match(after.integration.delivered_at, S.TIMESTAMP_PATTERN);
		assert.equal(after.messaging.status, 'delivered');
		assert.equal(after.messaging.delivered_at, after.integration.delivered_at);
		const sentAt = Date.parse(after.messaging.sent_at);
		const deliveredAt = Date.parse(after.integration.delivered_at);
		assert.ok(deliveredAt >= sentAt && deliveredAt - sentAt <= 1200, `${sentAt} → ${deliveredAt}`);
		const [admin] = (await c.admin('GET', '/messages')).body;
		assert.equal(admin.status, 'delivered');
		assert.equal(admin.delivered_at, after.integration.delivered_at);
	});

	for (const number of [FAILING_NUMBER, `+2557999${FAILING_SUFFIX}`, `+1415555${FAILING_SUFFIX}`]) {
		test(`${number} always fails: failed with delivered_at null on both endpoints`, async () => {
			const id = (await c.send(['+255712345678', number])).body.message_id;
			assert.equal((await statuses(id)).integration.status, 'sent');
			await waitFor(async () => (await statuses(id)).integration.status !== 'sent');
			const after = await statuses(id);
			assert.deepEqual(after.integration, { message_id: id, status: 'failed', delivered_at: null });
			assert.equal(after.messaging.status, 'failed');
			assert.equal(after.messaging.delivered_at, null);
		});
	}

	test('numbers that only look like the failing ones are delivered', async () => {
		assert.equal(FAILING_SUFFIX, '99999');
		// The forms tests and benchmarks generate: +2557 and 10000000 + i, local-looking runs of 9s.
		for (const number of ['+255710009999', '+255700000998', '+255799999998', '+255712345678']) {
			const id = (await c.send([number])).body.message_id;
			await waitFor(async () => (await statuses(id)).integration.status !== 'sent');
			assert.equal((await statuses(id)).integration.status, 'delivered', number);
		}
	});

	test('statistics count a failed message as failed once it settles', async () => {
		const s0 = (await c.get('/api/messaging/sms/stats/')).body.stats;
		await c.send(['+255799999999']);
		await c.send(['+255719999999']);
		await sleep(250);
		const s1 = (await c.get('/api/messaging/sms/stats/')).body.stats;
		assert.equal(s1.total_sent, s0.total_sent + 2);
		assert.equal(s1.total_failed, s0.total_failed + 2);
		assert.equal(s1.total_delivered, s0.total_delivered);
	});
});

describe('credits: recipients × SMS parts (GSM 03.38)', () => {
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox({ deliveryDelayMs: 0 }, (_s, cl) => (c = cl), { reset: true });

	const balance = async () => (await c.get('/api/integration/v1/sms/balance/')).body.balance;
	const three = ['+255712345678', '+255713000111', '+14155550123'];

	/** @type {Array<[string, string, number, 'GSM-7'|'UCS-2']>} name, text, parts, encoding */
	const cases = [
		['160 GSM-7 characters', a(160), 1, 'GSM-7'],
		['161 GSM-7 characters', a(161), 2, 'GSM-7'],
		['307 GSM-7 characters', a(307), 3, 'GSM-7'],
		['159 characters and € (161 septets)', `${a(159)}€`, 2, 'GSM-7'],
		['70 characters with an accent outside GSM-7', `${a(69)}á`, 1, 'UCS-2'],
		['71 characters with an accent outside GSM-7', `${a(70)}á`, 2, 'UCS-2'],
		['an emoji in 70 characters (71 units)', `${a(69)}😀`, 2, 'UCS-2'],
	];
	for (const [name, message, parts, encoding] of cases) {
		test(`${name}: ${parts} part${parts === 1 ? '' : 's'} × 3 recipients`, async () => {
			const r = await c.send(three, { message });
			assert.equal(r.status, 200, r.text);
			assert.equal(r.body.credits_used, 3 * parts);
			assert.equal(r.body.recipients_count, 3);
			assert.equal(await balance(), 5000 - 3 * parts);
			const [m] = (await c.admin('GET', '/messages')).body;
			assert.deepEqual([m.parts, m.encoding, m.credits], [parts, encoding, 3 * parts]);
			const details = (await c.get(`/api/messaging/sms/${r.body.message_id}/status/`)).body.message;
			assert.equal(details.cost, 3 * parts * 25, 'cost: 25 TZS a credit');
		});
	}

	test('a tenant is charged by parts too', async () => {
		const r = await c.send(['+255712345678', '+255712345679'], {
			message: a(200),
			tenant_account_id: SEED_IDS.tenant,
		});
		assert.equal(r.body.credits_used, 4);
		const tenant = (await c.admin('GET', '/tenants')).body.find(
			(/** @type {any} */ t) => t.tenant_id === SEED_IDS.tenant,
		);
		assert.equal(tenant.sms_balance, 1000 - 4);
		assert.equal(await balance(), 5000);
	});

	test('a send the balance cannot cover is refused whole: 400 insufficient_credits, nothing sent', async () => {
		await c.admin('POST', '/balance', { balance: 5 });
		const activities = (await c.get('/api/messaging/activity/recent/?limit=100')).body.count;
		// 3 recipients would fit one part each, but the text is 2 parts: 6 credits.
		const r = await c.send(three, { message: a(161) });
		assert.equal(r.status, 400);
		assert.deepEqual(r.body, {
			error: 'Insufficient credits: 6 required (3 recipients × 2 SMS parts), 5 available',
			code: 'insufficient_credits',
			details: shortfall(6, 5, 3, 2, 'GSM-7'),
		});
		assert.ok(S.insufficientCreditsErrorSchema.safeParse(r.body).success);
		assert.equal(await balance(), 5);
		assert.equal((await c.admin('GET', '/messages')).body.length, 0);
		assert.equal((await c.get('/api/messaging/activity/recent/?limit=100')).body.count, activities);
		// Exactly enough goes through and leaves 0: 304 characters and two extension ones are 308 septets, 3 parts.
		const fits = await c.send(['+255712345678'], { message: `${a(304)}{}` });
		assert.equal(fits.status, 200, fits.text);
		assert.equal(fits.body.credits_used, 3);
		const rest = await c.send(['+255712345678', '+255712345679'], { message: 'ok' });
		assert.equal(rest.body.credits_used, 2);
		assert.equal(await balance(), 0);
		const none = await c.send(['+255712345678'], { message: 'one more' });
		assert.equal(none.status, 400);
		assert.deepEqual(none.body.details, shortfall(1, 0, 1, 1, 'GSM-7'));
	});

	test("a tenant's send is refused against the tenant's balance", async () => {
		await c.admin('POST', '/balance', { balance: 3, tenant_id: SEED_IDS.tenant });
		const r = await c.send(['+255712345678', '+255712345679'], {
			message: `Habari 😀 ${a(70)}`,
			tenant_account_id: SEED_IDS.tenant,
		});
		assert.equal(r.status, 400);
		assert.deepEqual(r.body.details, shortfall(4, 3, 2, 2, 'UCS-2'));
		assert.equal(await balance(), 5000, 'the account balance is not touched');
	});

	test('the wild profile charges and refuses the same way', async () => {
		await c.admin('POST', '/config', { profile: 'wild' });
		const r = await c.send(three, { message: a(161) });
		assert.equal(r.status, 200);
		assert.equal(r.body.data.credits_used, 6);
		await c.admin('POST', '/balance', { balance: 5 });
		const refused = await c.send(three, { message: a(161) });
		assert.equal(refused.status, 400);
		assert.equal(refused.body.code, 'insufficient_credits');
		assert.deepEqual(refused.body.details, shortfall(6, 5, 3, 2, 'GSM-7'));
	});
});

describe('start options', () => {
	test('deliveryDelayMs from startSandbox', async () => {
		const sb = await start({ deliveryDelayMs: 0 });
		try {
			const c = client(sb);
			const id = (await c.send(['+255712345678'])).body.message_id;
			assert.equal((await c.get(`/api/integration/v1/sms/status/${id}/`)).body.status, 'delivered');
		} finally {
			await sb.close();
		}
	});
});
