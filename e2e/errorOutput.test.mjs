// End-to-end: Settings → On Error in a real n8n (the version under test), the packed package, the sandbox.
// With "Continue (using error output)" a bad recipient, a refused credential and an unknown id leave on the error
// output, each paired to its input item; the good items on the success output. With "Continue (using regular
// output)" all items stay on the one output, as before. The counts per branch are printed at the end.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { admin, api, setupE2E } from './harness.mjs';
import { ERROR_OUTPUT_CASES, ERROR_OUTPUT_ID, errorOutputWorkflow, INPUT } from './workflows.mjs';

/** @type {Awaited<ReturnType<typeof setupE2E>>} */
let env;
/** @type {any} */
let run;

before(
	async () => {
		env = await setupE2E({ workflows: [errorOutputWorkflow()] });
		run = await env.execute(ERROR_OUTPUT_ID);
	},
	{ timeout: 10 * 60_000 },
);

/** Which branch each item took, per case, for the closing note. @type {Record<string, { success: number[], error: number[] }>} */
const seen = {};

after(async () => {
	await env?.cleanup();
	const lines = Object.entries(seen).map(
		([name, { success, error }]) =>
			`  ${name.padEnd(28)} success ${String(success.length).padStart(2)} [items ${success.join(',') || '-'}]   error ${String(error.length).padStart(2)} [items ${error.join(',') || '-'}]`,
	);
	process.stderr.write(
		`\n[e2e] n8n ${N8N_VERSION}, items per branch (input item numbers):\n${lines.join('\n')}\n`,
	);
});

/**
 * The two outputs of a case's SMS Platform node in the run data: its items (json) and the input item each is
 * paired to; and what the No Operation node on each branch received.
 * @param {string} name
 */
function branches(name) {
	const runData = run.run.data.resultData.runData;
	const runs = runData[name];
	assert.ok(runs?.length, `node "${name}" did not run (${run.error?.message ?? 'no run error'})`);
	const task = runs[runs.length - 1];
	assert.equal(task.error, undefined, `node "${name}" failed: ${task.error?.message}`);
	const main = task.data.main;
	const read = (/** @type {any[] | null | undefined} */ items) => ({
		json: (items ?? []).map((item) => item.json),
		from: (items ?? []).map((item) => item.pairedItem?.item),
	});
	const received = (/** @type {string} */ node) =>
		(runData[node]?.[0]?.data?.main?.[0] ?? []).map((/** @type {any} */ item) => item.json);
	const result = {
		outputs: main.length,
		success: read(main[0]),
		error: read(main[1]),
		successNode: received(`${name}: success`),
		errorNode: received(`${name}: error`),
	};
	seen[name] = { success: result.success.from, error: result.error.from };
	return result;
}

/** How many SMS the sandbox sent to each of `numbers`. */
async function sentCounts(/** @type {string[]} */ numbers) {
	const messages = await admin(env.sandboxes.ops, 'GET', '/messages');
	/** @type {Record<string, number>} */
	const counts = Object.fromEntries(numbers.map((number) => [number, 0]));
	for (const message of messages)
		for (const number of message.recipients) if (number in counts) counts[number]++;
	return counts;
}

const BAD_RECIPIENT = (/** @type {number} */ item) =>
	new RegExp(
		`^Recipient "${INPUT.invalidRecipient}" is not a usable phone number: .* \\[item ${item}\\]$`,
	);

