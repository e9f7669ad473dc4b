// End-to-end: n8n's own retries never send an SMS twice. Real n8n (the version under test), the packed package,
// the sandbox counting per number how many SMS went out.
//
// - Retry On Fail (3 tries) with Continue On Fail, the first item invalid: n8n treats the node as failed and runs it
//   again on all items, twice.
// - Retry On Fail (3 tries) without Continue On Fail, the second send answered 503: n8n runs it again on all items.
// - A failed execution (the second send refused with a 400) retried from the executions list (mode `retry`).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { summarizeRun } from '../scripts/n8n/cli-output.mjs';
import { startN8n } from '../scripts/n8n/process.mjs';
import { createApiKey, ensureOwner, listExecutions } from '../scripts/n8n/rest.mjs';
import { admin, setupE2E } from './harness.mjs';
import { RETRY_IDS, retryWorkflows } from './workflows.mjs';

const SEND_PATH = '/api/integration/v1/sms/send/';
const NUMBERS = {
	continueOnFail: ['not-a-number', '+255712600001', '+255712600002'],
	stop503: ['+255712600011', '+255712600012', '+255712600013'],
	retriedExecution: ['+255712600021', '+255712600022', '+255712600023'],
};

/** @type {Awaited<ReturnType<typeof setupE2E>>} */
let env;
/** @type {Record<string, Awaited<ReturnType<Awaited<ReturnType<typeof setupE2E>>['execute']>>>} */
const runs = {};

/** How many SMS the sandbox sent to each of `numbers`. */
async function sentCounts(/** @type {string[]} */ numbers) {
	const messages = await admin(env.sandboxes.ops, 'GET', '/messages');
	/** @type {Record<string, number>} */
	const counts = Object.fromEntries(numbers.map((number) => [number, 0]));
	for (const message of messages)
		for (const number of message.recipients) if (number in counts) counts[number]++;
	return counts;
}

/** Makes the sandbox answer the second send from now on with `status`, before processing it (nothing is sent). */
async function failSecondSend(/** @type {number} */ status) {
	await admin(env.sandboxes.ops, 'POST', '/faults', {
		path: SEND_PATH,
		method: 'POST',
		status,
		skip: 1,
		count: 1,
		phase: 'before',
	});
}

before(
	async () => {
		env = await setupE2E({ workflows: retryWorkflows(NUMBERS) });
		// One at a time: the injected faults count the sends of one workflow.
		runs.continueOnFail = await env.execute(RETRY_IDS.continueOnFail);
		await failSecondSend(503);
		runs.stop503 = await env.execute(RETRY_IDS.stop503);
		await failSecondSend(400);
		runs.retriedExecution = await env.execute(RETRY_IDS.retriedExecution);
		await admin(env.sandboxes.ops, 'DELETE', '/faults');
	},
	{ timeout: 10 * 60_000 },
);

after(async () => {
	await env?.cleanup();
});

describe('n8n retries never send an SMS twice', () => {
	test('Retry On Fail + Continue On Fail, first item invalid: each valid number once, outputs marked alreadySent', async () => {
		assert.deepEqual(await sentCounts(NUMBERS.continueOnFail.slice(1)), {
			'+255712600001': 1,
			'+255712600002': 1,
		});
		const send = runs.continueOnFail.nodes.Send;
		assert.ok(send, 'the Send node ran');
		const [invalid, first, second] = send.items;
		assert.match(
			String(invalid.error),
			/Recipient "not-a-number" is not a usable phone number: .* \[item 0\]/,
		);
		// n8n ran the node three times (the first output item is an error); the last try answered from the first.
		assert.equal(first.alreadySent, true);
		assert.equal(second.alreadySent, true);
		assert.deepEqual(first.recipients, ['+255712600001']);
	});

	test('Retry On Fail, second send answered 503: first number once, second not re-sent, error says why', async () => {
		// The 503 came before the sandbox processed the send: nothing went to the second number, and the node,
		// which cannot know that, did not send it again in the later tries. The third was never reached.
		assert.deepEqual(await sentCounts(NUMBERS.stop503), {
			'+255712600011': 1,
			'+255712600012': 0,
			'+255712600013': 0,
		});
		const run = runs.stop503;
		assert.equal(run.status, 'error');
		const error = run.nodes.Send?.error;
		assert.ok(error, 'the Send node failed');
		assert.match(error.message, /^The service could not answer \[item \d+\]$/);
		assert.match(String(error.description), /earlier try of this execution.*not sent again/);
		const sends = (await admin(env.sandboxes.ops, 'GET', '/requests')).filter(
			(/** @type {any} */ entry) =>
				entry.method === 'POST' &&
				entry.path === SEND_PATH &&
				String(entry.body?.message).endsWith(RETRY_IDS.stop503),
		);
		assert.equal(sends.length, 2, 'two sends in all, over three tries');
	});

	test('a failed execution retried from the executions list: sent numbers are not sent again, the rest are', async () => {
		assert.equal(runs.retriedExecution.status, 'error', 'the first execution failed');
		assert.deepEqual(await sentCounts(NUMBERS.retriedExecution), {
			'+255712600021': 1,
			'+255712600022': 0,
			'+255712600023': 0,
		});
		const server = await startN8n(env.n8n);
		env.onCleanup(() => server.stop());
		const owner = await ensureOwner(server.url, {
			email: 'e2e-retries@example.com',
			password: 'E2e-password-1',
			firstName: 'E2E',
			lastName: 'Owner',
		});
		const apiKey = await createApiKey(owner, { label: 'e2e retries' });
		const executions = () =>
			listExecutions(server.url, apiKey, {
				workflowId: RETRY_IDS.retriedExecution,
				includeData: true,
			});
		const failed = (await executions()).find((/** @type {any} */ e) => e.status === 'error');
		assert.ok(failed, 'the failed execution is listed');
		// What the editor's "Retry with original workflow" does.
		await owner.requestOk('POST', `/rest/executions/${failed.id}/retry`, { loadWorkflow: false });
		assert.deepEqual(await sentCounts(NUMBERS.retriedExecution), {
			'+255712600021': 1,
			'+255712600022': 1,
			'+255712600023': 1,
		});
		const retry = (await executions()).find(
			(/** @type {any} */ e) => String(e.retryOf) === String(failed.id),
		);
		assert.ok(retry, 'the retry is listed');
		assert.equal(retry.status, 'success');
		const [first, second] = summarizeRun({ data: retry.data }).Send.items;
		assert.equal(
			first.alreadySent,
			true,
			'the first number was answered from the failed execution',
		);
		assert.equal(second.alreadySent, undefined);
	});
});
