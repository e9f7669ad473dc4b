// Templates and contact tags (issue 44) in a real n8n, with the login credential, against the `wild` sandbox (the real
// service's code: the list's 100-character preview, a create without an id, {{…}} refused, bulk tagging's 404 for an
// unknown id). N8N_VERSION picks the n8n.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../sandbox/server.mjs';
import { SEED_TEMPLATES } from '../sandbox/templates.mjs';
import { seedUuid } from '../sandbox/util.mjs';
import { loadExample, withCredential } from '../scripts/examples.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { CREDENTIALS, admin, setupE2E } from './harness.mjs';
import { chain, node, smsNode } from './workflows.mjs';

const ID = 'e2eTemplates';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_READY = seedUuid('template', 1);
const PROMOTION = seedUuid('template', 3);
/** Contacts added before the run, tagged by the workflow: their phones share this prefix. */
const PREFIX = '+25571950';
const TAGGED = 150;
const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const SEND = '/api/messaging/sms/send/';
const TAGS = '/api/messaging/contacts/bulk-add-tags/';
const jwt = { credential: CREDENTIALS.jwt };
const send = {
	resource: 'sms',
	operation: 'send',
	source: 'template',
	templateId: { __rl: true, mode: 'list', value: ORDER_READY },
	recipients: '+255712000001',
	senderId: { __rl: true, mode: 'name', value: 'N8NDEMO' },
};

function templatesWorkflow() {
	const created = "={{ $('Create').first().json.id }}";
	const tag = { resource: 'contact', operation: 'addTags', contactId: '={{ $json.id }}' };
	return chain(ID, 'E2E: templates and contact tags', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		smsNode('Get Many', { resource: 'template', operation: 'getAll', returnAll: true }, jwt),
		smsNode('Get', { resource: 'template', operation: 'get', templateId: ORDER_READY }, jwt),
		smsNode('Get long', { resource: 'template', operation: 'get', templateId: PROMOTION }, jwt),
		smsNode(
			'Create',
			{
				resource: 'template',
				operation: 'create',
				name: 'E2E template',
				body: 'Your order is ready.',
				category: 'utility',
			},
			jwt,
		),
		smsNode(
			'Create with a variable',
			{
				resource: 'template',
				operation: 'create',
				name: 'E2E variables',
				body: 'Hi {{first_name}}',
				category: 'utility',
			},
			jwt,
		),
		smsNode(
			'Update',
			{
				resource: 'template',
				operation: 'update',
				templateId: created,
				updateFields: { body: 'Your order is ready for pickup.' },
			},
			jwt,
		),
		smsNode('Delete', { resource: 'template', operation: 'delete', templateId: created }, jwt),
		smsNode(
			'Send from template',
			{
				...send,
				templateVariables: {
					values: [
						{ name: 'first_name', value: 'Amina' },
						{ name: 'order_id', value: '={{ 1000 + 42 }}' },
					],
				},
			},
			jwt,
		),
		smsNode(
			'Send unfilled',
			{ ...send, templateVariables: { values: [{ name: 'first_name', value: 'Amina' }] } },
			jwt,
		),
		smsNode(
			'Contacts to tag',
			{ resource: 'contact', operation: 'getAll', returnAll: true, filters: { search: PREFIX } },
			jwt,
		),
		smsNode('Add Tags', { ...tag, tags: 'e2e-one' }, { ...jwt, once: false }),
		node(
			'One unknown',
			'n8n-nodes-base.code',
			{
				mode: 'runOnceForAllItems',
				jsCode: `return $input.all().map((item, i) => ({ json: { id: i === 77 ? '${UNKNOWN}' : item.json.id } }));`,
			},
			{ typeVersion: 2 },
		),
		smsNode('Add Tags, one unknown', { ...tag, tags: 'e2e-two' }, { ...jwt, once: false }),
		node('End', 'n8n-nodes-base.noOp', {}, { executeOnce: true }),
	]);
}

