// Send with confidence (issue 53) and numbers by the numbering plan (issue 51) in a real n8n, against the `wild`
// sandbox (the real service's code) with the login credential. N8N_VERSION picks the n8n.
//
// - Dry Run of 1,000 items with Combine Items: no send request; 1,000 items whose previews describe the 10 requests
//   the same workflow then makes for real (recipients, text, parts, credits).
// - Dry Run with a Dedupe Key, then the same send for real: sent once.
// - Dry Run from a template: the filled text; an unfilled variable fails as the real send fails.
// - Skip Opted-Out Contacts: an opted-out and an opted-in contact; only the second is texted, the first named.
// - Numbers: a trunk 0 after +255 and +254 dropped and said; a Tanzanian number one digit short fails before any
//   request, naming the 9 digits expected.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { executeMeasured } from '../bench/lib/n8n-exec.mjs';
import { seedUuid } from '../sandbox/util.mjs';
import { loadExample, withCredential } from '../scripts/examples.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { CREDENTIALS, admin, loginToken, setupE2E } from './harness.mjs';
import { chain, node, smsNode } from './workflows.mjs';

const SEND = '/api/messaging/sms/send/';
const CONTACTS = '/api/messaging/contacts/';
const ORDER_READY = seedUuid('template', 1);
const SENDER = 'N8NDEMO';
const jwt = { credential: CREDENTIALS.jwt };
const BROADCAST_TEXT = 'Soko la Jumamosi: bei maalum kwa wateja wetu wote, karibuni sana.';
/** The i-th of the broadcast's 1,000 recipients. */
const broadcastNumber = (/** @type {number} */ i) => `+2557${14_000_000 + i}`;
const DEDUPE_NUMBER = '+255714900001';
const OPTED_OUT = '+255714900011';
const OPTED_IN = '+255714900012';
const IDS = {
	dryBroadcast: 'confDryBroadcast',
	realBroadcast: 'confRealBroadcast',
	dryKeyed: 'confDryKeyed',
	realKeyed: 'confRealKeyed',
	template: 'confTemplate',
	optOut: 'confOptOut',
	numbers: 'confNumbers',
	broadcastExample: 'smsExBroadcastDryRun',
	campaignExample: 'smsExCampaignSkipOptedOut',
};
/** The examples as a user imports them, with the login against the wild sandbox. */
const EXAMPLES = ['broadcast-dry-run-first.json', 'campaign-skip-opted-out.json'].map((file) =>
	withCredential(loadExample(file), CREDENTIALS.jwt),
);
/** A number of the campaign example's list whose contact opted out. */
const CAMPAIGN_OPTED_OUT = '+255712000202';
const send = {
	resource: 'sms',
	operation: 'send',
	message: BROADCAST_TEXT,
	senderId: { __rl: true, mode: 'name', value: SENDER },
};
const end = () => node('End', 'n8n-nodes-base.noOp', {}, { executeOnce: true });
const code = (/** @type {string} */ name, /** @type {string} */ jsCode) =>
	node(name, 'n8n-nodes-base.code', { mode: 'runOnceForAllItems', jsCode }, { typeVersion: 2 });

/** Start → 1,000 items → Send with Combine Items (Dry Run or not). */
function broadcast(/** @type {string} */ id, /** @type {boolean} */ dryRun) {
	return chain(id, `E2E: broadcast${dryRun ? ', dry run' : ''}`, [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		code(
			'Recipients',
			"return Array.from({ length: 1000 }, (_, i) => ({ json: { phone: '+2557' + (14000000 + i) } }));",
		),
		smsNode(
			'Send',
			{
				...send,
				recipients: '={{ $json.phone }}',
				options: { combineItems: true, ...(dryRun ? { dryRun: true } : {}) },
			},
			{ ...jwt, once: false },
		),
		end(),
	]);
}

/** Start → Send with a Dedupe Key (Dry Run or not). */
function keyed(/** @type {string} */ id, /** @type {boolean} */ dryRun) {
	return chain(id, `E2E: Dedupe Key${dryRun ? ', dry run' : ''}`, [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		smsNode(
			'Send',
			{
				...send,
				recipients: DEDUPE_NUMBER,
				options: { dedupeKey: 'e2e-confidence-1', ...(dryRun ? { dryRun: true } : {}) },
			},
			jwt,
		),
		end(),
	]);
}

/** A Dry Run from a template (filled, then unfilled), and the real send unfilled, for its error. */
function templateWorkflow() {
	const fromTemplate = {
		...send,
		source: 'template',
		templateId: { __rl: true, mode: 'list', value: ORDER_READY },
		recipients: '+255714900021',
	};
	const filled = {
		values: [
			{ name: 'first_name', value: 'Amina' },
			{ name: 'order_id', value: '1042' },
		],
	};
	const unfilled = { values: [{ name: 'first_name', value: 'Amina' }] };
	return chain(IDS.template, 'E2E: dry run from a template', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		smsNode(
			'Dry filled',
			{ ...fromTemplate, templateVariables: filled, options: { dryRun: true } },
			jwt,
		),
		smsNode(
			'Dry unfilled',
			{ ...fromTemplate, templateVariables: unfilled, options: { dryRun: true } },
			jwt,
		),
		smsNode('Real unfilled', { ...fromTemplate, templateVariables: unfilled }, jwt),
		end(),
	]);
}

