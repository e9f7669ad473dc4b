// The wild profile: the sandbox answers as real servers of this kind do, where they differ from the API reference.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD, SEED_IDS } from '../server.mjs';
import * as S from '../wildSchemas.mjs';
import { client, sleep, start, waitFor, withSandbox } from './helpers.mjs';

const BALANCE = '/api/integration/v1/sms/balance/';
const OFFSET_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}(Z|[+-]\d{2}:\d{2})$/;

describe('wild profile', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox(
		{ profile: 'wild' },
		(s, cl) => {
			sb = s;
			c = cl;
		},
		{ reset: true },
	);

	async function login() {
		const r = await c.post(
			'/api/auth/login/',
			{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
			{ auth: 'none' },
		);
		return r;
	}

	/**
	 * A payment for the seeded tenant, initiated through the API (with the API key its group takes).
	 * @param {string} packageId
	 */
	const initiate = (packageId) =>
		c.post(`/api/integration/v1/partner/tenants/${SEED_IDS.tenant}/payments/initiate/`, {
			package_id: packageId,
			buyer_email: 'buyer@wild.test',
			buyer_name: 'Wild Buyer',
			buyer_phone: '0754000111',
			mobile_money_provider: 'vodacom',
		});

	test('1. integration endpoints take API keys only, the others the JWT only, each refusing in its own words', async () => {
		const token = (await login()).body.tokens.access;
		assert.equal((await c.get(BALANCE, { auth: 'x-api-key' })).status, 200);
		assert.equal((await c.get(BALANCE, { auth: 'bearer' })).status, 200);
		const jwtOnKeyEndpoint = await c.get(BALANCE, { auth: token });
		assert.equal(jwtOnKeyEndpoint.status, 401);
		assert.deepEqual(jwtOnKeyEndpoint.body, {
			success: false,
			message: 'Invalid API key',
			error_code: 'INVALID_API_KEY',
		});
		assert.equal((await c.get('/api/billing/history/', { auth: token })).status, 200);
		const keyOnJwtEndpoint = await c.get('/api/billing/history/', { auth: 'bearer' });
		assert.equal(keyOnJwtEndpoint.status, 401);
		assert.equal(keyOnJwtEndpoint.body.detail, 'Given token not valid for any token type');
		assert.equal(keyOnJwtEndpoint.body.code, 'token_not_valid');
		const xKeyOnJwtEndpoint = await c.get('/api/notifications/', { auth: 'x-api-key' });
		assert.deepEqual(xKeyOnJwtEndpoint.body, {
			detail: 'Authentication credentials were not provided.',
		});
	});

	test('2. login answers {message, user, tokens: {refresh, access}}; a wrong password is a 400 non_field_errors', async () => {
		const ok = await login();
		assert.equal(ok.status, 200);
		assert.deepEqual(Object.keys(ok.body), ['message', 'user', 'tokens']);
		assert.deepEqual(Object.keys(ok.body.tokens), ['refresh', 'access']);
		const wrong = await c.post(
			'/api/auth/login/',
			{ email: SANDBOX_EMAIL, password: 'nope' },
			{ auth: 'none' },
		);
		assert.equal(wrong.status, 400);
		assert.deepEqual(wrong.body, { non_field_errors: ['Invalid credentials.'] });
	});

	test('3. envelopes {success, data} / {success, analytics} / {success, timestamp, data, message}; offset timestamps; amounts as strings', async () => {
		const token = (await login()).body.tokens.access;
		assert.deepEqual(Object.keys((await c.get(BALANCE)).body), ['success', 'data']);
		const analytics = await c.get(`/api/messaging/campaigns/${SEED_IDS.campaign}/analytics/`, {
			auth: token,
		});
		assert.deepEqual(Object.keys(analytics.body), ['success', 'analytics']);
		assert.equal(typeof analytics.body.analytics.cost, 'string');
		assert.match(analytics.body.analytics.started_at, OFFSET_MICROS);
		const sent = await c.send(['+255712345678']);
		assert.deepEqual(Object.keys(sent.body), ['success', 'timestamp', 'data', 'message']);
		assert.match(sent.body.data.message_id, /^[0-9a-f-]{36}$/);
		const packages = await c.get('/api/billing/sms/packages/', { auth: token });
		assert.match(packages.body.data[0].price, /^\d+\.\d\d$/);
	});

	test('4. billing history comes whole and grouped, ignoring page, page_size and type', async () => {
		const token = (await login()).body.tokens.access;
		const r = await c.get('/api/billing/history/?page=2&page_size=1&type=usage', { auth: token });
		assert.equal(r.status, 200);
		assert.deepEqual(Object.keys(r.body.data), [
			'summary',
			'purchases',
			'payments',
			'usage_records',
			'custom_purchases',
		]);
		const total =
			r.body.data.purchases.length + r.body.data.payments.length + r.body.data.usage_records.length;
		assert.equal(total, sb.state.billing.all.length);
		assert.ok(r.body.data.payments.length > 0);
		assert.equal(r.body.data.payments[0].type, undefined);
		assert.match(r.body.data.payments[0].amount, /^\d+\.\d\d$/);
		const farPage = await c.get('/api/billing/history/?page=99&page_size=100&type=nonsense', {
			auth: token,
		});
		assert.equal(farPage.status, 200, 'a page beyond the end and an unknown type are ignored too');
		assert.deepEqual(farPage.body, r.body);
	});

	test('5. notifications ignore unread_only and carry status, is_unread, read_at and notification_type', async () => {
		const token = (await login()).body.tokens.access;
		const r = await c.get('/api/notifications/?unread_only=maybe&page_size=100', { auth: token });
		assert.equal(r.body.count, sb.state.notifications.length);
		assert.ok(r.body.results.some((/** @type {any} */ n) => n.status === 'read'));
		const read = r.body.results.find((/** @type {any} */ n) => n.status === 'read');
		assert.equal(read.is_unread, false);
		assert.equal(typeof read.read_at, 'string');
		assert.equal(read.is_read, undefined);
		assert.equal(read.type, undefined);
		assert.equal(typeof read.notification_type, 'string');
	});

	test('6. not found: DRF 404, HTML 404 for an unknown path, 500 "No … matches the given query."', async () => {
		const token = (await login()).body.tokens.access;
		const contact = await c.get('/api/messaging/contacts/nope/', { auth: token });
		assert.equal(contact.status, 404);
		assert.deepEqual(contact.body, { detail: 'Not found.' });
		const unknown = await c.get('/api/messaging/nothing-here/', { auth: token });
		assert.equal(unknown.status, 404);
		assert.match(unknown.headers.get('content-type') ?? '', /text\/html/);
		assert.match(unknown.text, /<title>Not Found<\/title>/);
		const tx = await c.get('/api/billing/payments/transactions/nope/status/', { auth: token });
		assert.equal(tx.status, 500);
		assert.deepEqual(tx.body, { error: 'No PaymentTransaction matches the given query.' });
	});

	test('7. no rate-limit headers; the payment status answers as late as configured', async () => {
		const r = await c.get(BALANCE);
		assert.equal(r.headers.get('x-ratelimit-remaining'), null);
		assert.equal(r.headers.get('x-ratelimit-limit'), null);
		await c.admin('POST', '/config', { paymentStatusDelayMs: 300 });
		const token = (await login()).body.tokens.access;
		const t0 = Date.now();
		await c.get('/api/billing/payments/transactions/nope/status/', { auth: token });
		assert.ok(Date.now() - t0 >= 280);
	});

	test('issue 23: a Bearer API key on a login-only group is read as a login token; an X-API-Key there is no credential', async () => {
		const loginOnly = [
			'/api/billing/history/',
			'/api/billing/sms/packages/',
			'/api/messaging/sms/stats/',
			'/api/messaging/dashboard/metrics/?period=7d',
			'/api/messaging/activity/recent/',
			'/api/tenants/',
			'/api/notifications/',
		];
		for (const path of loginOnly) {
			const bearer = await c.get(path, { auth: 'bearer' });
			assert.equal(bearer.status, 401, path);
			assert.deepEqual(
				bearer.body,
				{
					detail: 'Given token not valid for any token type',
					code: 'token_not_valid',
					messages: [
						{
							token_class: 'AccessToken',
							token_type: 'access',
							message: 'Token is invalid or expired',
						},
					],
				},
				path,
			);
			const xKey = await c.get(path, { auth: 'x-api-key' });
			assert.equal(xKey.status, 401, path);
			assert.deepEqual(
				xKey.body,
				{ detail: 'Authentication credentials were not provided.' },
				path,
			);
		}
		const token = (await login()).body.tokens.access;
		for (const path of loginOnly)
			assert.equal((await c.get(path, { auth: token })).status, 200, path);
	});

	test('issue 23: a payment initiated through the API stays one record whose status changes, keeping its creation time', async () => {
		await c.admin('POST', '/config', { paymentDelayMs: 0 });
		const token = (await login()).body.tokens.access;
		const history = async () => (await c.get('/api/billing/history/', { auth: token })).body.data;
		const before = await history();
		const initiated = await initiate(SEED_IDS.packages.basic);
		assert.equal(initiated.status, 201);
		const id = initiated.body.data.transaction_id;

		const pending = await history();
		assert.equal(pending.payments.length, before.payments.length + 1);
		const index = pending.payments.findIndex((/** @type {any} */ p) => p.id === id);
		assert.equal(index, 0, 'the newest payment comes first');
		const record = pending.payments[index];
		assert.equal(record.status, 'pending');
		assert.equal(record.completed_at, null);
		assert.match(record.created_at, OFFSET_MICROS);
		assert.equal(Date.parse(record.updated_at), Date.parse(record.created_at));
		assert.ok(S.wildPaymentRecordSchema.safeParse(record).success, JSON.stringify(record));

		// The buyer confirms later: the record's creation time stays before the completion.
		await sleep(1100);
		assert.equal((await c.admin('POST', `/payments/${id}/complete`)).status, 200);
		const done = await history();
		assert.equal(done.payments.length, pending.payments.length, 'no record is added at completion');
		assert.equal(
			done.purchases.length + done.usage_records.length,
			pending.purchases.length + pending.usage_records.length,
		);
		assert.equal(done.payments.filter((/** @type {any} */ p) => p.id === id).length, 1);
		const completed = done.payments[index];
		assert.equal(completed.id, id);
		assert.equal(completed.status, 'completed');
		assert.equal(completed.created_at, record.created_at, 'the creation time is kept');
		assert.match(completed.completed_at, OFFSET_MICROS);
		assert.ok(Date.parse(completed.completed_at) - Date.parse(record.created_at) >= 1000);
		assert.equal(Date.parse(completed.updated_at), Date.parse(completed.completed_at));
		assert.deepEqual(
			{ ...completed, status: 'pending', completed_at: null, updated_at: record.updated_at },
			record,
			'only the status and its times change',
		);
		assert.equal(
			Number(done.summary.total_spent),
			Number(pending.summary.total_spent) + 24000,
			'a completed payment counts as spent',
		);
		const status = await c.get(`/api/billing/payments/transactions/${id}/status/`, { auth: token });
		assert.equal(status.body.data.status, 'completed');
		assert.equal(Date.parse(status.body.data.completed_at), Date.parse(completed.completed_at));
	});

	test('issue 23: a failed payment is the same record, failed, without completed_at', async () => {
		await c.admin('POST', '/config', { paymentDelayMs: 0 });
		const token = (await login()).body.tokens.access;
		const id = (await initiate(SEED_IDS.packages.starter)).body.data.transaction_id;
		const count = (await c.get('/api/billing/history/', { auth: token })).body.data.payments.length;
		await c.admin('POST', `/payments/${id}/fail`);
		const payments = (await c.get('/api/billing/history/', { auth: token })).body.data.payments;
		assert.equal(payments.length, count);
		assert.equal(payments[0].id, id);
		assert.equal(payments[0].status, 'failed');
		assert.equal(payments[0].completed_at, null);
		assert.match(payments[0].updated_at, OFFSET_MICROS);
	});

	test('issue 23: a payment completes by itself (paymentDelayMs) in the same record', async () => {
		await c.admin('POST', '/config', { paymentDelayMs: 100 });
		const token = (await login()).body.tokens.access;
		const id = (await initiate(SEED_IDS.packages.starter)).body.data.transaction_id;
		const count = (await c.get('/api/billing/history/', { auth: token })).body.data.payments.length;
		const payments = await waitFor(async () => {
			const list = (await c.get('/api/billing/history/', { auth: token })).body.data.payments;
			return list[0].status === 'completed' ? list : null;
		});
		assert.equal(payments.length, count);
		assert.equal(payments[0].id, id);
		assert.match(payments[0].completed_at, OFFSET_MICROS);
	});

	test('seeded payments carry completed_at and updated_at too', async () => {
		const token = (await login()).body.tokens.access;
		const { payments } = (await c.get('/api/billing/history/', { auth: token })).body.data;
		assert.ok(payments.length > 0);
		for (const p of payments) {
			assert.ok(S.wildPaymentRecordSchema.safeParse(p).success, JSON.stringify(p));
			assert.equal(p.completed_at === null, p.status !== 'completed', JSON.stringify(p));
		}
	});

	test("issues 23 and 28: the dashboard ignores period: always the last 30 days, stated only in the cards' descriptions", async () => {
		const token = (await login()).body.tokens.access;
		const answers = [];
		for (const q of ['', '?period=7d', '?period=30d', '?period=90d', '?period=1y', '?period=2w']) {
			const r = await c.get(`/api/messaging/dashboard/metrics/${q}`, { auth: token });
			assert.equal(r.status, 200, q);
			assert.deepEqual(Object.keys(r.body), ['success', 'data']);
			assert.deepEqual(Object.keys(r.body.data), [
				'total_messages',
				'sms_messages',
				'active_contacts',
				'campaign_success',
				'sms_delivery_rate',
				'current_credits',
			]);
			assert.equal(r.body.data.total_messages.description, 'Last 30 days', q);
			answers.push(r.body);
		}
		for (const answer of answers) assert.deepEqual(answer, answers[0]);
		assert.equal(
			answers[0].data.total_messages.value,
			sb.state.dashboard('30d').metrics.messages_sent,
		);
		assert.equal(answers[0].data.current_credits.value, sb.state.balance);
	});

	test('the profile can be switched by the admin config, and a reset returns to the start profile', async () => {
		assert.equal(
			(await c.admin('POST', '/config', { profile: 'documented' })).body.profile,
			'documented',
		);
		assert.deepEqual(Object.keys((await c.get(BALANCE)).body), ['balance', 'currency']);
		await c.admin('POST', '/reset');
		assert.equal((await c.admin('GET', '/config')).body.profile, 'wild');
	});
});

