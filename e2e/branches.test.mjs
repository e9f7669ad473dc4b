// Every branch of the real server (issue 51) in a real n8n, with the login credential: the sandbox's `main` profile
// (the real server's branch main) and its `wild` profile (backend_testing). Template Create with Category `utility`
// stores the template on both; Update of an unknown template ID says no template has it; Add Tags and Mark Read on
// main say the server does not offer them; Create or Update of 3 items (one existing) stores all three on both; a
// payment the provider declined (CANCELLED, which main's sync ignores) ends Buy Credits' Wait for Completion with the
// decline within two checks on both. N8N_VERSION picks the n8n.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { CREDENTIALS, admin, setupE2E } from './harness.mjs';
import { chain, node, smsNode } from './workflows.mjs';

const ID = 'e2eBranches';
const MISSING = '00000000-0000-4000-8000-000000000000';
/** Create or Update's three items: the first is a seeded contact (Amina Juma), the other two are new. */
const UPSERT = [
	{ name: 'Amina J. Juma', phone: '+255712345601' },
	{ name: 'Branch Upsert One', phone: '+255719000301' },
	{ name: 'Branch Upsert Two', phone: '+255719000302' },
];
const jwt = { credential: CREDENTIALS.jwt };
const DECLINED_ID = 'e2eBranchesDeclined';

/** Buy Credits with Wait for Completion, checking every second: the provider declines the payment (see before). */
function declinedWorkflow() {
	return chain(DECLINED_ID, 'E2E: a declined payment ends the wait', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		smsNode(
			'Buy Credits',
			{
				resource: 'account',
				operation: 'buyCredits',
				packageId: { __rl: true, mode: 'id', value: '320c20d2-d337-59e2-b3d8-13c37677f81c' },
				buyerEmail: 'buyer@example.com',
				buyerName: 'Buyer',
				buyerPhone: '0712345678',
				mobileMoneyProvider: 'vodacom',
				options: { waitForCompletion: true, pollInterval: 1, waitTimeout: 30 },
			},
			jwt,
		),
	]);
}

/**
 * Runs the Buy Credits workflow and, as soon as its payment exists, has the provider decline it. Gives the run and
 * the payment's ID.
 * @param {any} env
 */
async function buyDeclined(env) {
	// No payment completes by itself here: the provider's answer is the one given below.
	await admin(env.sandboxes.ops, 'POST', '/config', { paymentDelayMs: 0 });
	await admin(env.sandboxes.ops, 'DELETE', '/requests');
	const running = env.execute(DECLINED_ID);
	/** @type {string | undefined} */
	let id;
	for (let i = 0; i < 1200 && !id; i++) {
		const payments = await admin(env.sandboxes.ops, 'GET', '/payments');
		id = payments.find(
			(/** @type {any} */ p) => p.tenant_id === null && !String(p.id).startsWith('5eed'),
		)?.id;
		if (!id) await new Promise((resolve) => setTimeout(resolve, 50));
	}
	assert.ok(id, 'Buy Credits made a payment');
	await admin(env.sandboxes.ops, 'POST', `/payments/${id}/provider`, { status: 'CANCELLED' });
	return { run: await running, id };
}

function branchesWorkflow() {
	return chain(ID, 'E2E: every branch of the real server', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		smsNode(
			'Template Create',
			{
				resource: 'template',
				operation: 'create',
				name: 'Branch order ready',
				body: 'Your order is ready for pickup.',
				category: 'utility',
			},
			jwt,
		),
		smsNode(
			'Template Update unknown',
			{
				resource: 'template',
				operation: 'update',
				templateId: MISSING,
				updateFields: { name: 'X' },
			},
			jwt,
		),
		smsNode(
			'Add Tags',
			{ resource: 'contact', operation: 'addTags', contactId: MISSING, tags: 'vip' },
			jwt,
		),
		smsNode(
			'Mark Read',
			{ resource: 'notification', operation: 'markRead', notificationId: MISSING },
			jwt,
		),
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
			},
			{ ...jwt, once: false },
		),
	]);
}

for (const profile of /** @type {const} */ (['main', 'wild'])) {
	describe(`every branch in n8n ${N8N_VERSION} (${profile} sandbox, login credential)`, () => {
		/** @type {Awaited<ReturnType<typeof setupE2E>>} */
		let env;
		/** @type {any} */
		let run;
		/** @type {any[]} */
		let requests;
		/** @type {any} */
		let declined;
		/** @type {any[]} */
		let declinedRequests;

		before(
			async () => {
				env = await setupE2E({ workflows: [branchesWorkflow(), declinedWorkflow()], profile });
				await admin(env.sandboxes.ops, 'DELETE', '/requests');
				run = await env.execute(ID);
				requests = await admin(env.sandboxes.ops, 'GET', '/requests');
				declined = await buyDeclined(env);
				declinedRequests = await admin(env.sandboxes.ops, 'GET', '/requests');
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

		test("Template Create with Category 'utility' stores the template, in the server's spelling", () => {
			const [template] = items('Template Create');
			assert.equal(template.name, 'Branch order ready');
			assert.equal(template.category, profile === 'main' ? 'UTILITY' : 'utility');
			assert.match(String(template.id), /^[0-9a-f-]{36}$/);
		});

		test('Update of an unknown template ID says no template has it', () => {
			assert.equal(
				run.nodes['Template Update unknown'].error.message,
				`The service has no template with the ID "${MISSING}" [item 0]`,
			);
		});

		if (profile === 'main')
			test('Add Tags and Mark Read on main say the server does not offer them', () => {
				assert.equal(
					run.nodes['Add Tags'].error.message,
					"This server does not offer 'Add Tags' [item 0]",
				);
				assert.equal(
					run.nodes['Mark Read'].error.message,
					"This server does not offer 'Mark Read' [item 0]",
				);
			});

		test('Create or Update of 3 items (one existing) stores all three, one output item each', () => {
			assert.deepEqual(
				items('Create or Update').map((/** @type {any} */ c) => c.action),
				['updated', 'created', 'created'],
			);
			const imports = requests.filter(
				(r) => r.path === '/api/messaging/contacts/bulk-import/',
			).length;
			assert.equal(imports, 1);
		});

		test('a payment the provider declined ends Wait for Completion with the decline within two checks', () => {
			const result = declined.run.nodes['Buy Credits'];
			assert.equal(result.error, undefined, JSON.stringify(result.error));
			const [out] = result.items;
			assert.equal(out.transaction_id, declined.id);
			assert.equal(out.status, 'failed');
			assert.equal(out.timedOut, false);
			const checks = declinedRequests.filter((r) => r.path.endsWith('/progress/')).length;
			const syncs = declinedRequests.filter((r) => r.path === '/api/billing/payments/sync/').length;
			process.stderr.write(
				`[e2e] declined on ${profile}: ${JSON.stringify(declinedRequests.map((r) => `${r.method} ${r.path} ${r.status}`))}\n`,
			);
			assert.ok(checks >= 1 && checks <= 2, `${checks} checks`);
			assert.ok(syncs <= checks, `${syncs} syncs for ${checks} checks`);
		});
	});
}