const EXAMPLE = 'form-signup-tag-and-template.json';
const FORM = { 'First name': 'Zawadi', Phone: '0719500999' };

/**
 * The example as a user runs it, its form replaced by a manual start and a node of the form's name that gives one
 * submission (`n8n execute` cannot fill a form), its credential the login against the ops sandbox.
 */
function exampleWorkflow() {
	const example = withCredential(loadExample(EXAMPLE), CREDENTIALS.jwt);
	const form = example.nodes.find(
		(/** @type {any} */ n) => n.type === 'n8n-nodes-base.formTrigger',
	);
	const submission = node(
		form.name,
		'n8n-nodes-base.set',
		{
			assignments: {
				assignments: Object.entries(FORM).map(([name, value], i) => ({
					id: `form-${i}`,
					name,
					value,
					type: 'string',
				})),
			},
			options: {},
		},
		{ typeVersion: 3.4 },
	);
	const start = node('Start', 'n8n-nodes-base.manualTrigger', {});
	example.nodes = [
		start,
		submission,
		...example.nodes.filter((/** @type {any} */ n) => n !== form),
	];
	example.connections.Start = { main: [[{ node: form.name, type: 'main', index: 0 }]] };
	return { ...example, id: 'e2eTemplatesExample' };
}

/** @param {{ url: string }} sandbox */
async function token(sandbox) {
	const login = await fetch(`${sandbox.url}/api/auth/login/`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD }),
	}).then((r) => r.json());
	return login.access_token ?? login.tokens.access;
}

/**
 * Adds the contacts to tag, with a login as the node's credential would.
 * @param {{ url: string }} sandbox
 */
async function addContacts(sandbox) {
	const contacts = Array.from({ length: TAGGED }, (_, i) => ({
		full_name: `Tag me ${i}`,
		phone: `${PREFIX}${String(i).padStart(4, '0')}`,
		email: '',
	}));
	const r = await fetch(`${sandbox.url}/api/messaging/contacts/bulk-import/`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			authorization: `Bearer ${await token(sandbox)}`,
		},
		body: JSON.stringify({ import_type: 'phone_contacts', contacts, update_existing: true }),
	});
	assert.equal(r.status, 201);
}

/**
 * The tags of the contacts added, read back from the service (pages of 20).
 * @param {{ url: string }} sandbox
 */
async function tagsOfAdded(sandbox) {
	const auth = { authorization: `Bearer ${await token(sandbox)}` };
	/** @type {string[][]} */
	const tags = [];
	for (let page = 1; ; page++) {
		const url = `${sandbox.url}/api/messaging/contacts/?search=${encodeURIComponent(PREFIX)}&page=${page}`;
		const body = await fetch(url, { headers: auth }).then((r) => r.json());
		tags.push(...body.results.map((/** @type {any} */ c) => c.tags));
		if (!body.next) return tags;
	}
}

