// Issue 42 in a real n8n, with Email and Password, against the `wild` sandbox (the real service's code): Buy Credits
// (its wait ends completed once the sandbox's provider completes it; the same Dedupe Key twice starts one payment),
// Payment → Get Status of a payment the provider completed and nobody asked about, Sender ID Request Get and Get Many,
// Billing Get Usage (only the range, across pages) and Get Summary, Notification Mark Read and Mark All Read; then the
// Payment Completed and Sender ID Decided triggers, activated, each firing once. N8N_VERSION picks the n8n.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { SEED_IDS } from '../sandbox/server.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { POLL, POLL_WAIT_MS, activate, pause } from './activeTriggers.mjs';
import { CREDENTIALS, admin, loginToken, setupE2E } from './harness.mjs';
import { triggerWorkflow } from './loginWorkflows.mjs';
import { chain, node, smsNode } from './workflows.mjs';

const ID = 'e2eMoney';
const WF = { paid: 'e2eMoneyPaid', decided: 'e2eMoneyDecided' };
const jwt = { credential: CREDENTIALS.jwt };
const PACKAGE = { __rl: true, mode: 'id', value: SEED_IDS.packages.starter };
const BUYER = {
	packageId: PACKAGE,
	buyerEmail: 'finance@example.com',
	buyerName: 'Finance Desk',
	buyerPhone: '+255 744 963 858',
	mobileMoneyProvider: 'vodacom',
};
/** The usage range: about 50 days of the seed's usage records (one every 7 hours, 3 in 5), more than a page of 100. */
const RANGE_DAYS = [75, 5];
const TZ_MS = 3 * 3600_000;
const serviceDay = (/** @type {number} */ ms) => new Date(ms + TZ_MS).toISOString().slice(0, 10);
const RANGE = RANGE_DAYS.map((days) => serviceDay(Date.now() - days * 86_400_000));

function moneyWorkflow() {
	return chain(ID, 'E2E: buy credits, sender ID requests, usage, notifications', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		smsNode(
			'Buy Credits and wait',
			{
				resource: 'account',
				operation: 'buyCredits',
				...BUYER,
				options: { waitForCompletion: true, pollInterval: 1, waitTimeout: 60 },
			},
			jwt,
		),
		// Two items with one Dedupe Key (the key is this node's: n8n keeps processed data per node).
		node(
			'Two orders',
			'n8n-nodes-base.set',
			{
				assignments: {
					assignments: [{ id: 'm-1', name: 'orders', value: '={{ [1, 2] }}', type: 'array' }],
				},
				options: {},
			},
			{ typeVersion: 3.4, executeOnce: true },
		),
		node('One item per order', 'n8n-nodes-base.splitOut', {
			fieldToSplitOut: 'orders',
			options: {},
		}),
		smsNode(
			'Buy Credits twice',
			{
				resource: 'account',
				operation: 'buyCredits',
				...BUYER,
				options: { dedupeKey: 'e2e-topup-1' },
			},
			{ ...jwt, once: false },
		),
		// The provider completes the payment 1.5 s after it starts (the sandbox's paymentDelayMs); nobody asks meanwhile.
		node(
			'Wait for the provider',
			'n8n-nodes-base.wait',
			{ amount: 4, unit: 'seconds' },
			{
				typeVersion: 1.1,
				executeOnce: true,
			},
		),
		smsNode(
			'Get Status',
			{
				resource: 'payment',
				operation: 'getStatus',
				transactionId: "={{ $('Buy Credits twice').first().json.transaction_id }}",
			},
			jwt,
		),
		smsNode(
			'Request Sender ID',
			{
				resource: 'senderId',
				operation: 'request',
				senderId: 'E2EMONEY',
				sampleMessage: 'Your order is ready.',
			},
			jwt,
		),
		smsNode(
			'Get Request',
			{
				resource: 'senderIdRequest',
				operation: 'get',
				requestId: "={{ $('Request Sender ID').first().json.id }}",
			},
			jwt,
		),
		smsNode(
			'Pending Requests',
			{
				resource: 'senderIdRequest',
				operation: 'getAll',
				returnAll: true,
				filters: { status: 'pending' },
			},
			jwt,
		),
		smsNode(
			'Get Usage',
			{
				resource: 'billing',
				operation: 'getUsage',
				returnAll: true,
				filters: { startDate: RANGE[0], endDate: RANGE[1] },
			},
			jwt,
		),
		smsNode('Get Summary', { resource: 'billing', operation: 'getSummary', period: '7d' }, jwt),
		smsNode(
			'Payments in history',
			{ resource: 'billing', operation: 'getHistory', limit: 5, filters: { type: 'payment' } },
			jwt,
		),
		smsNode(
			'Unread',
			{ resource: 'notification', operation: 'getAll', limit: 1, filters: { unreadOnly: true } },
			jwt,
		),
		smsNode(
			'Mark Read',
			{
				resource: 'notification',
				operation: 'markRead',
				notificationId: "={{ $('Unread').first().json.id }}",
			},
			jwt,
		),
		smsNode('Mark All Read', { resource: 'notification', operation: 'markAllRead' }, jwt),
		node('End', 'n8n-nodes-base.noOp', {}, { executeOnce: true }),
	]);
}

