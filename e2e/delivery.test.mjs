// End-to-end: Send → Wait for Delivery, Check Balance First and SMS parts (issue 24), in a real n8n with the packed
// package, against the sandbox (messages move to delivered or failed after its delivery delay; numbers ending in
// 99999 fail; sends are charged recipients × parts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { loadExample } from '../scripts/examples.mjs';
import { CREDENTIALS, admin, setupE2E } from './harness.mjs';
import { chain, node, smsNode } from './workflows.mjs';

const SEND = '/api/integration/v1/sms/send/';
const STATUS = /^\/api\/integration\/v1\/sms\/status\/[^/]+\/$/;
const GOOD = '+255712700001';
const FAILING = '+255712799999';
const BROADCAST = 1000;

const IDS = {
	good: 'e2edlv0000000001',
	failing: 'e2edlv0000000002',
	timeout: 'e2edlv0000000003',
	broadcast: 'e2edlv0000000004',
	balance: 'e2edlv0000000005',
	parts: 'e2edlv0000000006',
};

/**
 * A manual start, one item per entry of `rows`, then `last`.
 * @param {string} id
 * @param {object[]} rows
 * @param {Record<string, any>} last
 */
function withItems(id, rows, last) {
	return chain(id, `E2E delivery: ${id}`, [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		node(
			'Rows',
			'n8n-nodes-base.set',
			{
				assignments: {
					assignments: [
						{ id: 'rows', name: 'rows', value: `={{ ${JSON.stringify(rows)} }}`, type: 'array' },
					],
				},
				options: {},
			},
			{ typeVersion: 3.4 },
		),
		node('One item per row', 'n8n-nodes-base.splitOut', { fieldToSplitOut: 'rows', options: {} }),
		last,
	]);
}

function sendNode(/** @type {Record<string, unknown>} */ options, message = '={{ $json.text }}') {
	return smsNode(
		'Send',
		{
			resource: 'sms',
			operation: 'send',
			recipients: '={{ $json.to }}',
			message,
			senderId: 'E2E',
			options,
		},
		{ credential: CREDENTIALS.bearer, once: false },
	);
}

const text = 'Disk almost full on db-1';
const numbers = Array.from(
	{ length: BROADCAST },
	(_, i) => `+2557130${String(i).padStart(5, '0')}`,
);

/** The example workflow as shipped, and a copy whose alert goes to a number that fails. */
const example = loadExample('alert-wait-for-delivery.json');
const failingExample = JSON.parse(
	JSON.stringify(example)
		.replace('"smsExAlertDelivery"', '"smsExAlertFailing"')
		.replace('"+255712345678"', `"${FAILING}"`),
);
const EXAMPLE = 'alert-wait-for-delivery.json';

const workflows = [
	example,
	failingExample,
	withItems(
		IDS.good,
		[{ to: GOOD, text }],
		sendNode({ waitForDelivery: true, deliveryTimeout: 30 }),
	),
	withItems(
		IDS.failing,
		[{ to: FAILING, text }],
		sendNode({ waitForDelivery: true, deliveryTimeout: 30 }),
	),
	withItems(
		IDS.timeout,
		[{ to: GOOD, text }],
		sendNode({ waitForDelivery: true, deliveryTimeout: 1 }),
	),
	withItems(
		IDS.broadcast,
		numbers.map((to) => ({ to })),
		sendNode({ waitForDelivery: true, combineItems: true, deliveryTimeout: 60 }, text),
	),
	withItems(
		IDS.balance,
		numbers.slice(0, 20).map((to) => ({ to, text })),
		sendNode({ checkBalanceFirst: true }),
	),
	withItems(
		IDS.parts,
		[
			{ to: GOOD, text: 'a'.repeat(160) },
			{ to: GOOD, text: 'a'.repeat(161) },
			{ to: GOOD, text: `${'a'.repeat(159)}€` },
			{ to: GOOD, text: 'ж'.repeat(70) },
			{ to: GOOD, text: `${'a'.repeat(68)}😀` },
			{ to: GOOD, text: 'ж'.repeat(71) },
		],
		sendNode({}),
	),
];

/** @type {Awaited<ReturnType<typeof setupE2E>>} */
let env;
/** @type {Record<string, any>} */
const runs = {};
/** @type {Record<string, any[]>} */
const requests = {};

/** Runs a workflow and keeps the requests it made to its sandbox (the examples have a sandbox of their own). */
async function run(/** @type {string} */ id, sandbox = env.sandboxes.ops) {
	await admin(sandbox, 'DELETE', '/requests');
	runs[id] = await env.execute(id);
	requests[id] = await admin(sandbox, 'GET', '/requests');
}

