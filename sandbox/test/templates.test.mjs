// Templates and bulk contact tagging (issue 44) in the `wild` profile: the real service's answers, traps included.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../server.mjs';
import { SEED_TEMPLATES } from '../templates.mjs';
import { client, withSandbox } from './helpers.mjs';

const TEMPLATES = '/api/messaging/templates/';
const TAGS = '/api/messaging/contacts/bulk-add-tags/';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('templates and bulk tags (wild)', () => {
	/** @type {ReturnType<typeof client>} */
	let c;
	/** @type {string} */
	let token;
	withSandbox({ profile: 'wild' }, (_s, cl) => (c = cl), { reset: true });
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
	/** @param {string} name @param {string} body_text */
	const template = (name, body_text) => ({ name, category: 'utility', body_text });

	test('the list: newest first, pages of 20 inside results.templates, a 100-character preview', async () => {
		const first = await call('GET', TEMPLATES);
		assert.equal(first.status, 200);
		assert.equal(first.body.count, SEED_TEMPLATES.length);
		const list = first.body.results.templates;
		assert.deepEqual(
			list.map((/** @type {any} */ t) => t.name),
			SEED_TEMPLATES.map((t) => t.name),
		);
		assert.equal(list[0].preview_text, SEED_TEMPLATES[0].body_text);
		assert.equal(list[0].variables_count, 2);
		assert.equal(list[0].body_text, undefined);
		const long = list[2];
		assert.equal(long.preview_text, `${SEED_TEMPLATES[2].body_text.slice(0, 100)}...`);
		assert.equal(first.body.results.total_count, 3);
		assert.ok(first.body.results.filter_options.categories.length > 0);
		for (let i = 0; i < 22; i++)
			assert.equal((await call('POST', TEMPLATES, template(`T${i}`, `Text ${i}`))).status, 201);
		const page1 = await call('GET', `${TEMPLATES}?page_size=100`);
		assert.equal(page1.body.results.templates.length, 20);
		assert.equal(page1.body.results.templates[0].name, 'T21');
		assert.match(page1.body.next, /page=2/);
		const page2 = await call('GET', `${TEMPLATES}?page=2`);
		assert.equal(page2.body.results.templates.length, 5);
		assert.equal(page2.body.next, null);
		assert.equal((await call('GET', `${TEMPLATES}?page=3`)).status, 404);
		const found = await call('GET', `${TEMPLATES}?search=t21`);
		assert.deepEqual(
			found.body.results.templates.map((/** @type {any} */ t) => t.name),
			['T21'],
		);
	});

	test('create: 201 without an id; category needed; {{…}} refused; a name taken refused', async () => {
		const created = await call('POST', TEMPLATES, {
			...template('Reminder', 'Your appointment is tomorrow.'),
			description: 'd',
		});
		assert.equal(created.status, 201);
		assert.deepEqual(created.body, {
			name: 'Reminder',
			category: 'utility',
			language: 'en',
			channel: 'sms',
			body_text: 'Your appointment is tomorrow.',
			description: 'd',
			status: 'draft',
			is_favorite: false,
		});
		const noCategory = await call('POST', TEMPLATES, { name: 'X', body_text: 'Hi' });
		assert.deepEqual(
			[noCategory.status, noCategory.body],
			[400, { category: ['This field is required.'] }],
		);
		const variables = await call('POST', TEMPLATES, template('Vars', 'Hi {{name}}'));
		assert.deepEqual(
			[variables.status, variables.body],
			[
				400,
				{
					body_text: [
						"Invalid variable format found: ['{{name}}']. Variables should be in format {{variable_name}}.",
					],
				},
			],
		);
		const taken = await call('POST', TEMPLATES, template('Reminder', 'Again'));
		assert.deepEqual(taken.body, {
			name: ['A template with this name already exists for sms channel.'],
		});
		const badCategory = await call('POST', TEMPLATES, {
			...template('Y', 'y'),
			category: 'UTILITY',
		});
		assert.deepEqual(badCategory.body, { category: ['"UTILITY" is not a valid choice.'] });
	});

	test('one by id: 500 page (404 for an unknown id); update answers without id; delete 204', async () => {
		const [first] = (await call('GET', TEMPLATES)).body.results.templates;
		const one = await call('GET', `${TEMPLATES}${first.id}/`);
		assert.equal(one.status, 500);
		assert.match(one.text, /Server Error \(500\)/);
		assert.equal((await call('GET', `${TEMPLATES}${MISSING}/`)).status, 404);
		const updated = await call('PATCH', `${TEMPLATES}${first.id}/`, { description: 'new' });
		assert.equal(updated.status, 200);
		assert.equal(updated.body.id, undefined);
		assert.equal(updated.body.body_text, SEED_TEMPLATES[0].body_text);
		assert.equal(updated.body.description, 'new');
		const refused = await call('PATCH', `${TEMPLATES}${first.id}/`, { body_text: 'Hi {{x}}' });
		assert.equal(refused.status, 400);
		const gone = await call('DELETE', `${TEMPLATES}${first.id}/`);
		assert.equal(gone.status, 204);
		assert.equal((await call('GET', TEMPLATES)).body.count, SEED_TEMPLATES.length - 1);
	});

	test('the admin adds a template with variables', async () => {
		const added = await c.admin('POST', '/templates', template('Admin', 'Hi {{name}}'));
		assert.equal(added.status, 201);
		assert.deepEqual(added.body.variables, ['name']);
		const [top] = (await call('GET', TEMPLATES)).body.results.templates;
		assert.deepEqual([top.name, top.preview_text], ['Admin', 'Hi {{name}}']);
	});

	test('bulk-add-tags: tags added to each; unknown, repeated, too many and odd tags refused', async () => {
		const contacts = (await call('GET', '/api/messaging/contacts/')).body.results;
		const [a, b] = contacts;
		const ok = await call('POST', TAGS, { contact_ids: [a.id, b.id], tags: [' vip ', 'n8n'] });
		assert.equal(ok.status, 200);
		assert.deepEqual(
			[ok.body.success, ok.body.updated_count, ok.body.tags_added],
			[true, 2, ['vip', 'n8n']],
		);
		const again = (
			await call('GET', `/api/messaging/contacts/?phone_e164=${encodeURIComponent(a.phone_e164)}`)
		).body.results[0];
		assert.deepEqual(again.tags, [...new Set([...a.tags, 'vip', 'n8n'])]);
		const unknown = await call('POST', TAGS, { contact_ids: [a.id, MISSING], tags: ['x'] });
		assert.deepEqual(
			[unknown.status, unknown.body.message],
			[404, `Some contacts not found: [UUID('${MISSING}')]`],
		);
		const none = await call('POST', TAGS, { contact_ids: [MISSING], tags: ['x'] });
		assert.deepEqual(
			[none.status, none.body.message],
			[404, 'No contacts found with the provided IDs'],
		);
		const repeated = await call('POST', TAGS, { contact_ids: [a.id, a.id], tags: ['x'] });
		assert.deepEqual(repeated.body, { contact_ids: ['Duplicate contact IDs are not allowed'] });
		const many = Array.from(
			{ length: 101 },
			(_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
		);
		const tooMany = await call('POST', TAGS, { contact_ids: many, tags: ['x'] });
		assert.deepEqual(tooMany.body, {
			contact_ids: ['Ensure this field has no more than 100 elements.'],
		});
		const odd = await call('POST', TAGS, { contact_ids: [a.id], tags: ['a+b'] });
		assert.equal(odd.status, 400);
		assert.match(odd.body.tags[0], /Invalid tag format: 'a\+b'/);
		const long = await call('POST', TAGS, { contact_ids: [a.id], tags: ['x'.repeat(51)] });
		assert.deepEqual(long.body, {
			tags: { 0: ['Ensure this field has no more than 50 characters.'] },
		});
		const tags21 = Array.from({ length: 21 }, (_, i) => `t${i}`);
		const tooManyTags = await call('POST', TAGS, { contact_ids: [a.id], tags: tags21 });
		assert.deepEqual(tooManyTags.body, {
			tags: ['Ensure this field has no more than 20 elements.'],
		});
		// Nothing was added by the refused calls.
		const after = (
			await call('GET', `/api/messaging/contacts/?phone_e164=${encodeURIComponent(a.phone_e164)}`)
		).body.results[0];
		assert.deepEqual(after.tags, again.tags);
	});
});
