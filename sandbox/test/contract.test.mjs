// Contract test: every endpoint of the API reference, called on a running sandbox, answers with a body that
// passes its zod schema; hand-written examples (from the reference's field tables) pass the schemas too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SEED_IDS } from '../server.mjs';
import * as messaging from '../messagingSchemas.mjs';
import * as reference from '../schemas.mjs';
import * as wild from '../wildSchemas.mjs';

import { TS, examples, insufficientCredits, wildPayment } from './contract-examples.mjs';

/** Every schema of the sandbox's answers and bodies by name (the admin interface's aside, adminSchemas.mjs). */
const S = { ...reference, ...wild, ...messaging };
import { client, start } from './helpers.mjs';

/** @type {Awaited<ReturnType<typeof start>>} */
let sb;
/** @type {ReturnType<typeof client>} */
let c;
let messageId = '';
let tenantId = '';
let transactionId = '';

/**
 * How to call each endpoint (key = responseSchemas key).
 * @type {Record<string, () => Promise<{status: number, headers: Headers, body: any, text: string}>>}
 */
const calls = {
	'POST /api/integration/v1/sms/send/': () => c.send(['+255712345679']),
	'GET /api/integration/v1/sms/status/{message_id}/': () =>
		c.get(`/api/integration/v1/sms/status/${messageId}/`),
	'GET /api/integration/v1/sms/balance/': () => c.get('/api/integration/v1/sms/balance/'),
	'POST /api/integration/v1/partner/tenants/create/': () =>
		c.post('/api/integration/v1/partner/tenants/create/', {
			tenant_name: 'Another Tenant',
			owner_email: 'another@contract.test',
			owner_name: 'Another Owner',
			contact_phone: '0712000333',
			initial_credits: 0,
		}),
	'POST /api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/': () =>
		c.post(`/api/integration/v1/partner/tenants/${tenantId}/payments/initiate/`, {
			package_id: SEED_IDS.packages.starter,
			buyer_email: 'buyer@contract.test',
			buyer_name: 'Buyer Name',
			buyer_phone: '0712345678',
			mobile_money_provider: 'airtel',
		}),
	'POST /api/auth/login/': () =>
		c.post(
			'/api/auth/login/',
			{ email: 'demo@sandbox.test', password: 'sandbox-password' },
			{ auth: 'none' },
		),
	'GET /api/billing/history/': () => c.get('/api/billing/history/?page_size=100'),
	'GET /api/billing/payments/transactions/{transaction_id}/status/': () =>
		c.get(`/api/billing/payments/transactions/${transactionId}/status/`),
	'GET /api/billing/sms/packages/': () => c.get('/api/billing/sms/packages/'),
	'GET /api/messaging/sms/{message_id}/status/': () =>
		c.get(`/api/messaging/sms/${messageId}/status/`),
	'GET /api/messaging/sms/stats/': () => c.get('/api/messaging/sms/stats/'),
	'GET /api/messaging/campaigns/{campaign_id}/analytics/': () =>
		c.get(`/api/messaging/campaigns/${SEED_IDS.campaign}/analytics/`),
	'GET /api/messaging/dashboard/metrics/': () =>
		c.get('/api/messaging/dashboard/metrics/?period=1y'),
	'GET /api/messaging/contacts/{contact_id}/': () =>
		c.get(`/api/messaging/contacts/${SEED_IDS.firstContact}/`),
	'GET /api/messaging/activity/recent/': () => c.get('/api/messaging/activity/recent/?limit=100'),
	'GET /api/tenants/': () => c.get('/api/tenants/?page_size=100'),
	'GET /api/notifications/': () => c.get('/api/notifications/?page_size=100'),
};
const created = new Set([
	'POST /api/integration/v1/partner/tenants/create/',
	'POST /api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/',
]);

/**
 * Validate with a schema and fail with zod's issues as the message.
 * @param {import('zod/v4').ZodType} schema
 * @param {unknown} value
 * @param {string} label
 */