function optOutWorkflow() {
	return chain(IDS.optOut, 'E2E: skip opted-out contacts', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		smsNode(
			'Send',
			{ ...send, recipients: `${OPTED_OUT}, ${OPTED_IN}`, options: { skipOptedOut: true } },
			jwt,
		),
		end(),
	]);
}

function numbersWorkflow() {
	return chain(IDS.numbers, 'E2E: numbers by the numbering plan', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		code(
			'Numbers',
			"return [{ json: { to: '+255 0712 345 678, +254 0722 000 614' } }, { json: { to: '+255 712 345 67' } }];",
		),
		smsNode('Send', { ...send, recipients: '={{ $json.to }}' }, { ...jwt, once: false }),
		end(),
	]);
}

/**
 * Two contacts, one opted out, as a user of the service would make them (the contact API with the login).
 * @param {{ url: string }} sandbox
 */
async function addContacts(sandbox) {
	const headers = {
		'content-type': 'application/json',
		authorization: `Bearer ${await loginToken(sandbox)}`,
	};
	const create = async (/** @type {string} */ name, /** @type {string} */ phone) => {
		const r = await fetch(`${sandbox.url}${CONTACTS}`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ name, phone_e164: phone }),
		});
		assert.equal(r.status, 201);
		const list = await fetch(`${sandbox.url}${CONTACTS}?phone_e164=${encodeURIComponent(phone)}`, {
			headers,
		}).then((res) => res.json());
		return list.results[0].id;
	};
	await create('Still in', OPTED_IN);
	for (const [name, phone] of [
		['Said STOP', OPTED_OUT],
		['Campaign STOP', CAMPAIGN_OPTED_OUT],
	]) {
		const id = await create(name, phone);
		const r = await fetch(`${sandbox.url}${CONTACTS}${id}/opt-out/`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ reason: 'Replied STOP' }),
		});
		assert.equal(r.status, 200);
	}
}

