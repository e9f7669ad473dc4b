// The `main` profile (issue 51): the real service's branch `main`, as its code answers (messaging/models.py,
// serializers.py, views.py, urls.py; billing/views_payment.py), where it differs from `backend_testing` (`wild`). And
// the `documented` profile's switch that answers an unknown route in the API reference's own error body.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';

import { REAL_SERVER_ROUTES, REFERENCE_ROUTES } from '../api.mjs';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../server.mjs';
import { client, withSandbox } from './helpers.mjs';

const TEMPLATES = '/api/messaging/templates/';
const IMPORT = '/api/messaging/contacts/bulk-import/';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (/** @type {string} */ template) =>
	template.replace(/\{[^}]+\}/g, '5eed0000-0000-4000-8000-000000000001');

describe('the main profile', () => {
	/** @type {ReturnType<typeof client>} */
	let c;
	/** @type {string} */
	let token;
	withSandbox({ profile: 'main', paymentDelayMs: 0 }, (_s, cl) => (c = cl), { reset: true });
	beforeEach(async () => {
		const login = await c.post(
			'/api/auth/login/',
			{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
			{ auth: 'none' },
		);
		token = login.body.tokens.access;
	});
	/** @param {string} method @param {string} path @param {unknown} [body] */
	const call = (method, path, body) => c.call(method, path, { auth: token, body });

	test("routes main lacks are Django's HTML 404: integration, notifications, bulk tagging, recent activity", async () => {
		const lacking = [...REFERENCE_ROUTES, ...REAL_SERVER_ROUTES].filter(([, template]) =>
			/^\/api\/(integration|notifications)\/|bulk-add-tags|activity\/recent/.test(template),
		);
		assert.ok(lacking.length >= 10);
		for (const [method, template] of lacking) {
			const r = await call(method, concrete(template), method === 'GET' ? undefined : {});
			assert.equal(r.status, 404, `${method} ${template}`);
			assert.match(r.text, /<h1>Not Found<\/h1>/, `${method} ${template}`);
		}
		// The routes it shares with backend_testing are there.
		for (const path of ['/api/messaging/contacts/', TEMPLATES, '/api/billing/sms/balance/'])
			assert.equal((await call('GET', path)).status, 200, path);
	});

	test('templates take AUTHENTICATION, MARKETING, UTILITY, OTP only, as OPTIONS says; no description kept', async () => {
		const options = await call('OPTIONS', TEMPLATES);
		assert.equal(options.status, 200);
		assert.deepEqual(
			options.body.actions.POST.category.choices.map((/** @type {any} */ c) => c.value),
			['AUTHENTICATION', 'MARKETING', 'UTILITY', 'OTP'],
		);
		const lower = await call('POST', TEMPLATES, {
			name: 'A',
			category: 'utility',
			body_text: 'Hi',
		});
		assert.equal(lower.status, 400);
		assert.deepEqual(lower.body, { category: ['"utility" is not a valid choice.'] });
		const made = await call('POST', TEMPLATES, {
			name: 'A',
			category: 'UTILITY',
			body_text: 'Hi {{name}}',
			description: 'dropped',
		});
		assert.equal(made.status, 201);
		assert.deepEqual(made.body, {
			name: 'A',
			category: 'UTILITY',
			language: 'en',
			body_text: 'Hi {{name}}',
			variables: [],
		});
		const list = await call('GET', TEMPLATES);
		const stored = list.body.results.find((/** @type {any} */ t) => t.name === 'A');
		assert.equal(stored.description, undefined);
		assert.equal(stored.body_text, 'Hi {{name}}');
		// An update of the description alone: 200, nothing changed.
		const updated = await call('PATCH', `${TEMPLATES}${stored.id}/`, { description: 'new' });
		assert.equal(updated.status, 200);
		assert.equal(updated.body.id, stored.id);
		assert.equal(updated.body.description, undefined);
		const unknown = await call('PATCH', `${TEMPLATES}${MISSING_ID}/`, { name: 'B' });
		assert.equal(unknown.status, 404);
		assert.deepEqual(unknown.body, { detail: 'Not found.' });
		assert.equal((await call('GET', `${TEMPLATES}${stored.id}/`)).body.id, stored.id);
	});

	test('the bulk import takes CSV (csv_data) and creates nothing: each row fails on its serializer', async () => {
		const json = await call('POST', IMPORT, {
			import_type: 'phone_contacts',
			update_existing: true,
			contacts: [{ full_name: 'A', phone: '+255712000111' }],
		});
		assert.equal(json.status, 400);
		assert.deepEqual(json.body, { csv_data: ['This field is required.'] });
		const before = (await call('GET', '/api/messaging/contacts/')).body.count;
		const csv = await call('POST', IMPORT, {
			csv_data: 'name,phone_e164,email,tags\nAsha,+255712000111,,\nBad,12,,\n',
		});
		assert.equal(csv.status, 200);
		assert.deepEqual(csv.body, {
			message: 'Imported 0 contacts',
			imported_count: 0,
			errors: [
				"Row 2: 'request'",
				"Row 3: {'phone_e164': [ErrorDetail(string='Invalid phone number format.', code='invalid')]}",
			],
		});
		assert.equal((await call('GET', '/api/messaging/contacts/')).body.count, before);
		const missing = await call('POST', IMPORT, { csv_data: 'name,phone_e164\n,+255712000111\n' });
		assert.equal(missing.status, 400);
		assert.match(missing.body.csv_data[0], /Missing required field: name/);
	});

	test('its payments sync ignores a CANCELLED order (still pending), records a FAILED one', async () => {
		const packages = await call('GET', '/api/billing/sms/packages/');
		const pkg = (packages.body.data ?? packages.body.results)[0].id;
		const buy = async () =>
			(
				await call('POST', '/api/billing/payments/initiate/', {
					package_id: pkg,
					buyer_email: 'a@b.test',
					buyer_name: 'A',
					buyer_phone: '0712345678',
					mobile_money_provider: 'vodacom',
				})
			).body.data.transaction_id;
		const cancelled = await buy();
		const failed = await buy();
		await c.admin('POST', `/payments/${cancelled}/provider`, { status: 'CANCELLED' });
		await c.admin('POST', `/payments/${failed}/provider`, { status: 'FAILED' });
		const progress = await call('GET', `/api/billing/payments/transactions/${cancelled}/progress/`);
		assert.equal(progress.body.data.payment_status, 'FAIL');
		const sync = await call('POST', '/api/billing/payments/sync/');
		const byId = new Map(sync.body.data.results.map((/** @type {any} */ r) => [r.id, r.status]));
		assert.equal(byId.get(cancelled), 'pending');
		assert.equal(byId.get(failed), 'failed');
	});
});

describe('the wild profile (backend_testing) records a CANCELLED order as failed', () => {
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox({ profile: 'wild', paymentDelayMs: 0 }, (_s, cl) => (c = cl));

	test('its sync answers failed, and OPTIONS gives its ten lower-case categories', async () => {
		const login = await c.post(
			'/api/auth/login/',
			{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
			{ auth: 'none' },
		);
		const token = login.body.tokens.access;
		/** @param {string} method @param {string} path @param {unknown} [body] */
		const call = (method, path, body) => c.call(method, path, { auth: token, body });
		const pkg = (await call('GET', '/api/billing/sms/packages/')).body.data[0].id;
		const id = (
			await call('POST', '/api/billing/payments/initiate/', {
				package_id: pkg,
				buyer_email: 'a@b.test',
				buyer_name: 'A',
				buyer_phone: '0712345678',
				mobile_money_provider: 'vodacom',
			})
		).body.data.transaction_id;
		await c.admin('POST', `/payments/${id}/provider`, { status: 'CANCELLED' });
		const sync = await call('POST', '/api/billing/payments/sync/');
		assert.deepEqual(sync.body.data.results, [{ id, status: 'failed' }]);
		const options = await call('OPTIONS', TEMPLATES);
		const values = options.body.actions.POST.category.choices.map(
			(/** @type {any} */ c) => c.value,
		);
		assert.equal(values.length, 10);
		assert.ok(values.includes('utility') && values.includes('win_back'));
	});
});

describe('the documented profile with referenceNotFound', () => {
	/** @type {ReturnType<typeof client>} */
	let c;
	withSandbox({ profile: 'documented', referenceNotFound: true }, (_s, cl) => (c = cl));

	test("an unknown route answers the reference's error body, without the method and path", async () => {
		const r = await c.get(
			'/api/billing/payments/transactions/5eed0000-0000-4000-8000-000000000001/progress/',
		);
		assert.equal(r.status, 404);
		assert.deepEqual(r.body, { error: 'Not found', code: 'not_found', details: {} });
		// A known route with another method is still a 405.
		assert.equal((await c.post('/api/integration/v1/sms/balance/', {})).status, 405);
	});
});
