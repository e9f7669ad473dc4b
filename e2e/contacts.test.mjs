// Contacts and sender IDs (issue 29) in a real n8n, with the login credential, against the wild sandbox: they are the
// real service's own routes (the API reference documents only Get by ID), so only the profile of that server has them
// (`wild`: create answers without an id, pages of 20 with `page` only, DRF errors). N8N_VERSION picks the n8n.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../sandbox/server.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { CREDENTIALS, admin, setupE2E } from './harness.mjs';
import { chain, node, smsNode } from './workflows.mjs';

const ID = 'e2eContacts';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Contacts added before the run, so that the list has more than one page of 20. */
const EXTRA = 30;
/** Create or Update's three items: the first is a seeded contact (Amina Juma), the other two are new. */
const UPSERT = [
	{ name: 'Amina J. Juma', phone: '+255712345601' },
	{ name: 'E2E Upsert One', phone: '0719000101' },
	{ name: 'E2E Upsert Two', phone: '+255719000102' },
];

const jwt = { credential: CREDENTIALS.jwt };

function contactsWorkflow() {
	const created = "={{ $('Create').first().json.id }}";
	return chain(ID, 'E2E: contacts and sender IDs', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		node(
			'Upsert input',
			'n8n-nodes-base.set',
			{
				assignments: {
					assignments: [
						{ id: 'c-1', name: 'people', value: `={{ ${JSON.stringify(UPSERT)} }}`, type: 'array' },
					],
				},
				options: {},
			},
			{ typeVersion: 3.4, executeOnce: true },
		),
		node('One item per person', 'n8n-nodes-base.splitOut', {
			fieldToSplitOut: 'people',
			options: {},
		}),
		smsNode(
			'Create or Update',
			{
				resource: 'contact',
				operation: 'upsert',
				name: '={{ $json.name }}',
				phone: '={{ $json.phone }}',
				options: { defaultCountryCode: '255' },
			},
			{ ...jwt, once: false },
		),
		smsNode(
			'Create',
			{
				resource: 'contact',
				operation: 'create',
				name: 'E2E Created',
				phone: '0719000201',
				additionalFields: { email: 'e2e@example.com', tags: 'e2e' },
				options: { defaultCountryCode: '255' },
			},
			jwt,
		),
		smsNode(
			'Create again',
			{ resource: 'contact', operation: 'create', name: 'Twice', phone: '+255719000201' },
			jwt,
		),
		smsNode('Get Many', { resource: 'contact', operation: 'getAll', returnAll: true }, jwt),
		smsNode(
			'Get Many by phone',
			{ resource: 'contact', operation: 'getAll', limit: 5, filters: { phone: '+255719000201' } },
			jwt,
		),
		smsNode(
			'Update',
			{
				resource: 'contact',
				operation: 'update',
				contactId: created,
				updateFields: { name: 'E2E Renamed' },
			},
			jwt,
		),
		smsNode(
			'Update to a taken phone',
			{
				resource: 'contact',
				operation: 'update',
				contactId: created,
				updateFields: { phone: '+255712345601' },
			},
			jwt,
		),
		smsNode(
			'Opt Out',
			{
				resource: 'contact',
				operation: 'optOut',
				contactId: created,
				options: { reason: 'Replied STOP' },
			},
			jwt,
		),
		smsNode('Opt In', { resource: 'contact', operation: 'optIn', contactId: created }, jwt),
		smsNode('Delete', { resource: 'contact', operation: 'delete', contactId: created }, jwt),
		smsNode('Sender IDs', { resource: 'senderId', operation: 'getAll', returnAll: true }, jwt),
		smsNode(
			'Request Sender ID',
			{
				resource: 'senderId',
				operation: 'request',
				senderId: 'E2EShop',
				sampleMessage: 'Your order is ready.',
			},
			jwt,
		),
		node('End', 'n8n-nodes-base.noOp', {}, { executeOnce: true }),
	]);
}

/**
 * Adds `count` contacts through the API, with a login as the node's credential would.
 * @param {{ url: string }} sandbox
 * @param {number} count
 */
async function addContacts(sandbox, count) {
	const login = await fetch(`${sandbox.url}/api/auth/login/`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD }),
	}).then((r) => r.json());
	const token = login.access_token ?? login.tokens.access;
	const contacts = Array.from({ length: count }, (_, i) => ({
		full_name: `Listed ${i}`,
		phone: `+2557190${String(i).padStart(5, '0')}`,
		email: '',
	}));
	const r = await fetch(`${sandbox.url}/api/messaging/contacts/bulk-import/`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
		body: JSON.stringify({ import_type: 'phone_contacts', contacts, update_existing: true }),
	});
	assert.equal(r.status, 201);
}