describe(`Continue (using error output), n8n ${N8N_VERSION}`, () => {
	test('the run succeeds', () => {
		assert.equal(run.status, 'success', run.error?.message);
	});

	test('Send alone: the bad recipient on the error branch beside its input fields, the two others sent on the success branch', async () => {
		const name = 'Send alone';
		const { outputs, success, error, successNode, errorNode } = branches(name);
		assert.equal(outputs, 2);
		assert.deepEqual(success.from, [0, 2]);
		assert.deepEqual(
			success.json.map((item) => item.recipients),
			[['+255712700001'], ['+255712700002']],
		);
		assert.deepEqual(error.from, [1]);
		const [failed] = error.json;
		assert.equal(failed.name, 'Baraka');
		assert.equal(failed.to, INPUT.invalidRecipient);
		assert.match(failed.error.message, BAD_RECIPIENT(1));
		assert.match(failed.error.description, /^Nothing was sent for this item\./);
		assert.equal(failed.error.itemIndex, 1);
		assert.deepEqual(successNode, success.json);
		assert.deepEqual(errorNode, error.json);
		const inputs = ERROR_OUTPUT_CASES[name].inputs;
		assert.deepEqual(await sentCounts([inputs[0].to, inputs[2].to].map(String)), {
			'+255712700001': 1,
			'+255712700002': 1,
		});
	});

	test('Send combined: the three good items sent together (two requests of up to 2) on the success branch, the two bad ones on the error branch', async () => {
		const { success, error, errorNode } = branches('Send combined');
		assert.deepEqual(success.from, [0, 2, 4]);
		const [first, second, third] = success.json;
		assert.equal(first.message_id, second.message_id);
		assert.notEqual(third.message_id, first.message_id);
		assert.deepEqual(error.from, [1, 3]);
		assert.match(error.json[0].error.message, BAD_RECIPIENT(1));
		assert.match(error.json[1].error.message, /^Recipient "not-a-number" .* \[item 3\]$/);
		assert.deepEqual(
			errorNode.map((/** @type {any} */ item) => item.name),
			['Baraka', 'Dotto'],
		);
		assert.deepEqual(await sentCounts(['+255712700011', '+255712700012', '+255712700013']), {
			'+255712700011': 1,
			'+255712700012': 1,
			'+255712700013': 1,
		});
	});

	test('Refused credential: both items on the error branch with HTTP 401, none on the success branch', () => {
		const { success, error } = branches('Refused credential');
		assert.deepEqual(success.from, []);
		assert.deepEqual(error.from, [0, 1]);
		for (const [index, item] of error.json.entries()) {
			assert.equal(item.error.message, `The service did not accept the credential [item ${index}]`);
			assert.equal(item.error.httpCode, '401');
			assert.equal(item.name, index === 0 ? 'Asha' : 'Baraka');
		}
	});

	test('Unknown id: the known contact on the success branch, the unknown id on the error branch with HTTP 404', () => {
		const { success, error } = branches('Unknown id');
		assert.deepEqual(success.from, [0]);
		assert.equal(success.json[0].id, INPUT.contactId);
		assert.deepEqual(error.from, [1]);
		assert.equal(error.json[0].contact, INPUT.missingContactId);
		assert.equal(error.json[0].error.httpCode, '404');
		assert.match(error.json[0].error.message, /\[item 1\]$/);
	});

	test('List: every package on the success branch, paired to the one input item; the error branch empty', async () => {
		const { success, error } = branches('List');
		const listed = await api(env.sandboxes.ops, 'GET', '/api/billing/sms/packages/?page_size=100');
		assert.ok(listed.results.length > 0);
		assert.deepEqual(
			success.json.map((item) => item.id).sort(),
			listed.results.map((/** @type {any} */ p) => p.id).sort(),
		);
		assert.ok(success.from.every((item) => item === 0));
		assert.deepEqual(error.from, []);
	});

	test('Continue (using regular output): one output in input order, the error item flat as before', () => {
		const { outputs, success } = branches('Send alone, regular output');
		assert.equal(outputs, 1);
		assert.deepEqual(success.from, [0, 1]);
		const failed = success.json[1];
		assert.match(failed.error, BAD_RECIPIENT(1));
		assert.match(failed.description, /^Nothing was sent for this item\./);
		assert.equal(failed.itemIndex, 1);
		assert.equal(failed.name, undefined, 'n8n adds no input fields on the regular output');
	});
});