describe(`templates and contact tags in n8n ${N8N_VERSION} (wild sandbox, login credential)`, () => {
	/** @type {Awaited<ReturnType<typeof setupE2E>>} */
	let env;
	/** @type {any} */
	let run;
	/** @type {any[]} */
	let requests;
	/** @type {any[]} */
	let messages;
	/** @type {any} */
	let exampleRun;

	before(
		async () => {
			env = await setupE2E({
				workflows: [templatesWorkflow(), exampleWorkflow()],
				profile: 'wild',
			});
			await addContacts(env.sandboxes.ops);
			await admin(env.sandboxes.ops, 'DELETE', '/requests');
			run = await env.execute(ID);
			requests = await admin(env.sandboxes.ops, 'GET', '/requests');
			messages = await admin(env.sandboxes.ops, 'GET', '/messages');
			exampleRun = await env.execute('e2eTemplatesExample');
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

	test('Get Many lists the templates; Get finds one in the list (never by its 500 route)', () => {
		assert.deepEqual(
			items('Get Many').map((/** @type {any} */ t) => t.name),
			SEED_TEMPLATES.map((t) => t.name),
		);
		const [one] = items('Get');
		assert.deepEqual(
			[one.id, one.body_text, one.bodyCut],
			[ORDER_READY, SEED_TEMPLATES[0].body_text, false],
		);
		const [long] = items('Get long');
		assert.equal(long.bodyCut, true);
		assert.equal(long.body_text, undefined);
		assert.match(long.preview_text, /\.\.\.$/);
		assert.equal(
			requests.filter((r) => r.method === 'GET' && /\/templates\/[^/]+\/$/.test(r.path)).length,
			0,
		);
	});

	test('Create outputs the template with its id; a body with {{…}} is refused in plain words', () => {
		const [created] = items('Create');
		assert.match(created.id, UUID);
		assert.deepEqual([created.name, created.body_text], ['E2E template', 'Your order is ready.']);
		assert.equal(
			run.nodes['Create with a variable'].error.message,
			'The service does not take {{…}} variables in a template body sent through its API [item 0]',
		);
	});

	test('Update outputs the new body with the id; Delete says deleted', () => {
		const [updated] = items('Update');
		assert.deepEqual(
			[updated.id, updated.body_text],
			[items('Create')[0].id, 'Your order is ready for pickup.'],
		);
		assert.deepEqual(items('Delete'), [{ deleted: true }]);
	});

	test('Send from a template delivers the filled text; an unfilled variable fails before any SMS request', () => {
		assert.equal(items('Send from template')[0].outcome, 'sent');
		assert.equal(count('POST', SEND), 1);
		const sent = messages.filter((/** @type {any} */ m) => m.sender_id === 'N8NDEMO');
		assert.deepEqual(
			sent.map((/** @type {any} */ m) => [m.message, m.recipients]),
			[['Habari Amina, your order 1042 is ready for pickup at Duka Poa.', ['+255712000001']]],
		);
		assert.equal(
			run.nodes['Send unfilled'].error.message,
			`Template variable 'order_id' of "Order ready" has no value [item 0]`,
		);
	});

	test('Add Tags: 150 items in 2 requests; with one unknown id, 149 tagged and its item fails naming it', async () => {
		assert.equal(items('Contacts to tag').length, TAGGED);
		const first = items('Add Tags');
		assert.equal(first.filter((/** @type {any} */ o) => o.tagsAdded).length, TAGGED);
		const second = items('Add Tags, one unknown');
		assert.equal(second.length, TAGGED);
		assert.equal(second.filter((/** @type {any} */ o) => o.tagsAdded).length, TAGGED - 1);
		assert.equal(
			second[77].error,
			`The service has no contact with the ID "${UNKNOWN}": no tags were added to it [item 77]`,
		);
		// 2 for the first 150; 3 for the second: the 404 naming the unknown one, the rest of its 100 again, the last 50.
		assert.equal(count('POST', TAGS), 5);
		const tags = await tagsOfAdded(env.sandboxes.ops);
		assert.equal(tags.filter((t) => t.includes('e2e-one')).length, TAGGED);
		assert.equal(tags.filter((t) => t.includes('e2e-two')).length, TAGGED - 1);
	});

	test(`the example ${EXAMPLE}: the contact added, tagged and welcomed from the template`, async () => {
		const nodes = exampleRun.nodes;
		assert.equal(nodes['Add or update contact'].items[0].action, 'created');
		const [tagged] = nodes['Tag as sign-up'].items;
		assert.deepEqual(tagged.tagsAdded, ['signup', 'web-form']);
		assert.equal(nodes['Send welcome from template'].items[0].outcome, 'sent');
		const all = await admin(env.sandboxes.ops, 'GET', '/messages');
		assert.deepEqual(
			all
				.filter((/** @type {any} */ m) => m.recipients.includes('+255719500999'))
				.map((/** @type {any} */ m) => m.message),
			['Karibu Zawadi! You are on the Duka Poa list. Reply STOP to opt out.'],
		);
	});
});