describe(
	`issue 42 in n8n ${N8N_VERSION} (wild sandbox, Email and Password)`,
	{ timeout: 900_000 },
	() => {
		/** @type {Awaited<ReturnType<typeof setupE2E>>} */
		let env;
		/** @type {any} */
		let run;
		/** @type {any[]} */
		let requests;
		/** @type {{ url: string }} */
		let sandbox;

		before(
			async () => {
				env = await setupE2E({
					profile: 'wild',
					workflows: [
						moneyWorkflow(),
						triggerWorkflow(
							WF.paid,
							{ event: 'paymentCompleted', options: {} },
							CREDENTIALS.jwt,
							POLL,
						),
						triggerWorkflow(
							WF.decided,
							{ event: 'senderIdDecided', options: {} },
							CREDENTIALS.jwt,
							POLL,
						),
					],
				});
				sandbox = env.sandboxes.ops;
				await admin(sandbox, 'DELETE', '/requests');
				run = await env.execute(ID);
				requests = await admin(sandbox, 'GET', '/requests?limit=5000');
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
			assert.equal(
				result.error,
				undefined,
				`node "${name}" failed: ${JSON.stringify(result.error)}`,
			);
			return result.items;
		};
		/** @param {string} method @param {string} path */
		const count = (method, path) =>
			requests.filter((r) => r.method === method && r.path === path).length;

		test('Buy Credits with Wait for Completion ends completed: the provider’s completion recorded by sync', () => {
			const [paid] = items('Buy Credits and wait');
			assert.equal(paid.status, 'completed');
			assert.equal(paid.timedOut, false);
			const initiate = requests.filter((r) => r.path === '/api/billing/payments/initiate/');
			assert.equal(initiate[0].body.buyer_phone, '0744963858');
			assert.ok(count('POST', '/api/billing/payments/sync/') >= 1);
			// Never the 60-second route.
			assert.equal(
				requests.filter((r) => /\/status\/$/.test(r.path) && r.path.includes('/payments/')).length,
				0,
			);
		});

		test('the same Dedupe Key twice starts one payment', () => {
			const [first, second] = items('Buy Credits twice');
			assert.equal(first.outcome, 'sent');
			assert.equal(first.status, 'pending');
			assert.equal(second.outcome, 'alreadySent');
			// The wait's payment and this one: two initiations in all.
			assert.equal(count('POST', '/api/billing/payments/initiate/'), 2);
		});

		test('Get Status of a payment the provider completed and nobody asked about: completed', () => {
			const [status] = items('Get Status');
			assert.equal(status.status, 'completed');
			assert.equal(
				status.id ?? status.transaction_id,
				items('Buy Credits twice')[0].transaction_id,
			);
		});

		test('Sender ID Request Get and Get Many (filtered in the node)', () => {
			const [request] = items('Get Request');
			assert.equal(request.requested_sender_id, 'E2EMONEY');
			assert.equal(request.status, 'pending');
			const pending = items('Pending Requests');
			assert.ok(pending.length >= 1);
			assert.ok(pending.every((/** @type {any} */ r) => r.status === 'pending'));
		});

		test('Get Usage returns only records in its range, across pages, the range on every page', async () => {
			const usage = items('Get Usage');
			assert.ok(usage.length > 100, `${usage.length} records`);
			for (const r of usage) assert.ok(r.date >= RANGE[0] && r.date <= RANGE[1], r.date);
			assert.equal(new Set(usage.map((/** @type {any} */ r) => r.id)).size, usage.length);
			const token = await loginToken(sandbox);
			const all = await fetch(`${sandbox.url}/api/billing/history/usage/?page_size=1000`, {
				headers: { authorization: `Bearer ${token}` },
			}).then((r) => r.json());
			const wanted = all.data.usage_records.filter((/** @type {any} */ r) => {
				const day = serviceDay(Date.parse(r.created_at));
				return day >= RANGE[0] && day <= RANGE[1];
			});
			assert.deepEqual(
				usage.map((/** @type {any} */ r) => r.id),
				wanted.map((/** @type {any} */ r) => r.id),
			);
			const pages = requests.filter((r) => r.path === '/api/billing/history/usage/');
			assert.ok(pages.length >= 2);
			for (const page of pages)
				assert.deepEqual([page.query.start_date, page.query.end_date], RANGE);
			assert.equal(typeof usage[0].cost, 'number');
		});

		test('Get Summary, Get Many type payment, Mark Read, Mark All Read give data', () => {
			const [summary] = items('Get Summary');
			assert.equal(summary.period, '7d');
			assert.equal(typeof summary.total_usage_cost, 'number');
			const payments = items('Payments in history');
			assert.ok(payments.length >= 1);
			assert.ok(payments.every((/** @type {any} */ p) => p.type === 'payment'));
			const [read] = items('Mark Read');
			assert.equal(read.id, items('Unread')[0].id);
			assert.equal(read.read, true);
			const [all] = items('Mark All Read');
			assert.equal(typeof all.marked, 'number');
		});

		test(
			'Payment Completed and Sender ID Decided, activated: each fires once',
			{ timeout: 600_000 },
			async () => {
				// A purchase and a sender ID request, pending when the triggers start; the provider answers only when told.
				await admin(sandbox, 'POST', '/config', { paymentDelayMs: 0 });
				const token = await loginToken(sandbox);
				const call = (/** @type {string} */ path, /** @type {unknown} */ body) =>
					fetch(`${sandbox.url}${path}`, {
						method: 'POST',
						headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
						body: JSON.stringify(body),
					}).then((r) => r.json());
				const payment = (
					await call('/api/billing/payments/initiate/', {
						package_id: SEED_IDS.packages.starter,
						buyer_email: 'finance@example.com',
						buyer_name: 'Finance Desk',
						buyer_phone: '0744963858',
						mobile_money_provider: 'vodacom',
					})
				).data.transaction_id;
				const request = (
					await call('/api/messaging/sender-requests/submit/', {
						requested_sender_id: 'E2EDECIDE',
						sample_content: 'Hello',
						request_type: 'custom',
					})
				).data.id;
				await admin(sandbox, 'DELETE', '/requests');
				const n8n = await activate(env.n8n, [WF.paid, WF.decided], 'e2e money');
				try {
					// The first poll of each is its baseline: the decisions come after it.
					const polled = async (/** @type {string} */ path, /** @type {number} */ times) => {
						const deadline = Date.now() + POLL_WAIT_MS * times;
						while (Date.now() < deadline) {
							const log = await admin(sandbox, 'GET', '/requests?limit=5000');
							if (
								log.filter((/** @type {any} */ r) => r.method === 'GET' && r.path === path)
									.length >= times
							)
								return true;
							await pause(500);
						}
						return false;
					};
					assert.ok(
						await polled('/api/billing/payments/transactions/', 1),
						'Payment Completed polled',
					);
					assert.ok(await polled('/api/messaging/sender-requests/', 1), 'Sender ID Decided polled');
					await admin(sandbox, 'POST', `/payments/${payment}/provider`, { status: 'COMPLETED' });
					await admin(sandbox, 'POST', `/sender-requests/${request}/decide`, {
						status: 'approved',
					});
					const paid = await n8n.fired(WF.paid, (list) =>
						list.some((/** @type {any} */ i) => i.transaction_id === payment),
					);
					assert.ok(paid, 'Payment Completed fired for the payment');
					assert.equal(
						paid.find((/** @type {any} */ i) => i.transaction_id === payment).status,
						'completed',
					);
					const decided = await n8n.fired(WF.decided, (list) =>
						list.some((/** @type {any} */ i) => i.id === request),
					);
					assert.ok(decided, 'Sender ID Decided fired for the request');
					assert.equal(decided.find((/** @type {any} */ i) => i.id === request).status, 'approved');
					// One more poll of each: nothing fires again.
					const seen = (await admin(sandbox, 'GET', '/requests?limit=5000')).filter(
						(/** @type {any} */ r) => r.path === '/api/messaging/sender-requests/',
					).length;
					assert.ok(await polled('/api/messaging/sender-requests/', seen + 1), 'one more poll');
					await pause(3000);
					for (const id of [WF.paid, WF.decided]) {
						const fired = (await n8n.executions(id)).length;
						assert.equal(fired, 1, `${id}: ${fired} executions`);
					}
					const log = await admin(sandbox, 'GET', '/requests?limit=5000');
					process.stderr.write(
						`[e2e] money triggers: ${JSON.stringify(
							Object.entries(
								log.reduce((/** @type {Record<string, number>} */ acc, /** @type {any} */ r) => {
									const key = `${r.method} ${r.path}`;
									acc[key] = (acc[key] ?? 0) + 1;
									return acc;
								}, {}),
							),
						)}\n`,
					);
				} finally {
					await n8n.stop();
				}
			},
		);
	},
);