for (const profile of /** @type {const} */ (['wild'])) {
	describe(`contacts and sender IDs in n8n ${N8N_VERSION} (${profile} sandbox, login credential)`, () => {
		/** @type {Awaited<ReturnType<typeof setupE2E>>} */
		let env;
		/** @type {any} */
		let run;
		/** @type {any[]} */
		let requests;

		before(
			async () => {
				env = await setupE2E({ workflows: [contactsWorkflow()], profile });
				await addContacts(env.sandboxes.ops, EXTRA);
				await admin(env.sandboxes.ops, 'DELETE', '/requests');
				run = await env.execute(ID);
				requests = await admin(env.sandboxes.ops, 'GET', '/requests');
			},
			{ timeout: 10 * 60_000 },
		);
		after(async () => {
			await env?.cleanup();
		});

		/** @param {string} name */
		const items = (name) => {
			const result = run.nodes[name];
			assert.ok(result, `node "${name}" did not run: ${run.error?.message ?? ''}`);
			return result.items;
		};
		/** @param {string} method @param {string} path */
		const count = (method, path) =>
			requests.filter((r) => r.method === method && r.path === path).length;

		test('Create or Update of 3 items, one existing: one request, 3 paired outputs', () => {
			assert.equal(count('POST', '/api/messaging/contacts/bulk-import/'), 1);
			assert.deepEqual(items('Create or Update'), [
				{ action: 'updated', name: 'Amina J. Juma', phone: '+255712345601' },
				{ action: 'created', name: 'E2E Upsert One', phone: '+255719000101' },
				{ action: 'created', name: 'E2E Upsert Two', phone: '+255719000102' },
			]);
			assert.deepEqual(run.nodes['Create or Update'].pairedItems, [
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
		});

		test('Create outputs the contact with its id (looked up by phone when the answer has none)', () => {
			const [contact] = items('Create');
			assert.match(contact.id, UUID);
			assert.equal(contact.phone_e164, '+255719000201');
			assert.deepEqual(
				[contact.name, contact.email, contact.tags],
				['E2E Created', 'e2e@example.com', ['e2e']],
			);
		});

		test('Create with a phone that is a contact’s says so and names Create or Update', () => {
			const error = run.nodes['Create again'].error;
			assert.equal(
				error.message,
				'A contact with the phone number +255719000201 already exists [item 0]',
			);
			assert.match(error.description, /use the operation 'Create or Update'/);
		});

		test('Get Many with Return All reads past 20 records; a phone filter finds one', () => {
			const all = items('Get Many');
			assert.ok(all.length > EXTRA, `${all.length} contacts`);
			assert.equal(new Set(all.map((/** @type {any} */ c) => c.id)).size, all.length);
			assert.deepEqual(
				items('Get Many by phone').map((/** @type {any} */ c) => c.phone_e164),
				['+255719000201'],
			);
		});

		test('Update outputs the contact; a phone another contact has is told as that', () => {
			assert.equal(items('Update')[0].name, 'E2E Renamed');
			const error = run.nodes['Update to a taken phone'].error;
			assert.equal(
				error.message,
				'Another contact already has the phone number +255712345601 [item 0]',
			);
			assert.equal(count('PATCH', requests.find((r) => r.method === 'PATCH')?.path), 2);
		});

		test('Opt Out, Opt In, Delete', () => {
			const id = items('Create')[0].id;
			assert.deepEqual(items('Opt Out'), [{ id, optedOut: true, reason: 'Replied STOP' }]);
			assert.deepEqual(items('Opt In'), [{ id, optedIn: true }]);
			assert.deepEqual(items('Delete'), [{ deleted: true }]);
		});

		test('Sender IDs lists the account’s names; Request outputs the pending request', () => {
			assert.deepEqual(
				items('Sender IDs').map((/** @type {any} */ s) => s.sender_id),
				['N8NDEMO', 'N8NOPS', 'Taarifa-SMS'],
			);
			const [request] = items('Request Sender ID');
			assert.deepEqual(
				[request.requested_sender_id, request.request_type, request.status],
				['E2ESHOP', 'custom', 'pending'],
			);
		});
	});
}