function check(schema, value, label) {
	const r = schema.safeParse(value);
	assert.ok(
		r.success,
		`${label}: ${r.success ? '' : JSON.stringify(r.error.issues, null, 1)}\n${JSON.stringify(value).slice(0, 400)}`,
	);
}

describe('contract: live responses pass their schemas', () => {
	before(async () => {
		sb = await start({ deliveryDelayMs: 0, paymentDelayMs: 0 });
		c = client(sb);
		const sent = await c.send(['+255712345678', '+255713000001']);
		messageId = sent.body.message_id;
		const t = await c.post('/api/integration/v1/partner/tenants/create/', {
			tenant_name: 'Contract Tenant',
			owner_email: 'owner@contract.test',
			owner_name: 'Owner Name',
			contact_phone: '+255712000222',
			initial_credits: 100,
		});
		tenantId = t.body.data.tenant_id;
		const p = await c.post(`/api/integration/v1/partner/tenants/${tenantId}/payments/initiate/`, {
			package_id: SEED_IDS.packages.basic,
			buyer_email: 'buyer@contract.test',
			buyer_name: 'Buyer Name',
			buyer_phone: '0712345678',
			mobile_money_provider: 'vodacom',
		});
		transactionId = p.body.data.transaction_id;
	});
	after(() => sb.close());

	test('every documented endpoint has a schema and a call', () => {
		assert.deepEqual(Object.keys(calls).sort(), Object.keys(S.responseSchemas).sort());
		assert.equal(Object.keys(S.responseSchemas).length, 17);
	});

	for (const key of Object.keys(calls)) {
		test(key, async () => {
			const res = await calls[key]();
			assert.equal(res.status, created.has(key) ? 201 : 200, res.text);
			assert.match(res.headers.get('content-type') ?? '', /application\/json/);
			check(S.responseSchemas[/** @type {keyof typeof S.responseSchemas} */ (key)], res.body, key);
		});
	}

	test('a delivered message and a completed payment also pass', async () => {
		await c.admin('POST', `/payments/${transactionId}/complete`);
		const tx = await calls['GET /api/billing/payments/transactions/{transaction_id}/status/']();
		check(S.transactionStatusResponseSchema, tx.body, 'completed transaction');
		assert.equal(tx.body.transaction.status, 'completed');
		assert.match(tx.body.transaction.completed_at, S.TIMESTAMP_PATTERN);
		const st = await calls['GET /api/integration/v1/sms/status/{message_id}/']();
		check(S.messageStatusSchema, st.body, 'delivered message');
		assert.equal(st.body.status, 'delivered');
	});

	test('every period of the dashboard passes', async () => {
		for (const period of S.DASHBOARD_PERIODS) {
			const r = await c.get(`/api/messaging/dashboard/metrics/?period=${period}`);
			check(S.dashboardMetricsSchema, r.body, period);
		}
	});

	test('every billing type filter and unread notifications pass', async () => {
		for (const type of S.BILLING_TYPES) {
			check(
				S.billingHistoryPageSchema,
				(await c.get(`/api/billing/history/?type=${type}`)).body,
				type,
			);
		}
		check(
			S.notificationPageSchema,
			(await c.get('/api/notifications/?unread_only=true')).body,
			'unread',
		);
	});

	test('error responses pass the error body schema', async () => {
		/** @type {Array<[any, number]>} */
		const errors = [
			[await c.get('/api/nope/'), 404],
			[await c.call('DELETE', '/api/tenants/'), 405],
			[await c.get('/api/integration/v1/sms/balance/', { auth: 'none' }), 401],
			[
				await c.post(
					'/api/auth/login/',
					{ email: 'demo@sandbox.test', password: 'x' },
					{ auth: 'none' },
				),
				401,
			],
			[await c.send(['12345']), 400],
			[await c.call('POST', '/api/integration/v1/sms/send/', { rawBody: '{nope' }), 400],
			[await c.get('/api/integration/v1/sms/status/unknown/'), 404],
			[await c.get('/api/billing/history/?page=999'), 404],
		];
		for (const [res, status] of errors) {
			assert.equal(res.status, status, res.text);
			check(S.errorBodySchema, res.body, `error ${status}`);
		}
	});

	test('a send the balance cannot cover passes the insufficient-credits schema', async () => {
		const before = (await c.get('/api/integration/v1/sms/balance/')).body.balance;
		await c.admin('POST', '/balance', { balance: 1 });
		const res = await c.send(['+255712345678', '+255712345679']);
		await c.admin('POST', '/balance', { balance: before });
		assert.equal(res.status, 400, res.text);
		check(S.insufficientCreditsErrorSchema, res.body, 'insufficient credits');
	});
});

