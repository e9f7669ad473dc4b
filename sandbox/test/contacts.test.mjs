// Contacts and sender IDs (issue 29) in both profiles: the real service's shapes, checked with the zod schemas.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { DUPLICATE_PHONE, SEED_SENDER_IDS, approveSenderId } from '../contacts.mjs';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../server.mjs';
import * as S from '../messagingSchemas.mjs';
import { client, withSandbox } from './helpers.mjs';

const CONTACTS = '/api/messaging/contacts/';
const IMPORT = '/api/messaging/contacts/bulk-import/';
const schema = S.contactResponseSchemas;

/**
 * @param {import('zod/v4').ZodType} zod
 * @param {unknown} value
 */
const check = (zod, value) => {
	const r = zod.safeParse(value);
	assert.ok(r.success, JSON.stringify(r.error?.issues?.slice(0, 3)));
};

for (const profile of /** @type {const} */ (['demo', 'wild'])) {
	describe(`contacts and sender IDs (${profile})`, () => {
		/** @type {ReturnType<typeof client>} */
		let c;
		/** @type {any} */
		let sb;
		/** @type {string} */
		let token;
		withSandbox(
			{ profile },
			(s, cl) => {
				sb = s;
				c = cl;
			},
			{ reset: true },
		);
		beforeEach(async () => {
			const login = await c.post(
				'/api/auth/login/',
				{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
				{ auth: 'none' },
			);
			token = login.body.access_token ?? login.body.tokens.access;
		});
		const wild = profile === 'wild';
		/** @param {string} path @param {unknown} body */
		const post = (path, body) => c.post(path, body, { auth: token });
		/** @param {string} path */
		const get = (path) => c.get(path, { auth: token });

		test('create: 201 with the contact (demo) or without an id (wild); the list finds it by phone', async () => {
			const created = await post(CONTACTS, {
				name: 'Zawadi',
				phone_e164: '+255719000001',
				tags: ['a'],
			});
			assert.equal(created.status, 201);
			check(
				schema[wild ? 'POST /api/messaging/contacts/ (wild)' : 'POST /api/messaging/contacts/'],
				created.body,
			);
			assert.equal('id' in created.body, !wild);
			const listed = await get(`${CONTACTS}?phone_e164=%2B255719000001`);
			check(schema['GET /api/messaging/contacts/'], listed.body);
			assert.equal(listed.body.count, 1);
			assert.equal(listed.body.results[0].name, 'Zawadi');
		});

		test('a duplicate phone on create is a field error (DRF body in wild)', async () => {
			await post(CONTACTS, { name: 'A', phone_e164: '+255719000002' });
			const again = await post(CONTACTS, { name: 'B', phone_e164: '+255719000002' });
			assert.equal(again.status, 400);
			assert.deepEqual(
				again.body,
				wild
					? { phone_e164: [DUPLICATE_PHONE] }
					: {
							error: `phone_e164: ${DUPLICATE_PHONE}`,
							code: 'validation_error',
							details: { phone_e164: [DUPLICATE_PHONE] },
						},
			);
		});

		test(`pages: ${wild ? '20 a page whatever page_size says' : 'page_size up to 100'}`, async () => {
			const contacts = Array.from({ length: 30 }, (_, i) => ({
				full_name: `P${i}`,
				phone: `+25572000${String(i).padStart(4, '0')}`,
				email: '',
			}));
			await post(IMPORT, { import_type: 'phone_contacts', contacts, update_existing: true });
			const first = await get(`${CONTACTS}?page_size=100`);
			check(schema['GET /api/messaging/contacts/'], first.body);
			assert.equal(first.body.results.length, wild ? 20 : first.body.count);
			if (wild) {
				assert.match(first.body.next, /\?page_size=100&page=2$/);
				const second = await get(
					new URL(first.body.next).pathname + new URL(first.body.next).search,
				);
				assert.equal(
					second.body.results.length,
					first.body.count - 20 > 20 ? 20 : first.body.count - 20,
				);
			}
			// Newest first: the last imported comes first.
			assert.equal(first.body.results[0].name, 'P29');
		});

		test('bulk import: created, updated, refused with the real answer', async () => {
			await post(CONTACTS, { name: 'Old', phone_e164: '+255719000003' });
			const r = await post(IMPORT, {
				import_type: 'phone_contacts',
				update_existing: true,
				contacts: [
					{ full_name: 'New', phone: '+255719000004', email: '' },
					{ full_name: 'Renamed', phone: '+255719000003', email: 'r@example.com' },
					{ full_name: 'Bad', phone: '12', email: '' },
				],
			});
			assert.equal(r.status, 201);
			check(schema['POST /api/messaging/contacts/bulk-import/'], r.body);
			assert.deepEqual(
				[r.body.imported, r.body.updated, r.body.skipped, r.body.total_processed],
				[1, 1, 0, 3],
			);
			assert.deepEqual(r.body.errors, [
				"Contact 3: {'phone_e164': [ErrorDetail(string='Invalid phone number format.', code='invalid')]}",
			]);
			const renamed = await get(`${CONTACTS}?phone_e164=%2B255719000003`);
			assert.equal(renamed.body.results[0].name, 'Renamed');
			assert.equal(renamed.body.results[0].email, 'r@example.com');
			const tooMany = await post(IMPORT, {
				import_type: 'phone_contacts',
				contacts: Array.from({ length: 1001 }, () => ({ full_name: 'x', phone: '+255719000005' })),
			});
			assert.equal(tooMany.status, 400);
		});

		test('update, opt out (reason at most 100), opt in, delete', async () => {
			await post(CONTACTS, { name: 'U', phone_e164: '+255719000006' });
			await post(CONTACTS, { name: 'V', phone_e164: '+255719000007' });
			const id = (await get(`${CONTACTS}?phone_e164=%2B255719000006`)).body.results[0].id;
			const path = `${CONTACTS}${id}/`;
			const patched = await c.call('PATCH', path, {
				auth: token,
				body: { name: 'U2', is_active: false },
			});
			assert.equal(patched.status, 200);
			check(schema['PATCH /api/messaging/contacts/{contact_id}/'], patched.body);
			assert.deepEqual([patched.body.name, patched.body.is_active], ['U2', false]);
			const duplicate = await c.call('PATCH', path, {
				auth: token,
				body: { phone_e164: '+255719000007' },
			});
			assert.equal(duplicate.status, wild ? 500 : 409);
			if (wild) assert.match(duplicate.text, /Server Error \(500\)/);
			const out = await post(`${path}opt-out/`, { reason: 'Replied STOP' });
			assert.deepEqual(
				[out.status, out.body],
				[200, { message: 'Contact opted out successfully' }],
			);
			const after = await get(`${CONTACTS}?phone_e164=%2B255719000006`);
			assert.equal(after.body.results[0].opt_out_reason, 'Replied STOP');
			assert.equal(
				(await post(`${path}opt-out/`, { reason: 'x'.repeat(101) })).status,
				wild ? 500 : 400,
			);
			const back = await post(`${path}opt-in/`, {});
			assert.deepEqual(
				[back.status, back.body],
				[200, { message: 'Contact opted in successfully' }],
			);
			const gone = await c.call('DELETE', path, { auth: token });
			assert.equal(gone.status, 204);
			assert.equal((await get(path)).status, 404);
		});

		test('sender IDs: the seeded ones; a request is pending, a second one refused, an approved one listed', async () => {
			const list = await get('/api/messaging/sender-ids/');
			check(schema['GET /api/messaging/sender-ids/'], list.body);
			assert.deepEqual(
				list.body.data.map((/** @type {any} */ s) => s.sender_id),
				[...SEED_SENDER_IDS],
			);
			const req = {
				requested_sender_id: 'myshop',
				sample_content: 'Your order is ready.',
				request_type: 'custom',
			};
			const r = await post('/api/messaging/sender-requests/submit/', req);
			assert.equal(r.status, 201);
			check(schema['POST /api/messaging/sender-requests/submit/'], r.body);
			assert.equal(r.body.data.requested_sender_id, 'MYSHOP');
			const again = await post('/api/messaging/sender-requests/submit/', req);
			assert.deepEqual(
				[again.status, again.body.errors],
				[400, { non_field_errors: ['A request for this sender ID already exists.'] }],
			);
			const long = await post('/api/messaging/sender-requests/submit/', {
				...req,
				requested_sender_id: 'TWELVECHARSX',
			});
			assert.equal(long.status, 400);
			approveSenderId(sb.state, 'MYSHOP');
			assert.equal((await get('/api/messaging/sender-ids/')).body.data[0].sender_id, 'MYSHOP');
		});
	});
}
