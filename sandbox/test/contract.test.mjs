// Contract test: every endpoint of the API reference, called on a running sandbox, answers with a body that
// passes its zod schema; hand-written examples (from the reference's field tables) pass the schemas too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SEED_IDS } from '../server.mjs';
import * as S from '../schemas.mjs';
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

// -----------------------------------------------------------------------------------------------------------
// Hand-written examples, one per documented shape, built from the field tables of the reference.

const TS = '2026-11-22T10:00:00Z';
const UUID = '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f';
const UUID2 = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const examples = {
	sendResultSchema: { success: true, message_id: UUID, status: 'sent' },
	messageStatusSchema: { message_id: UUID, status: 'delivered', delivered_at: TS },
	balanceSchema: { balance: 5000, currency: 'credits' },
	tenantAccountSchema: {
		service_account_id: UUID,
		service_account_id_public: 'SA-KCT00001',
		service_api_key: null,
		tenant_name: 'Tenant Ltd',
		tenant_id: UUID2,
		sms_balance: 100,
		owner_email: 'owner@tenant.co.tz',
		created_at: '2026-11-22T10:00:00.123456+00:00',
	},
	paymentInitiationSchema: {
		transaction_id: UUID,
		order_id: 'ORD-20261122-AB12CD',
		amount: 24000,
		currency: 'TZS',
		status: 'pending',
	},
	paymentTransactionSchema: {
		id: UUID,
		order_id: 'ORD-20261122-AB12CD',
		amount: 24000.0,
		currency: 'TZS',
		status: 'completed',
		completed_at: TS,
	},
	billingRecordSchema: {
		id: UUID,
		type: 'usage',
		description: 'SMS usage: 10 messages',
		amount: -250.5,
		currency: 'TZS',
		status: 'completed',
		created_at: TS,
	},
	smsPackageSchema: {
		id: UUID,
		name: 'Basic',
		sms_count: 1000,
		price: 24000.0,
		currency: 'TZS',
		bonus_sms: 50,
		validity_days: 60,
		is_active: true,
	},
	campaignAnalyticsSchema: {
		campaign_id: UUID,
		name: 'Black Friday Promo',
		status: 'completed',
		total_recipients: 1200,
		sent: 1200,
		delivered: 1164,
		failed: 36,
		delivery_rate: 97.0,
		cost: 30000.0,
		currency: 'TZS',
		started_at: TS,
		completed_at: '2026-11-22T10:24:00Z',
		duration_seconds: 1440,
		messages_per_second: 0.83,
	},
	dashboardMetricsSchema: {
		period: '7d',
		metrics: {
			messages_sent: 100,
			messages_delivered: 97,
			delivery_rate: 97.0,
			cost: 2500.0,
			contacts_added: 3,
			campaigns_created: 1,
		},
		daily_breakdown: [{ date: '2026-11-22', sent: 100, delivered: 97, cost: 2500.0 }],
	},
	contactSchema: {
		id: UUID,
		name: 'Amina Juma',
		phone_e164: '+255712345601',
		email: 'amina@example.co.tz',
		attributes: { city: 'Dar es Salaam' },
		tags: ['customer'],
		is_active: true,
		opt_in_at: TS,
		opt_out_at: null,
		created_at: TS,
		updated_at: TS,
	},
	smsMessageSchema: {
		id: UUID,
		recipient: '+255712345678',
		message: 'Hello',
		sender_id: 'ACME',
		status: 'delivered',
		sent_at: TS,
		delivered_at: '2026-11-22T10:00:02Z',
		cost: 25.0,
		currency: 'TZS',
	},
	smsStatsSchema: {
		total_sent: 100,
		total_delivered: 95,
		total_failed: 5,
		delivery_rate: 95.0,
		total_cost: 2500.0,
		currency: 'TZS',
		period: { start: '2026-11-01T00:00:00Z', end: '2026-11-30T23:59:59Z' },
	},
	organizationSchema: {
		id: UUID,
		name: 'Arusha Retail',
		subdomain: 'arusha-retail',
		business_name: 'Arusha Retail Ltd',
		business_type: 'retail',
		email: 'info@arusha-retail.co.tz',
		phone_number: '+255712345678',
		is_active: true,
		created_at: TS,
	},
	activityEntrySchema: {
		id: UUID,
		type: 'campaign_created',
		description: "Campaign 'Weekend offers' created",
		user: { id: 1, email: 'demo@sandbox.test', name: 'Demo User' },
		timestamp: TS,
	},
	notificationSchema: {
		id: UUID,
		title: 'Payment completed',
		message: 'Credits added',
		type: 'success',
		is_read: false,
		created_at: TS,
	},
	errorBodySchema: { error: 'Not found: GET /x', code: 'not_found', details: {} },
	loginResponseSchema: {
		access_token: 'a'.repeat(43),
		refresh_token: 'b'.repeat(43),
		token_type: 'Bearer',
		expires_in: 3600,
		user: { id: 1, email: 'demo@sandbox.test', name: 'Demo User' },
	},
	// requests
	sendRequestSchema: {
		message: 'Hello',
		recipients: ['+255712345678'],
		sender_id: 'ACME',
		tenant_account_id: UUID,
	},
	tenantCreateRequestSchema: {
		tenant_name: 'Tenant Ltd',
		owner_email: 'owner@tenant.co.tz',
		owner_name: 'Owner',
		contact_phone: '+255712345678',
		initial_credits: 100,
	},
	paymentInitiateRequestSchema: {
		package_id: UUID,
		buyer_email: 'buyer@tenant.co.tz',
		buyer_name: 'Buyer',
		buyer_phone: '0712345678',
		mobile_money_provider: 'vodacom',
	},
	loginRequestSchema: { email: 'demo@sandbox.test', password: 'sandbox-password' },
	// Contacts and sender IDs (issue 29).
	contactCreateRequestSchema: { name: 'Amina Juma', phone_e164: '+255712345678', tags: ['vip'] },
	contactUpdateRequestSchema: { is_active: false },
	bulkImportRequestSchema: {
		import_type: 'phone_contacts',
		contacts: [{ full_name: 'Amina Juma', phone: '+255712345678', email: '' }],
		update_existing: true,
	},
	senderRequestSchema: {
		requested_sender_id: 'MYSHOP',
		sample_content: 'Your order is ready.',
		request_type: 'custom',
	},
	contactRecordSchema: {
		id: UUID,
		name: 'Amina Juma',
		phone_e164: '+255712345678',
		email: '',
		attributes: {},
		tags: [],
		opt_in_at: null,
		opt_out_at: null,
		opt_out_reason: '',
		is_active: true,
		last_contacted_at: null,
		is_opted_in: false,
		created_at: TS,
		updated_at: TS,
	},
};
// Examples referred to below besides the table (Object.assign does not widen the table's type).
const insufficientCredits = {
	error: 'Insufficient credits: 6 required (3 recipients × 2 SMS parts), 5 available',
	code: 'insufficient_credits',
	details: { required: 6, available: 5, recipients: 3, parts: 2, encoding: 'GSM-7' },
};
const wildPayment = {
	id: UUID,
	description: 'Mobile money payment',
	amount: '24000.00',
	currency: 'TZS',
	status: 'pending',
	created_at: '2026-11-22T10:00:00.123456Z',
	completed_at: null,
	updated_at: '2026-11-22T10:00:00.123456Z',
};
// Wrappers built from the examples above.
Object.assign(examples, {
	tenantCreateResponseSchema: { success: true, data: examples.tenantAccountSchema },
	paymentInitiateResponseSchema: { success: true, data: examples.paymentInitiationSchema },
	transactionStatusResponseSchema: {
		success: true,
		transaction: examples.paymentTransactionSchema,
	},
	smsMessageResponseSchema: { success: true, message: examples.smsMessageSchema },
	smsStatsResponseSchema: { success: true, stats: examples.smsStatsSchema },
	billingHistoryPageSchema: {
		count: 1,
		next: null,
		previous: null,
		results: [examples.billingRecordSchema],
	},
	notificationPageSchema: {
		count: 45,
		next: 'http://127.0.0.1:4010/api/notifications/?page=2&page_size=20',
		previous: null,
		results: [examples.notificationSchema],
	},
	organizationPageSchema: {
		count: 45,
		next: 'http://127.0.0.1:4010/api/tenants/?page=3&page_size=20',
		previous: 'http://127.0.0.1:4010/api/tenants/?page=1&page_size=20',
		results: [examples.organizationSchema],
	},
	packagesListSchema: { count: 1, results: [examples.smsPackageSchema] },
	activityListSchema: { count: 1, activities: [examples.activityEntrySchema] },
	// The wild profile (sandbox/wild.mjs).
	wildLoginResponseSchema: {
		message: 'Login successful',
		user: { id: 1, email: 'demo@sandbox.test' },
		tokens: { refresh: 'r'.repeat(20), access: 'a'.repeat(20) },
	},
	wildBillingHistorySchema: {
		success: true,
		data: {
			summary: { total_spent: '18.00' },
			purchases: [],
			payments: [
				{
					id: UUID,
					description: 'Mobile money payment',
					amount: '18.00',
					currency: 'TZS',
					status: 'completed',
					created_at: '2026-11-22T13:00:00.123456+03:00',
					completed_at: '2026-11-22T10:01:00.123456Z',
					updated_at: '2026-11-22T10:01:00.123456+00:00',
				},
			],
			usage_records: [],
			custom_purchases: [],
		},
	},
	wildNotificationSchema: {
		id: UUID,
		title: 'Payment completed',
		message: 'Credits added',
		notification_type: 'success',
		status: 'read',
		is_unread: false,
		read_at: '2026-11-22T10:00:00.000000Z',
		created_at: '2026-11-22T10:00:00.000000+00:00',
	},
	wildPaymentRecordSchema: wildPayment,
	drfNotFoundSchema: { detail: 'Not found.' },
	insufficientCreditsErrorSchema: insufficientCredits,
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
