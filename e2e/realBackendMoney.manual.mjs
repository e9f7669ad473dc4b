// By hand, issue 42: each new operation and the two triggers in a real n8n (the package built, packed and installed as
// the e2e harness does) against the real server's code run locally (../shared/real-backend/), through a counting
// proxy, one workflow per operation so that each one's requests are counted. Not a test (CI has no real backend): it
// prints what each node answered, the routes it used and the requests it cost.
//
//   cp -a /tmp/rb-bt /tmp/rb-money && WORK_DIR=/tmp/rb-money PORT=8100 ../shared/real-backend/start.sh --detach
//   REAL_BACKEND_URL=http://127.0.0.1:8100 REAL_BACKEND_SEED=/tmp/rb-money/seed.json \
//     DECIDE=<a script deciding a sender ID request: NAME approved|rejected [REASON]> node e2e/realBackendMoney.manual.mjs
//   ONLY=buyKeyTwice,usage ... only these operations' workflows, and no triggers
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { activate, FAST_POLLS, pause, POLL, POLL_WAIT_MS } from './activeTriggers.mjs';
import { setupE2E } from './harness.mjs';
import { triggerWorkflow } from './loginWorkflows.mjs';
import { chain, node, smsNode } from './workflows.mjs';

const TARGET = new URL(process.env.REAL_BACKEND_URL ?? 'http://127.0.0.1:8100');
const SEED = process.env.REAL_BACKEND_SEED ?? '/tmp/sms-real-backend/seed.json';
const seed = JSON.parse(readFileSync(SEED, 'utf8'));
const DECIDE = process.env.DECIDE;
const DECIDE_ENV = { ...process.env, WORK_DIR: process.env.WORK_DIR ?? path.dirname(SEED) };

/** Every request through the proxy: `METHOD path status`. */
const seen = /** @type {string[]} */ ([]);
const proxy = http.createServer((req, res) => {
	const upstream = http.request(
		{
			host: TARGET.hostname,
			port: TARGET.port,
			method: req.method,
			path: req.url,
			headers: { ...req.headers, host: TARGET.host },
		},
		(answer) => {
			seen.push(`${req.method} ${(req.url ?? '').split('?')[0]} ${answer.statusCode}`);
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		},
	);
	upstream.on('error', (error) => {
		seen.push(`${req.method} ${(req.url ?? '').split('?')[0]} ${error.message}`);
		res.destroy();
	});
	req.pipe(upstream);
});
await new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(undefined)));
const proxyUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (proxy.address()).port}`;

function counts() {
	/** @type {Record<string, number>} */
	const out = {};
	for (const line of seen) out[line] = (out[line] ?? 0) + 1;
	return out;
}

const LOGIN = { id: 'e2eRealBackendMoney', name: 'Real backend: email and password' };
const jwt = { credential: LOGIN };
const PACKAGE = { __rl: true, mode: 'id', value: '5eed0008-0000-4000-8000-000000000001' };
const BUYER = {
	packageId: PACKAGE,
	buyerEmail: 'finance@dukapoa.test',
	buyerName: 'Finance Desk',
	buyerPhone: '+255 744 963 858',
	mobileMoneyProvider: 'vodacom',
};
const day = (/** @type {number} */ days) =>
	new Date(Date.now() + 3 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10);

/** One workflow per operation (a few need the node before them): id → its nodes after the manual trigger. */
const OPS = /** @type {Record<string, any[]>} */ ({
	getStatus: [
		smsNode(
			'Payment Get Status (seed payment 04, pending, ZenoPay says COMPLETED)',
			{
				resource: 'payment',
				operation: 'getStatus',
				transactionId: '5eed0006-0000-4000-8000-000000000004',
			},
			jwt,
		),
	],
	buyAndWait: [
		smsNode(
			'Buy Credits, Wait for Completion',
			{
				resource: 'account',
				operation: 'buyCredits',
				...BUYER,
				options: { waitForCompletion: true, pollInterval: 2, waitTimeout: 60 },
			},
			jwt,
		),
	],
	buyBadPhone: [
		smsNode(
			'Buy Credits, a Kenyan phone',
			{ resource: 'account', operation: 'buyCredits', ...BUYER, buyerPhone: '+254712345678' },
			jwt,
		),
	],
	buyKeyTwice: [
		// Two items with one Dedupe Key through one node (the key is the node's: n8n keeps processed data per node).
		node(
			'Two orders',
			'n8n-nodes-base.set',
			{
				assignments: {
					assignments: [{ id: 'o-1', name: 'orders', value: '={{ [1, 2] }}', type: 'array' }],
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
			'Buy Credits, one Dedupe Key for both items',
			{
				resource: 'account',
				operation: 'buyCredits',
				...BUYER,
				options: { dedupeKey: 'rb-money-2' },
			},
			{ ...jwt, once: false },
		),
	],
	requestAndGet: [
		smsNode(
			'Sender ID Request',
			{
				resource: 'senderId',
				operation: 'request',
				senderId: 'MONEYTEST',
				sampleMessage: 'Your order is ready.',
			},
			jwt,
		),
		smsNode(
			'Sender ID Request Get',
			{
				resource: 'senderIdRequest',
				operation: 'get',
				requestId: "={{ $('Sender ID Request').first().json.id }}",
			},
			jwt,
		),
	],
	requestsPending: [
		smsNode(
			'Sender ID Request Get Many (pending)',
			{
				resource: 'senderIdRequest',
				operation: 'getAll',
				returnAll: true,
				filters: { status: 'pending' },
			},
			jwt,
		),
	],
	usage: [
		smsNode(
			'Get Usage (last 3 days)',
			{
				resource: 'billing',
				operation: 'getUsage',
				returnAll: true,
				filters: { startDate: day(2), endDate: day(0) },
			},
			jwt,
		),
	],
	summary: [
		smsNode('Get Summary 7d', { resource: 'billing', operation: 'getSummary', period: '7d' }, jwt),
	],
	payments: [
		smsNode(
			'Billing Get Many type payment',
			{
				resource: 'billing',
				operation: 'getHistory',
				returnAll: true,
				filters: { type: 'payment' },
			},
			jwt,
		),
	],
	markRead: [
		smsNode(
			'Unread notification',
			{ resource: 'notification', operation: 'getAll', limit: 1, filters: { unreadOnly: true } },
			jwt,
		),
		smsNode(
			'Mark Read',
			{
				resource: 'notification',
				operation: 'markRead',
				notificationId: "={{ $('Unread notification').first().json.id }}",
			},
			jwt,
		),
	],
	markAllRead: [
		smsNode('Mark All Read', { resource: 'notification', operation: 'markAllRead' }, jwt),
	],
	pendingPurchase: [
		smsNode(
			'Buy Credits (pending, for the trigger)',
			{ resource: 'account', operation: 'buyCredits', ...BUYER },
			jwt,
		),
		smsNode(
			'Sender ID Request (for the trigger)',
			{
				resource: 'senderId',
				operation: 'request',
				senderId: 'MONEYTRIG',
				sampleMessage: 'Hello.',
			},
			jwt,
		),
	],
});
const ONLY = process.env.ONLY?.split(',');
const workflows = Object.entries(OPS)
	.filter(([id]) => !ONLY || ONLY.includes(id))
	.map(([id, nodes]) =>
		chain(`rbMoney_${id}`, `rbMoney ${id}`, [
			node('Start', 'n8n-nodes-base.manualTrigger', {}),
			...nodes,
		]),
	);
const triggers = [
	triggerWorkflow('rbMoneyPaid', { event: 'paymentCompleted', options: {} }, LOGIN, POLL),
	triggerWorkflow('rbMoneyDecided', { event: 'senderIdDecided', options: {} }, LOGIN, POLL),
];

const e2e = await setupE2E({
	workflows: [...workflows, ...triggers],
	extraCredentials: () => [
		{
			...LOGIN,
			type: 'smsPlatformApi',
			data: { baseUrl: proxyUrl, authMethod: 'jwt', email: seed.email, password: seed.password },
		},
	],
});
try {
	process.stdout.write(`n8n ${N8N_VERSION}, real backend ${TARGET.href} through ${proxyUrl}\n`);
	for (const workflow of workflows) await runOnce(workflow.id);
	if (!ONLY) await runTriggers();
} finally {
	await e2e.cleanup();
	proxy.close();
}

/** @param {string} id */
async function runOnce(id) {
	seen.length = 0;
	const started = Date.now();
	const result = await e2e.execute(id);
	process.stdout.write(`\n## ${id} (${Date.now() - started} ms, status ${result.status})\n`);
	for (const [name, run] of Object.entries(result.run.data.resultData.runData)) {
		if (name === 'Start') continue;
		const last = /** @type {any} */ (run).at(-1);
		const items = last.data?.main?.[0] ?? [];
		const shown = items
			.map((/** @type {any} */ item) => JSON.stringify(item.json)?.slice(0, 500 / items.length))
			.join(' | ');
		process.stdout.write(
			`- ${name}: ${items.length} item(s), ${last.executionTime} ms${last.error ? `, error: ${last.error.message}` : ''}\n  items: ${shown}\n`,
		);
	}
	process.stdout.write(`  requests: ${JSON.stringify(counts())}\n`);
}