before(
	async () => {
		env = await setupE2E({ workflows });
		await admin(env.sandboxes.ops, 'POST', '/balance', { balance: 100000 });
		await run(IDS.good);
		await run(IDS.failing);
		// Delivery takes longer than the 1 s timeout.
		await admin(env.sandboxes.ops, 'POST', '/config', { deliveryDelayMs: 4000 });
		await run(IDS.timeout);
		await admin(env.sandboxes.ops, 'POST', '/config', { deliveryDelayMs: 500 });
		await run(IDS.broadcast);
		await admin(env.sandboxes.ops, 'POST', '/balance', { balance: 10 });
		await run(IDS.balance);
		await admin(env.sandboxes.ops, 'POST', '/balance', { balance: 100000 });
		await run(IDS.parts);
		await run(example.id, env.sandboxes.examples);
		await run(failingExample.id, env.sandboxes.examples);
	},
	{ timeout: 600_000 },
);

after(async () => {
	await env?.cleanup();
});

/** @type {(id: string) => any[]} */
const items = (id) => runs[id].nodes.Send.items;
const sends = (/** @type {string} */ id) =>
	requests[id].filter((r) => r.method === 'POST' && r.path === SEND);
const statusChecks = (/** @type {string} */ id) =>
	requests[id].filter((r) => r.method === 'GET' && STATUS.test(r.path));

describe('Send → Wait for Delivery in n8n', () => {
	test('a good number: delivered, with delivered_at', () => {
		const [item] = items(IDS.good);
		assert.equal(item.status, 'delivered');
		assert.match(String(item.delivered_at), /^\d{4}-\d\d-\d\dT/);
		assert.equal(item.deliveryTimedOut, false);
		assert.equal(sends(IDS.good).length, 1);
	});

	test('a failing number: failed, no delivered_at', () => {
		const [item] = items(IDS.failing);
		assert.equal(item.status, 'failed');
		assert.equal(item.delivered_at, null);
		assert.equal(item.deliveryTimedOut, false);
	});

	test('a timeout shorter than the delivery: deliveryTimedOut with the last status, sent once', () => {
		const [item] = items(IDS.timeout);
		assert.equal(item.deliveryTimedOut, true);
		assert.equal(item.status, 'sent');
		assert.equal(sends(IDS.timeout).length, 1);
	});

	test(`Combine Items, ${BROADCAST} items: status checked per message id (a few polls each), never per item`, () => {
		const out = items(IDS.broadcast);
		assert.equal(out.length, BROADCAST);
		assert.ok(out.every((item) => item.status === 'delivered' && item.deliveryTimedOut === false));
		const ids = new Set(out.map((item) => item.message_id));
		assert.equal(sends(IDS.broadcast).length, ids.size);
		assert.equal(ids.size, 10);
		const checks = statusChecks(IDS.broadcast);
		/** @type {Record<string, number>} */
		const perId = {};
		for (const check of checks) perId[check.path] = (perId[check.path] ?? 0) + 1;
		assert.equal(Object.keys(perId).length, ids.size);
		assert.ok(
			Object.values(perId).every((n) => n >= 1 && n <= 3),
			JSON.stringify(perId),
		);
		process.stderr.write(
			`[e2e] ${BROADCAST} combined items: ${sends(IDS.broadcast).length} sends, ${checks.length} status checks\n`,
		);
	});
});

describe('Send → Check Balance First in n8n', () => {
	test('too few credits: no send request reaches the sandbox, every item has the error', () => {
		assert.equal(sends(IDS.balance).length, 0);
		const out = items(IDS.balance);
		assert.equal(out.length, 20);
		for (const item of out) {
			assert.match(
				item.error,
				/The balance of 10 credits cannot cover this run: it needs about 20/,
			);
			assert.match(item.description, /^Nothing was sent/);
		}
	});
});

describe('Send → smsParts and encoding in n8n', () => {
	test('GSM 03.38 edge cases: 160/161, an extension character at the edge, 70/71 UCS-2, an emoji at 70', () => {
		assert.deepEqual(
			items(IDS.parts).map((item) => [item.smsParts, item.encoding]),
			[
				[1, 'GSM-7'],
				[2, 'GSM-7'],
				[2, 'GSM-7'],
				[1, 'UCS-2'],
				[1, 'UCS-2'],
				[2, 'UCS-2'],
			],
		);
	});
});

describe(`${EXAMPLE} in n8n`, () => {
	test('a delivered alert takes the Delivered branch and texts no one else', () => {
		const nodes = runs[example.id].nodes;
		assert.equal(nodes['Send alert'].items[0].status, 'delivered');
		assert.ok(nodes.Delivered, 'the Delivered branch ran');
		assert.equal(nodes['Escalate to the backup number'], undefined);
		assert.equal(sends(example.id).length, 1);
	});

	test('a failed alert takes the other branch: the backup number gets one SMS naming the status', () => {
		const nodes = runs[failingExample.id].nodes;
		assert.equal(nodes['Send alert'].items[0].status, 'failed');
		assert.equal(nodes.Delivered, undefined);
		const [escalation] = nodes['Escalate to the backup number'].items;
		assert.match(escalation.message_id, /\S/);
		const bodies = sends(failingExample.id).map((r) => r.body);
		assert.equal(bodies.length, 2);
		assert.deepEqual(bodies[1].recipients, ['+255713000111']);
		assert.match(
			bodies[1].message,
			new RegExp(`not delivered to \\${FAILING} \\(status failed\\)`),
		);
	});
});