describe('documented profile (default) is unchanged', () => {
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox({}, (_s, cl) => (c = cl), { reset: true });

	test('the documented dashboard follows period; its payment records carry no completed_at/updated_at', async () => {
		const week = await c.get('/api/messaging/dashboard/metrics/?period=7d');
		assert.equal(week.body.period, '7d');
		assert.equal(week.body.daily_breakdown.length, 7);
		assert.equal(week.body.period_label, undefined);
		const [payment] = (await c.get('/api/billing/history/?type=payment&page_size=1')).body.results;
		assert.deepEqual(Object.keys(payment).sort(), [
			'amount',
			'created_at',
			'currency',
			'description',
			'id',
			'status',
			'type',
		]);
	});

	test('answers as the reference says and can be switched to wild', async () => {
		assert.equal((await c.admin('GET', '/config')).body.profile, 'documented');
		assert.ok((await c.get(BALANCE)).headers.get('x-ratelimit-remaining'));
		await c.admin('POST', '/config', { profile: 'wild' });
		assert.deepEqual(Object.keys((await c.get(BALANCE)).body), ['success', 'data']);
	});
});

describe('wild profile: every endpoint answers in the shape of its wild schema', () => {
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox({ profile: 'wild' }, (_s, cl) => (c = cl));

	test('all endpoints of the reference, each with the credential its group takes', async () => {
		const token = (
			await c.post(
				'/api/auth/login/',
				{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
				{ auth: 'none' },
			)
		).body.tokens.access;
		const sent = await c.send(['+255712345679']);
		const messageId = sent.body.data.message_id;
		const tenant = await c.post('/api/integration/v1/partner/tenants/create/', {
			tenant_name: 'Wild Tenant',
			owner_email: 'wild@contract.test',
			owner_name: 'Wild Owner',
			contact_phone: '0712000444',
			initial_credits: 0,
		});
		const tenantId = tenant.body.data.tenant_id;
		const payment = await c.post(
			`/api/integration/v1/partner/tenants/${tenantId}/payments/initiate/`,
			{
				package_id: SEED_IDS.packages.starter,
				buyer_email: 'buyer@contract.test',
				buyer_name: 'Buyer Name',
				buyer_phone: '0712345678',
				mobile_money_provider: 'airtel',
			},
		);
		const transactionId = payment.body.data.transaction_id;
		const jwt = { auth: token };
		/** @type {Record<string, {status: number, body: any}>} */
		const answers = {
			'POST /api/integration/v1/sms/send/': sent,
			'GET /api/integration/v1/sms/status/{message_id}/': await c.get(
				`/api/integration/v1/sms/status/${messageId}/`,
			),
			'GET /api/integration/v1/sms/balance/': await c.get(BALANCE, { auth: 'x-api-key' }),
			'POST /api/integration/v1/partner/tenants/create/': tenant,
			'POST /api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/': payment,
			'POST /api/auth/login/': await c.post(
				'/api/auth/login/',
				{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
				{ auth: 'none' },
			),
			'GET /api/billing/history/': await c.get('/api/billing/history/', jwt),
			'GET /api/billing/payments/transactions/{transaction_id}/status/': await c.get(
				`/api/billing/payments/transactions/${transactionId}/status/`,
				jwt,
			),
			'GET /api/billing/sms/packages/': await c.get('/api/billing/sms/packages/', jwt),
			'GET /api/messaging/sms/{message_id}/status/': await c.get(
				`/api/messaging/sms/${messageId}/status/`,
				jwt,
			),
			'GET /api/messaging/sms/stats/': await c.get('/api/messaging/sms/stats/', jwt),
			'GET /api/messaging/campaigns/{campaign_id}/analytics/': await c.get(
				`/api/messaging/campaigns/${SEED_IDS.campaign}/analytics/`,
				jwt,
			),
			'GET /api/messaging/dashboard/metrics/': await c.get(
				'/api/messaging/dashboard/metrics/?period=7d',
				jwt,
			),
			'GET /api/messaging/contacts/{contact_id}/': await c.get(
				`/api/messaging/contacts/${SEED_IDS.firstContact}/`,
				jwt,
			),
			'GET /api/messaging/activity/recent/': await c.get('/api/messaging/activity/recent/', jwt),
			'GET /api/tenants/': await c.get('/api/tenants/?page_size=100', jwt),
			'GET /api/notifications/': await c.get('/api/notifications/?page_size=100', jwt),
		};
		assert.deepEqual(Object.keys(answers).sort(), Object.keys(S.wildResponseSchemas).sort());
		for (const [key, answer] of Object.entries(answers)) {
			assert.ok(answer.status === 200 || answer.status === 201, `${key}: HTTP ${answer.status}`);
			const schema = S.wildResponseSchemas[/** @type {keyof typeof S.wildResponseSchemas} */ (key)];
			const r = schema.safeParse(answer.body);
			assert.ok(
				r.success,
				`${key}: ${r.success ? '' : JSON.stringify(r.error.issues, null, 1)}\n${JSON.stringify(answer.body).slice(0, 400)}`,
			);
		}
		assert.ok(
			S.drfNotFoundSchema.safeParse((await c.get('/api/messaging/contacts/nope/', jwt)).body)
				.success,
		);
	});
});