/** Activates both triggers; after their first poll the provider has completed the pending purchase (its stand-in
 * answers COMPLETED) and the sender ID request is approved: each must fire once. */
async function runTriggers() {
	seen.length = 0;
	const n8n = await activate(
		e2e.n8n,
		triggers.map((w) => w.id),
		'real backend money',
	);
	try {
		const polled = (/** @type {string} */ route) => seen.some((l) => l.includes(`${route} `));
		const firstPoll = Date.now() + POLL_WAIT_MS;
		while (
			Date.now() < firstPoll &&
			!(polled('/payments/transactions/') && polled('/messaging/sender-requests/'))
		)
			await pause(1000);
		const decided = DECIDE
			? execFileSync('python3', [DECIDE, 'MONEYTRIG', 'approved'], {
					encoding: 'utf8',
					env: DECIDE_ENV,
				})
			: 'no DECIDE script';
		process.stdout.write(
			`\n## triggers (poll ${FAST_POLLS ? 'every 5 s' : 'every minute'}); decided: ${decided.trim()}\n`,
		);
		/** @type {Record<string, any[] | undefined>} */
		const fired = {};
		for (const workflow of triggers)
			fired[workflow.id] = await n8n.fired(workflow.id, () => true, 2 * POLL_WAIT_MS);
		const polls = () => seen.filter((l) => l.includes('/messaging/sender-requests/ ')).length;
		const after = polls() + 2;
		const deadline = Date.now() + 2 * POLL_WAIT_MS;
		while (Date.now() < deadline && polls() < after) await pause(1000);
		for (const workflow of triggers) {
			const items = fired[workflow.id];
			const executions = await n8n.executions(workflow.id);
			process.stdout.write(
				`- ${workflow.id}: ${items ? `${items.length} item(s), first ${JSON.stringify(items[0]).slice(0, 500)}` : 'did not fire'}; executions: ${executions.length}\n`,
			);
		}
		process.stdout.write(`  requests: ${JSON.stringify(counts())}\n`);
	} finally {
		await n8n.stop();
	}
}
