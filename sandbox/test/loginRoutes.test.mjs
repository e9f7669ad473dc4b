// The real service's routes for the email and password login (issue 28), in the demo and wild profiles, and the wild profile's
// real-server rules on them. Each answer held against the service's code (see loginRoutes.mjs).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD, SEED_IDS } from '../server.mjs';
import { withSandbox } from './helpers.mjs';

const SEND = '/api/messaging/sms/send/';
const BALANCE = '/api/billing/sms/balance/';
const DOC_BALANCE = '/api/integration/v1/sms/balance/';

/** @param {ReturnType<typeof import('./helpers.mjs').client>} c */
async function token(c) {
	const r = await c.post(
		'/api/auth/login/',
		{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
		{ auth: 'none' },
	);
	return r.body.access_token ?? r.body.tokens.access;
}

/** @param {ReturnType<typeof import('./helpers.mjs').client>} c @param {string} packageId */
const initiate = (c, packageId) =>
	c.post(`/api/integration/v1/partner/tenants/${SEED_IDS.tenant}/payments/initiate/`, {
		package_id: packageId,
		buyer_email: 'a@b.co',
		buyer_name: 'A B',
		buyer_phone: '0744963858',
		mobile_money_provider: 'vodacom',
	});

for (const profile of /** @type {const} */ (['demo', 'wild'])) {
	describe(`login routes, ${profile} profile`, () => {
		/** @type {ReturnType<typeof import('./helpers.mjs').client>} */
		let c;
		withSandbox(
			{ profile },
			(_s, cl) => {
				c = cl;
			},
			{ reset: true },
		);

		test('a send on the login route shows in the documented status and balance, and the reverse', async () => {
			const jwt = await token(c);
			const before = (await c.get(BALANCE, { auth: jwt })).body.credits;
			const sent = await c.post(
				SEND,
				{
					message: 'Hello there',
					recipients: ['+255700000001', '+255700000002'],
					sender_id: 'N8NDEMO',
				},
				{ auth: jwt },
			);
			assert.equal(sent.status, 201);
			assert.equal(sent.body.success, true);
			assert.equal(sent.body.message, 'SMS sent successfully via Beem');
			const { message_id, base_message_id, recipient_count, status, provider } = sent.body.data;
			assert.deepEqual(
				{ recipient_count, status, provider },
				{ recipient_count: 2, status: 'sent', provider: 'beem' },
			);
			assert.match(base_message_id, /^[0-9a-f-]{36}$/);
			const integration =
				profile === 'wild'
					? undefined
					: await c.get(`/api/integration/v1/sms/status/${message_id}/`);
			if (integration) assert.equal(integration.body.message_id, message_id);
			const messaging = await c.get(`/api/messaging/sms/${message_id}/status/`, { auth: jwt });
			assert.equal(messaging.status, 200);
			assert.equal((await c.get(BALANCE, { auth: jwt })).body.credits, before - 2);
			if (profile === 'demo') {
				assert.equal((await c.get(DOC_BALANCE)).body.balance, before - 2);
				const documented = await c.post('/api/integration/v1/sms/send/', {
					message: 'Hi',
					recipients: ['+255700000003'],
					sender_id: 'ANY',
				});
				assert.equal(documented.status, 200);
				assert.equal((await c.get(BALANCE, { auth: jwt })).body.credits, before - 3);
			}
		});

		test('the login route charges one credit a recipient whatever the length; the documented route recipients × parts', async () => {
			const jwt = await token(c);
			const long = 'x'.repeat(200); // two parts
			const recipients = ['+255700000011', '+255700000012'];
			const read = async () => (await c.get(BALANCE, { auth: jwt })).body.credits;
			const before = await read();
			const sent = await c.post(
				SEND,
				{ message: long, recipients, sender_id: 'N8NDEMO' },
				{ auth: jwt },
			);
			assert.equal(sent.status, 201);
			assert.equal(await read(), before - 2);
			if (profile === 'demo') {
				const documented = await c.post('/api/integration/v1/sms/send/', {
					message: long,
					recipients,
					sender_id: 'N8NDEMO',
				});
				assert.equal(documented.status, 200);
				assert.equal(await read(), before - 2 - 4);
			}
		});

		test('the balance record: credits and the totals, as SMSBalanceSerializer has them', async () => {
			const r = await c.get(BALANCE, { auth: await token(c) });
			assert.equal(r.status, 200);
			assert.deepEqual(Object.keys(r.body).sort(), [
				'created_at',
				'credits',
				'id',
				'last_updated',
				'tenant',
				'total_purchased',
				'total_used',
			]);
			assert.equal(typeof r.body.credits, 'number');
		});

		test('schedule_time is taken and kept; a malformed one is a VALIDATION_ERROR naming the field', async () => {
			const jwt = await token(c);
			const at = new Date(Date.now() + 3600_000).toISOString();
			const ok = await c.post(
				SEND,
				{
					message: 'Later',
					recipients: ['+255700000001'],
					sender_id: 'N8NDEMO',
					schedule_time: at,
				},
				{ auth: jwt },
			);
			assert.equal(ok.status, 201);
			const bad = await c.post(
				SEND,
				{
					message: 'Later',
					recipients: ['+255700000001'],
					sender_id: 'N8NDEMO',
					schedule_time: 'tomorrow',
				},
				{ auth: jwt },
			);
			assert.equal(bad.status, 400);
			assert.equal(bad.body.error_code, 'VALIDATION_ERROR');
			assert.match(bad.body.errors.schedule_time[0], /Datetime has wrong format/);
		});

		test('more than 1000 recipients: VALIDATION_ERROR, nothing sent', async () => {
			const jwt = await token(c);
			const recipients = Array.from(
				{ length: 1001 },
				(_, i) => `+2557${String(i).padStart(8, '0')}`,
			);
			const r = await c.post(
				SEND,
				{ message: 'x', recipients, sender_id: 'N8NDEMO' },
				{ auth: jwt },
			);
			assert.equal(r.status, 400);
			assert.deepEqual(r.body.errors, {
				recipients: ['Ensure this field has no more than 1000 elements.'],
			});
		});

		test("payment progress answers at once with the stored status and the provider's payment_status; an unknown id is the view's 500", async () => {
			await c.admin('POST', '/config', { paymentStatusDelayMs: 60_000, paymentDelayMs: 0 });
			const jwt = await token(c);
			const tx = (await initiate(c, SEED_IDS.packages.starter)).body;
			const id = tx.transaction_id ?? tx.data?.transaction_id;
			const t0 = Date.now();
			const r = await c.get(`/api/billing/payments/transactions/${id}/progress/`, { auth: jwt });
			assert.ok(Date.now() - t0 < 2000);
			assert.equal(r.status, 200);
			assert.equal(r.body.data.transaction_id, id);
			assert.equal(r.body.data.status, 'pending');
			assert.equal(r.body.data.payment_status, 'PENDING');
			await c.admin('POST', `/payments/${id}/complete`);
			const done = await c.get(`/api/billing/payments/transactions/${id}/progress/`, { auth: jwt });
			assert.equal(done.body.data.status, 'completed');
			assert.equal(done.body.data.payment_status, 'COMPLETED');
			const unknown = await c.get(
				'/api/billing/payments/transactions/00000000-0000-4000-8000-000000000000/progress/',
				{ auth: jwt },
			);
			assert.equal(unknown.status, 500);
			assert.deepEqual(unknown.body, {
				success: false,
				message: 'Failed to get payment progress',
				error: 'No PaymentTransaction matches the given query.',
			});
		});

		test('the comprehensive history: purchases and payments (no usage), paged, filtered by transaction_type', async () => {
			const jwt = await token(c);
			const page = await c.get('/api/billing/history/comprehensive/?page=1&page_size=3', {
				auth: jwt,
			});
			assert.equal(page.status, 200);
			const { transactions, pagination, summary } = page.body.data;
			assert.equal(transactions.length, 3);
			assert.ok(
				transactions.every((/** @type {any} */ t) => t.type === 'purchase' || t.type === 'payment'),
			);
			assert.equal(pagination.next, '?page=2&page_size=3');
			assert.equal(summary.total_transactions, pagination.count);
			const payments = await c.get(
				'/api/billing/history/comprehensive/?transaction_type=payment&page_size=100',
				{
					auth: jwt,
				},
			);
			assert.ok(
				payments.body.data.transactions.every((/** @type {any} */ t) => t.type === 'payment'),
			);
		});

		test('the payment transactions: their own status (completed in place), newest created first, 20 a page, status filter, 404 past the end', async () => {
			await c.admin('POST', '/config', { paymentDelayMs: 0 });
			const jwt = await token(c);
			const LIST = '/api/billing/payments/transactions/';
			const pending = (await initiate(c, SEED_IDS.packages.starter)).body;
			const id = pending.transaction_id ?? pending.data?.transaction_id;
			const first = await c.get(LIST, { auth: jwt });
			assert.equal(first.status, 200);
			assert.deepEqual(Object.keys(first.body), ['count', 'next', 'previous', 'results']);
			const mine = first.body.results[0];
			assert.equal(mine.id, id);
			assert.equal(mine.status, 'pending');
			assert.equal(mine.completed_at, null);
			assert.match(mine.amount, /^\d+\.\d\d$/);
			assert.equal(mine.purchase_data.package_name, 'Starter');
			const created = first.body.results.map((/** @type {any} */ r) => Date.parse(r.created_at));
			assert.deepEqual(
				created,
				[...created].sort((a, b) => b - a),
			);
			const total = first.body.count;
			assert.equal(first.body.results.length, Math.min(20, total));
			// `page_size` is not a parameter there: still 20 a page.
			const asked = await c.get(`${LIST}?page_size=100`, { auth: jwt });
			assert.equal(asked.body.results.length, Math.min(20, total));
			const pages = Math.max(1, Math.ceil(total / 20));
			const past = await c.get(`${LIST}?page=${pages + 1}`, { auth: jwt });
			assert.equal(past.status, 404);
			assert.deepEqual(past.body, { detail: 'Invalid page.' });
			await c.admin('POST', `/payments/${id}/complete`);
			const completed = await c.get(`${LIST}?status=completed`, { auth: jwt });
			const done = completed.body.results.find((/** @type {any} */ r) => r.id === id);
			assert.equal(done.status, 'completed');
			assert.ok(done.completed_at);
			assert.equal(done.created_at, mine.created_at, 'the same record, its status changed');
			assert.ok(completed.body.results.every((/** @type {any} */ r) => r.status === 'completed'));
			assert.equal((await c.get(`${LIST}?status=pending`, { auth: jwt })).body.count, 0);
		});

		test('notifications: ?status=unread lists only unread ones', async () => {
			const jwt = await token(c);
			const r = await c.get('/api/notifications/?status=unread&page_size=100', { auth: jwt });
			assert.ok(r.body.results.length > 0);
			assert.ok(
				r.body.results.every(
					(/** @type {any} */ n) => n.is_read === false || n.status === 'unread',
				),
			);
		});
	});
}

describe("login routes, wild profile: the real server's rules", () => {
	/** @type {ReturnType<typeof import('./helpers.mjs').client>} */
	let c;
	withSandbox(
		{ profile: 'wild' },
		(_s, cl) => {
			c = cl;
		},
		{ reset: true },
	);

	test('ASCII only: INVALID_CHARACTERS listing up to five characters with their positions, nothing sent', async () => {
		const jwt = await token(c);
		const before = (await c.get(BALANCE, { auth: jwt })).body.credits;
		const r = await c.post(
			SEND,
			{ message: 'Café – “hi” 😀 ñ', recipients: ['+255700000001'], sender_id: 'N8NDEMO' },
			{ auth: jwt },
		);
		assert.equal(r.status, 400);
		assert.equal(r.body.error_code, 'INVALID_CHARACTERS');
		assert.equal(
			r.body.message,
			'Message contains special characters or emojis that are not allowed.',
		);
		assert.equal(
			r.body.errors.message[0],
			"Message contains special characters or emojis that are not allowed. Please use only plain text (letters, numbers, spaces, and basic punctuation). Found: 'é' at position 4, '–' at position 6, '“' at position 8, '”' at position 11, '😀' at position 13...",
		);
		assert.equal((await c.get(BALANCE, { auth: jwt })).body.credits, before);
	});

	test('only active sender IDs: SENDER_ID_INVALID; Taarifa-SMS is the default any tenant has', async () => {
		const jwt = await token(c);
		const r = await c.post(
			SEND,
			{ message: 'Hi', recipients: ['+255700000001'], sender_id: 'NOTMINE' },
			{ auth: jwt },
		);
		assert.equal(r.status, 400);
		assert.equal(r.body.error_code, 'SENDER_ID_INVALID');
		assert.equal(r.body.message, 'Sender name is missing or not available.');
		const ok = await c.post(
			SEND,
			{ message: 'Hi', recipients: ['+255700000001'], sender_id: 'taarifa-sms' },
			{ auth: jwt },
		);
		assert.equal(ok.status, 201);
	});

	test('an upstream timeout or drop: 400 PROVIDER_ERROR whose detail names the network error; no credit taken', async () => {
		const jwt = await token(c);
		const before = (await c.get(BALANCE, { auth: jwt })).body.credits;
		for (const upstream of ['timeout', 'drop']) {
			await c.admin('POST', '/config', { upstream });
			const r = await c.post(
				SEND,
				{ message: 'Hi', recipients: ['+255700000001'], sender_id: 'N8NDEMO' },
				{ auth: jwt },
			);
			assert.equal(r.status, 400);
			assert.equal(r.body.error_code, 'PROVIDER_ERROR');
			assert.match(r.body.detail, /^Network error while sending SMS via Beem: /);
			assert.match(r.body.detail, upstream === 'timeout' ? /Read timed out/ : /Connection aborted/);
			assert.equal(r.body.message, 'Your message could not be sent right now.');
			assert.deepEqual(Object.keys(r.body), [
				'success',
				'message',
				'error_code',
				'detail',
				'user_hint',
				'actions',
			]);
		}
		assert.equal((await c.get(BALANCE, { auth: jwt })).body.credits, before);
	});

	test('refuseApiKeys: no API key gets in anywhere, and the integration routes refuse the login too', async () => {
		await c.admin('POST', '/config', { refuseApiKeys: true });
		const jwt = await token(c);
		assert.equal((await c.get(DOC_BALANCE)).status, 401);
		assert.equal((await c.get(DOC_BALANCE, { auth: 'x-api-key' })).status, 401);
		const withLogin = await c.get(DOC_BALANCE, { auth: jwt });
		assert.equal(withLogin.status, 401);
		assert.equal(withLogin.body.error_code, 'INVALID_API_KEY');
		assert.equal((await c.get(BALANCE)).status, 401);
		assert.equal((await c.get(BALANCE, { auth: jwt })).status, 200);
	});

	test('the documented billing history answers 500 once a custom purchase exists; the comprehensive one lists it', async () => {
		const jwt = await token(c);
		assert.equal((await c.get('/api/billing/history/', { auth: jwt })).status, 200);
		const custom = await c.admin('POST', '/custom-purchase', { credits: 800 });
		assert.equal(custom.status, 201);
		const history = await c.get('/api/billing/history/', { auth: jwt });
		assert.equal(history.status, 500);
		// As the real server answered (by hand, after POST /api/billing/payments/custom-sms/initiate/).
		assert.deepEqual(history.body, {
			success: false,
			message: 'Failed to retrieve billing history',
			error: 'PaymentTransaction has no purchase.',
		});
		const all = await c.get('/api/billing/history/comprehensive/?page_size=100', { auth: jwt });
		assert.ok(
			all.body.data.transactions.some(
				(/** @type {any} */ t) => t.type === 'custom' && t.credits === 800,
			),
		);
	});

	test('an unknown campaign\'s analytics: 500 {success: false, message: "Failed to get campaign analytics"}', async () => {
		const jwt = await token(c);
		const r = await c.get(
			'/api/messaging/campaigns/00000000-0000-4000-8000-000000000000/analytics/',
			{ auth: jwt },
		);
		assert.equal(r.status, 500);
		assert.deepEqual(r.body, { success: false, message: 'Failed to get campaign analytics' });
		const known = await c.get(`/api/messaging/campaigns/${SEED_IDS.campaign}/analytics/`, {
			auth: jwt,
		});
		assert.equal(known.status, 200);
	});
});