describe('contract: hand-written examples pass their schemas', () => {
	for (const [name, example] of Object.entries(examples)) {
		test(name, () => {
			const schema = /** @type {Record<string, import('zod/v4').ZodType>} */ (
				/** @type {unknown} */ (S)
			)[name];
			assert.ok(schema, `schemas.mjs exports ${name}`);
			check(schema, example, name);
		});
	}

	test('every exported schema has an example', () => {
		const exported = Object.keys(S).filter((k) => k.endsWith('Schema') && !k.startsWith('admin'));
		const building = new Set([
			'timestampSchema',
			'offsetTimestampSchema',
			'uuidSchema',
			'e164Schema',
			'loosePhoneSchema',
			'emailSchema',
			'dailyBreakdownEntrySchema',
			'wildTimestampSchema',
			'decimalStringSchema',
		]);
		for (const k of exported) if (!building.has(k)) assert.ok(k in examples, `no example for ${k}`);
	});

	test('schemas reject what the reference rules out', () => {
		/** @type {Array<[any, unknown, string]>} */
		const bad = [
			[
				S.billingRecordSchema,
				{ ...examples.billingRecordSchema, amount: 250 },
				'usage with a positive amount',
			],
			[
				S.messageStatusSchema,
				{ ...examples.messageStatusSchema, delivered_at: '2026-11-22T10:00:00.123Z' },
				'milliseconds',
			],
			[
				S.tenantAccountSchema,
				{ ...examples.tenantAccountSchema, created_at: TS },
				'partner created_at without offset',
			],
			[
				S.sendRequestSchema,
				{ ...examples.sendRequestSchema, recipients: ['0712345678'] },
				'local number',
			],
			[S.sendRequestSchema, { ...examples.sendRequestSchema, recipients: [] }, 'no recipients'],
			[
				S.paymentInitiateRequestSchema,
				{ ...examples.paymentInitiateRequestSchema, mobile_money_provider: 'mpesa' },
				'provider',
			],
			[
				S.tenantCreateRequestSchema,
				{ ...examples.tenantCreateRequestSchema, initial_credits: 1.5 },
				'fractional credits',
			],
			[
				S.tenantCreateRequestSchema,
				{ ...examples.tenantCreateRequestSchema, owner_email: 'nope' },
				'e-mail',
			],
			[
				S.paymentInitiationSchema,
				{ ...examples.paymentInitiationSchema, order_id: 'order-1' },
				'order id shape',
			],
			[S.balanceSchema, { balance: 1.5, currency: 'credits' }, 'fractional balance'],
			[S.dashboardMetricsSchema, { ...examples.dashboardMetricsSchema, period: '2w' }, 'period'],
			[S.errorBodySchema, { detail: 'Not found.' }, 'DRF-style error'],
			[
				S.insufficientCreditsErrorSchema,
				{ ...insufficientCredits, code: 'validation_error' },
				'another code',
			],
			[
				S.wildPaymentRecordSchema,
				{ ...wildPayment, updated_at: undefined },
				'a payment without updated_at',
			],
		];
		for (const [schema, value, label] of bad)
			assert.equal(schema.safeParse(value).success, false, label);
	});
});
