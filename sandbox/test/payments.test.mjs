// Partner tenants and mobile-money payments.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SEED_IDS } from '../server.mjs';
import { OFFSET_TIMESTAMP_PATTERN, ORDER_ID_PATTERN } from '../schemas.mjs';
import { client, sleep, start, waitFor, withSandbox } from './helpers.mjs';

describe('partner tenants and payments', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox(
		{ paymentDelayMs: 0 },
		(s, cl) => {
			sb = s;
			c = cl;
		},
		{ reset: true },
	);

	const tenantBody = {
		tenant_name: 'Mwanza Fish Market',
		owner_email: 'owner@mwanza-fish.co.tz',
		owner_name: 'Juma Said',
		contact_phone: '+255754000111',
		initial_credits: 250,
	};
	const paymentBody = {
		package_id: SEED_IDS.packages.basic,
		buyer_email: 'buyer@mwanza-fish.co.tz',
		buyer_name: 'Juma Said',
		buyer_phone: '0754000111',
		mobile_money_provider: 'tigo',
	};
	const createTenant = async () =>
		(await c.post('/api/integration/v1/partner/tenants/create/', tenantBody)).body.data;
	/**
	 * @param {string} tenantId
	 * @param {Record<string, unknown>} [body]
	 */
	const initiate = (tenantId, body = paymentBody) =>
		c.post(`/api/integration/v1/partner/tenants/${tenantId}/payments/initiate/`, body);
	/** @param {string} id */
	const tenantBalance = async (id) =>
		(await c.admin('GET', '/tenants')).body.find((/** @type {any} */ t) => t.tenant_id === id)
			.sms_balance;

	test('create tenant: 201 with the tenant account', async () => {
		const r = await c.post('/api/integration/v1/partner/tenants/create/', tenantBody);
		assert.equal(r.status, 201);
		assert.equal(r.body.success, true);
		const d = r.body.data;
		assert.equal(d.tenant_name, 'Mwanza Fish Market');
		assert.equal(d.owner_email, 'owner@mwanza-fish.co.tz');
		assert.equal(d.sms_balance, 250);
		assert.equal(d.service_api_key, null);
		assert.match(d.created_at, OFFSET_TIMESTAMP_PATTERN);
		assert.ok(d.created_at.endsWith('+00:00'));
		assert.notEqual(d.tenant_id, d.service_account_id);
		assert.equal((await c.admin('GET', '/state')).body.tenants, 2);
		// The new tenant can be used to send.
		const s = await c.send(['+255712345678'], { tenant_account_id: d.service_account_id });
		assert.equal(s.status, 200);
		assert.equal(await tenantBalance(d.tenant_id), 249);
	});

	test('create tenant validates e-mail and credits', async () => {
		/** @type {Array<[Record<string, unknown>, string]>} */
		const cases = [
			[{ owner_email: 'not-an-email' }, 'owner_email'],
			[{ initial_credits: -1 }, 'initial_credits'],
			[{ initial_credits: 2.5 }, 'initial_credits'],
			[{ initial_credits: '10' }, 'initial_credits'],
			[{ tenant_name: undefined }, 'tenant_name'],
		];
		for (const [patch, field] of cases) {
			const r = await c.post('/api/integration/v1/partner/tenants/create/', {
				...tenantBody,
				...patch,
			});
			assert.equal(r.status, 400, JSON.stringify(patch));
			assert.equal(r.body.code, 'validation_error');
			assert.ok(r.body.error.startsWith(`${field}: `), r.body.error);
		}
	});

	test('initiate payment: 201 pending, billing record on top, completes by the admin call', async () => {
		const tenant = await createTenant();
		const r = await initiate(tenant.tenant_id);
		assert.equal(r.status, 201);
		const d = r.body.data;
		assert.equal(d.status, 'pending');
		assert.equal(d.amount, 24000);
		assert.equal(d.currency, 'TZS');
		assert.match(d.order_id, ORDER_ID_PATTERN);
		assert.match(d.order_id, /^ORD-\d{8}-[A-Z0-9]{6}$/);

		const top = (await c.get('/api/billing/history/?page_size=1')).body.results[0];
		assert.equal(top.id, d.transaction_id);
		assert.equal(top.type, 'payment');
		assert.equal(top.status, 'pending');
		assert.equal(top.description, 'Mobile money payment for Basic (Mwanza Fish Market)');

		const st = await c.get(`/api/billing/payments/transactions/${d.transaction_id}/status/`);
		assert.deepEqual(st.body, {
			success: true,
			transaction: {
				id: d.transaction_id,
				order_id: d.order_id,
				amount: 24000,
				currency: 'TZS',
				status: 'pending',
				completed_at: null,
			},
		});
		// paymentDelayMs 0: nothing happens on its own.
		await sleep(50);
		assert.equal(
			(await c.get(`/api/billing/payments/transactions/${d.transaction_id}/status/`)).body
				.transaction.status,
			'pending',
		);

		const done = await c.admin('POST', `/payments/${d.transaction_id}/complete`);
		assert.equal(done.status, 200);
		const st2 = (await c.get(`/api/billing/payments/transactions/${d.transaction_id}/status/`)).body
			.transaction;
		assert.equal(st2.status, 'completed');
		assert.match(st2.completed_at, /Z$/);
		assert.equal(await tenantBalance(tenant.tenant_id), 250 + 1000 + 50);
		assert.equal(
			(await c.get('/api/billing/history/?type=payment&page_size=1')).body.results[0].status,
			'completed',
		);
		const n = (await c.get('/api/notifications/?page_size=1')).body.results[0];
		assert.equal(n.title, 'Payment completed');
		assert.equal(n.type, 'success');
		assert.equal(n.is_read, false);
		const again = await c.admin('POST', `/payments/${d.transaction_id}/complete`);
		assert.equal(again.status, 409);
	});

	test('a payment completes by itself after paymentDelayMs (nobody polling)', async () => {
		await c.admin('POST', '/config', { paymentDelayMs: 100 });
		const d = (await initiate(SEED_IDS.tenant)).body.data;
		await sleep(200);
		const s = await c.admin('GET', '/state');
		assert.deepEqual(s.body.payments, { pending: 0, completed: 1, failed: 0 });
		assert.equal(await tenantBalance(SEED_IDS.tenant), 1000 + 1050);
		const st = await c.get(`/api/billing/payments/transactions/${d.transaction_id}/status/`);
		assert.equal(st.body.transaction.status, 'completed');
	});

	test('payment fail by the admin call: failed record and error notification, no credits', async () => {
		const d = (await initiate(SEED_IDS.tenant)).body.data;
		const r = await c.admin('POST', `/payments/${d.transaction_id}/fail`);
		assert.equal(r.status, 200);
		assert.equal(
			(await c.get(`/api/billing/payments/transactions/${d.transaction_id}/status/`)).body
				.transaction.status,
			'failed',
		);
		assert.equal(
			(await c.get('/api/billing/history/?page_size=1')).body.results[0].status,
			'failed',
		);
		const n = (await c.get('/api/notifications/?page_size=1')).body.results[0];
		assert.equal(n.type, 'error');
		assert.equal(await tenantBalance(SEED_IDS.tenant), 1000);
		assert.equal((await c.admin('POST', '/payments/nope/complete')).status, 404);
	});

	test('payment errors: unknown tenant 404, unknown/inactive package, bad provider', async () => {
		const unknownTenant = await initiate('00000000-0000-4000-8000-000000000000');
		assert.equal(unknownTenant.status, 404);
		assert.equal(unknownTenant.body.code, 'tenant_not_found');

		const unknownPkg = await initiate(SEED_IDS.tenant, { ...paymentBody, package_id: 'nope' });
		assert.equal(unknownPkg.status, 404);
		assert.match(unknownPkg.body.error, /package_id/);

		const inactive = await initiate(SEED_IDS.tenant, {
			...paymentBody,
			package_id: SEED_IDS.packages.legacy,
		});
		assert.equal(inactive.status, 400);
		assert.ok(inactive.body.error.startsWith('package_id: '));

		const provider = await initiate(SEED_IDS.tenant, {
			...paymentBody,
			mobile_money_provider: 'mpesa',
		});
		assert.equal(provider.status, 400);
		assert.equal(
			provider.body.error,
			"mobile_money_provider: 'mpesa' is not one of vodacom, tigo, airtel, halotel",
		);

		const email = await initiate(SEED_IDS.tenant, { ...paymentBody, buyer_email: 'x' });
		assert.equal(email.status, 400);
		assert.ok(email.body.error.startsWith('buyer_email: '));

		assert.equal(
			(await c.get('/api/billing/payments/transactions/nope/status/')).body.code,
			'transaction_not_found',
		);
		assert.equal((await c.admin('GET', '/state')).body.payments.pending, 0);
	});

	test('config change of paymentDelayMs applies to pending payments', async () => {
		const d = (await initiate(SEED_IDS.tenant)).body.data;
		await c.admin('POST', '/config', { paymentDelayMs: 30 });
		await waitFor(
			async () =>
				(await c.get(`/api/billing/payments/transactions/${d.transaction_id}/status/`)).body
					.transaction.status === 'completed',
		);
	});

	test('reset cancels pending payment timers', async () => {
		await c.admin('POST', '/config', { paymentDelayMs: 100 });
		await initiate(SEED_IDS.tenant);
		await c.admin('POST', '/reset');
		await sleep(150);
		const s = (await c.admin('GET', '/state')).body;
		assert.deepEqual(s.payments, { pending: 0, completed: 0, failed: 0 });
		assert.equal(s.notifications.total, 48);
	});
});