describe(`Send with confidence in n8n ${N8N_VERSION} (wild sandbox, login credential)`, () => {
	/** @type {Awaited<ReturnType<typeof setupE2E>>} */
	let env;
	/** @type {Record<string, { run: any, requests: any[] }>} */
	const runs = {};
	/** @type {any[]} */
	let messages;

	/** Runs a workflow, keeping the requests it made. @param {string} id */
	const execute = async (id) => {
		await admin(env.sandboxes.ops, 'DELETE', '/requests');
		// n8n's output to a file, not a pipe: the Dry Run's 1,000 previews are megabytes, which a pipe cuts off as
		// n8n exits (bench/lib/n8n-exec.mjs).
		const run = await executeMeasured(env.n8n, id);
		runs[id] = { run, requests: await admin(env.sandboxes.ops, 'GET', '/requests') };
	};
	/** @param {string} id @param {string} name */
	const items = (id, name = 'Send') => {
		const result = runs[id].run.nodes[name];
		assert.ok(result, `node "${name}" did not run in ${id}: ${runs[id].run.error?.message ?? ''}`);
		return result.items;
	};
	/** @param {string} id */
	const sends = (id) =>
		runs[id].requests.filter((/** @type {any} */ r) => r.method === 'POST' && r.path === SEND);

	before(
		async () => {
			env = await setupE2E({
				workflows: [
					broadcast(IDS.dryBroadcast, true),
					broadcast(IDS.realBroadcast, false),
					keyed(IDS.dryKeyed, true),
					keyed(IDS.realKeyed, false),
					templateWorkflow(),
					optOutWorkflow(),
					numbersWorkflow(),
					...EXAMPLES,
				],
				profile: 'wild',
			});
			await addContacts(env.sandboxes.ops);
			for (const id of Object.values(IDS)) await execute(id);
			messages = await admin(env.sandboxes.ops, 'GET', '/messages');
		},
		{ timeout: 15 * 60_000 },
	);
	after(async () => {
		await env?.cleanup();
	});

	test('a Dry Run of 1,000 combined items sends nothing and previews the 10 requests the real send makes', () => {
		assert.equal(sends(IDS.dryBroadcast).length, 0);
		const dry = items(IDS.dryBroadcast);
		assert.equal(dry.length, 1000);
		assert.ok(dry.every((/** @type {any} */ item) => item.dryRun === true));
		assert.ok(dry.every((/** @type {any} */ item) => item.outcome === 'notSent'));
		assert.deepEqual(
			dry.slice(0, 2).map((/** @type {any} */ item) => item.recipients),
			[[broadcastNumber(0)], [broadcastNumber(1)]],
		);
		/** @type {Map<number, any>} the distinct requests the previews describe */
		const previews = new Map();
		for (const item of dry)
			for (const request of item.requests) previews.set(request.request, request);
		assert.equal(previews.size, 10);
		// The real send of the same workflow: its 10 requests, as the sandbox received them.
		const real = sends(IDS.realBroadcast).map((/** @type {any} */ r) => r.body);
		assert.equal(real.length, 10);
		assert.deepEqual(
			[...previews.values()].map((p) => p.body),
			real,
			'each preview carries the body the real send sent: recipients, text and sender',
		);
		for (const preview of previews.values()) {
			assert.equal(preview.path, SEND);
			assert.equal(preview.smsParts, 1);
			// The real server's route: one credit a recipient.
			assert.equal(preview.credits, 100);
		}
		assert.ok(dry.every((/** @type {any} */ item) => item.credits === 1 && item.smsParts === 1));
		const sent = items(IDS.realBroadcast);
		assert.ok(
			sent.every((/** @type {any} */ item) => item.outcome === 'sent' && item.credits === 1),
		);
	});

	test('a Dry Run with a Dedupe Key, then the same send for real: sent once', () => {
		const [dry] = items(IDS.dryKeyed);
		assert.equal(dry.dryRun, true);
		assert.equal(dry.outcome, 'notSent');
		assert.equal(sends(IDS.dryKeyed).length, 0);
		const [real] = items(IDS.realKeyed);
		assert.equal(real.outcome, 'sent');
		assert.equal(
			messages.filter((/** @type {any} */ m) => m.recipients.includes(DEDUPE_NUMBER)).length,
			1,
		);
	});

	test('a Dry Run from a template shows the filled text; an unfilled variable fails as the real send does', () => {
		const [filled] = items(IDS.template, 'Dry filled');
		assert.equal(filled.message, 'Habari Amina, your order 1042 is ready for pickup at Duka Poa.');
		assert.equal(filled.dryRun, true);
		const dryError = runs[IDS.template].run.nodes['Dry unfilled'].error;
		const realError = runs[IDS.template].run.nodes['Real unfilled'].error;
		assert.equal(
			dryError.message,
			`Template variable 'order_id' of "Order ready" has no value [item 0]`,
		);
		assert.equal(dryError.message, realError.message);
		assert.equal(sends(IDS.template).length, 0);
	});

	test('Skip Opted-Out Contacts texts only the opted-in contact and names the other', () => {
		const [item] = items(IDS.optOut);
		assert.equal(item.outcome, 'sent');
		assert.deepEqual(item.recipients, [OPTED_IN]);
		assert.deepEqual(item.skippedOptedOut, [OPTED_OUT]);
		assert.deepEqual(
			sends(IDS.optOut).map((/** @type {any} */ r) => r.body.recipients),
			[[OPTED_IN]],
		);
		assert.equal(
			runs[IDS.optOut].requests.filter(
				(/** @type {any} */ r) => r.method === 'GET' && r.path === CONTACTS,
			).length,
			1,
			'the contact list (2 contacts, one page) is read once',
		);
	});

	test('numbers by the numbering plan: a trunk 0 dropped and said; one digit short fails before any request', () => {
		const [rewritten, short] = items(IDS.numbers);
		assert.equal(rewritten.outcome, 'sent');
		assert.deepEqual(rewritten.recipientsRewritten, [
			{ given: '+255 0712 345 678', sent: '+255712345678' },
			{ given: '+254 0722 000 614', sent: '+254722000614' },
		]);
		assert.deepEqual(
			sends(IDS.numbers).map((/** @type {any} */ r) => r.body.recipients),
			[['+255712345678', '+254722000614']],
		);
		assert.equal(short.outcome, 'notSent');
		assert.equal(
			short.error,
			'Recipient "+255 712 345 67" is not a usable phone number: a number in Tanzania (+255) has 9 digits after the country code, this one has 8 [item 1]',
		);
	});

	test('the broadcast example: its dry run previews the broadcast, its check passes, then it is sent once', () => {
		const preview = items(IDS.broadcastExample, 'Preview (Dry Run)');
		assert.equal(preview.length, 5);
		assert.ok(preview.every((/** @type {any} */ item) => item.dryRun && !item.error));
		assert.deepEqual(preview[2].recipientsRewritten, [
			{ given: '+255 0712 000 103', sent: '+255712000103' },
		]);
		const sent = items(IDS.broadcastExample, 'Send the broadcast');
		assert.deepEqual(
			sent.map((/** @type {any} */ item) => item.outcome),
			['sent', 'sent', 'sent', 'sent', 'sent'],
		);
		assert.deepEqual(
			sends(IDS.broadcastExample).map((/** @type {any} */ r) => r.body.recipients.length),
			[5],
			'one request (Combine Items), sent once: the preview sent nothing',
		);
	});

	test('the campaign example: the opted-out contact is skipped and named, the others sent', () => {
		const sent = items(IDS.campaignExample, 'Send the campaign');
		assert.deepEqual(
			sent.map((/** @type {any} */ item) => [item.outcome, item.skippedOptedOut]),
			[
				['sent', []],
				['notSent', [CAMPAIGN_OPTED_OUT]],
				['sent', []],
			],
		);
		assert.deepEqual(
			sends(IDS.campaignExample).map((/** @type {any} */ r) => r.body.recipients),
			[['+255712000201', '+255712000203']],
		);
	});
});
