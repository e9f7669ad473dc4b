// End-to-end: Send with a Dedupe Key in a real n8n (the version under test: N8N_VERSION=1.123.81 for the floor), the
// packed package, n8n's own processed-data store in its database, the sandbox counting what each number received.
//
// - The same workflow executed twice with the same key: the service receives one send; the second run's item is
//   `alreadySent`.
// - A key whose send lost its connection after the service processed it: `unknown`, and a second execution sends
//   nothing for it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { admin, CREDENTIALS, setupE2E } from './harness.mjs';
import { chain, node, NODE_TYPE } from './workflows.mjs';

const SEND_PATH = '/api/integration/v1/sms/send/';
const IDS = { once: 'dedupeOnce', dropped: 'dedupeDropped' };
const NUMBERS = { once: '+255712800001', dropped: '+255712800002' };

/** Start → Send to `number` with Dedupe Key `key` (Continue On Fail, so each run shows its item). */
function keyedWorkflow(
	/** @type {string} */ id,
	/** @type {string} */ number,
	/** @type {string} */ key,
) {
	return chain(id, `E2E: Dedupe Key (${id})`, [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		node(
			'Send',
			NODE_TYPE,
			{
				resource: 'sms',
				operation: 'send',
				recipients: number,
				message: `Dedupe Key test ${id}`,
				senderId: 'E2E',
				options: { dedupeKey: key },
			},
			{
				credentials: {
					smsPlatformApi: { id: CREDENTIALS.bearer.id, name: CREDENTIALS.bearer.name },
				},
				onError: 'continueRegularOutput',
			},
		),
	]);
}

/** @type {Awaited<ReturnType<typeof setupE2E>>} */
let env;
/** @type {Record<string, any[]>} each workflow's Send item of its first and second execution */
const items = { once: [], dropped: [] };

/** How many SMS the sandbox sent to `number`. */
async function sent(/** @type {string} */ number) {
	const messages = await admin(env.sandboxes.ops, 'GET', '/messages');
	return messages.filter((/** @type {any} */ m) => m.recipients.includes(number)).length;
}

before(
	async () => {
		env = await setupE2E({
			workflows: [
				keyedWorkflow(IDS.once, NUMBERS.once, 'e2e-order-1'),
				keyedWorkflow(IDS.dropped, NUMBERS.dropped, 'e2e-order-2'),
			],
		});
		for (let run = 0; run < 2; run++)
			items.once.push((await env.execute(IDS.once)).nodes.Send?.items?.[0]);
		// The first send is processed, then its connection dropped: the node cannot know it went out.
		await admin(env.sandboxes.ops, 'POST', '/faults', {
			path: SEND_PATH,
			method: 'POST',
			drop: true,
			count: 1,
			phase: 'after',
		});
		for (let run = 0; run < 2; run++)
			items.dropped.push((await env.execute(IDS.dropped)).nodes.Send?.items?.[0]);
		await admin(env.sandboxes.ops, 'DELETE', '/faults');
	},
	{ timeout: 10 * 60_000 },
);

after(async () => {
	await env?.cleanup();
});

describe('Dedupe Key in a real n8n', () => {
	test('two executions with the same key: one send; the second item is alreadySent', async () => {
		assert.equal(await sent(NUMBERS.once), 1);
		const [first, second] = items.once;
		assert.equal(first?.outcome, 'sent');
		assert.equal(first?.dedupeKey, 'e2e-order-1');
		assert.ok(first?.message_id, 'the first run has the message id');
		assert.equal(second?.outcome, 'alreadySent');
		assert.equal(second?.dedupeKey, 'e2e-order-1');
		// n8n's store keeps a hash of each key only: the output says where the earlier message ID is.
		assert.equal(second?.message_id, undefined);
		assert.match(
			String(second?.message),
			/its message ID is in the output of the execution that sent it/i,
		);
	});

	test('a dropped connection: unknown, and never sent again by the node', async () => {
		assert.equal(await sent(NUMBERS.dropped), 1, 'the service processed the first send only');
		const [first, second] = items.dropped;
		assert.equal(first?.outcome, 'unknown');
		assert.match(String(first?.error), /connection/i);
		assert.equal(second?.outcome, 'unknown');
		assert.match(
			String(second?.error),
			/^'Dedupe Key' "e2e-order-2" was started before and never confirmed: it may have gone out \[item 0\]$/,
		);
	});
});
