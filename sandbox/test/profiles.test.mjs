// Each profile stands for one server (issue 41): `documented` serves the API reference's routes and nothing else, so a
// node built for the real service's routes fails here as it would on the reference's service; `wild` and `demo` serve
// the real service's routes too.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { REAL_SERVER_ROUTES, REFERENCE_ROUTES } from '../api.mjs';
import { withSandbox } from './helpers.mjs';

/** A template with its placeholders filled, so the router matches it. */
const concrete = (/** @type {string} */ template) =>
	template.replace(/\{[^}]+\}/g, '5eed0000-0000-4000-8000-000000000001');

describe('the documented profile: the API reference and nothing else', () => {
	/** @type {ReturnType<typeof import('./helpers.mjs').client>} */
	let c;
	withSandbox({ profile: 'documented' }, (_s, cl) => {
		c = cl;
	});

	test('every route only the real server has is a 404 "Not found: METHOD path", or a 405 where a route of the reference matches its path with another method', async () => {
		assert.ok(REAL_SERVER_ROUTES.length >= 14);
		for (const [method, template] of REAL_SERVER_ROUTES) {
			const path = concrete(template);
			const r = await c.call(method, path, method === 'GET' ? {} : { body: {} });
			if (r.status === 405) {
				// e.g. POST …/contacts/bulk-import/ against the reference's GET …/contacts/{contact_id}/
				assert.ok(!r.body.details.allowed.includes(method), `${method} ${template}`);
				continue;
			}
			assert.equal(r.status, 404, `${method} ${template}`);
			assert.equal(r.body.error, `Not found: ${method} ${path}`);
		}
	});

	test('every route of the reference is there (no 404 for its path)', async () => {
		for (const [method, template] of REFERENCE_ROUTES) {
			const r = await c.call(method, concrete(template), method === 'GET' ? {} : { body: {} });
			assert.notEqual(r.body?.error, `Not found: ${method} ${concrete(template)}`, template);
		}
	});

	test("the notifications' unread filter is the reference's unread_only, not the real server's status=unread", async () => {
		const all = await c.get('/api/notifications/?page_size=100');
		const byStatus = await c.get('/api/notifications/?page_size=100&status=unread');
		const unread = await c.get('/api/notifications/?page_size=100&unread_only=true');
		assert.equal(byStatus.body.count, all.body.count);
		assert.ok(unread.body.count < all.body.count);
	});
});

for (const profile of /** @type {const} */ (['wild', 'demo'])) {
	describe(`the ${profile} profile has the real server's routes`, () => {
		/** @type {ReturnType<typeof import('./helpers.mjs').client>} */
		let c;
		withSandbox({ profile }, (_s, cl) => {
			c = cl;
		});

		test('none of them is an unknown route', async () => {
			for (const [method, template] of REAL_SERVER_ROUTES) {
				const r = await c.call(method, concrete(template), method === 'GET' ? {} : { body: {} });
				assert.ok(
					!(
						r.status === 404 &&
						(r.text.includes('<html') ||
							(r.body?.code === 'not_found' && /^Not found: /.test(r.body?.error ?? '')))
					),
					`${profile}: ${method} ${template} answered ${r.status} ${r.text.slice(0, 80)}`,
				);
			}
		});
	});
}

describe('the demo (loginRoutesNeedLogin): an API key only where the real server takes one', () => {
	/** @type {ReturnType<typeof import('./helpers.mjs').client>} */
	let c;
	withSandbox({ profile: 'demo', loginRoutesNeedLogin: true }, (_s, cl) => {
		c = cl;
	});

	test("the real server's own routes refuse an API key in its words, and take the login; the reference's take both", async () => {
		const token = await c.login();
		const refused = await c.get('/api/messaging/contacts/');
		assert.equal(refused.status, 401);
		assert.equal(refused.body.code, 'token_not_valid');
		const viaHeader = await c.get('/api/messaging/contacts/', { auth: 'x-api-key' });
		assert.deepEqual(
			[viaHeader.status, viaHeader.body.detail],
			[401, 'Authentication credentials were not provided.'],
		);
		assert.equal((await c.get('/api/messaging/contacts/', { auth: token })).status, 200);
		assert.equal((await c.get('/api/integration/v1/sms/balance/')).status, 200);
		assert.equal((await c.get('/api/integration/v1/sms/balance/', { auth: token })).status, 200);
		assert.equal((await c.get('/api/billing/sms/balance/')).status, 401);
	});
});
