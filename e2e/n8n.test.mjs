// End-to-end: the packed package installed into a real n8n (pinned version, see scripts/n8n-version.mjs), talking
// to the sandbox. Run with `npm run test:e2e` (first run installs n8n into the cache: a few minutes).
//
// Phase 1 (before): build, pack, install the tarball, import credentials and workflows, then run in parallel with
//   `n8n execute`: the "every operation" workflow, the invalid-key workflow and the two manual examples.
// Phase 2 (server): `n8n start` on the same database; it resumes the send-and-check example (its Wait node puts
//   the execution to wait, which only a running n8n resumes), then the trigger workflows are activated and fed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { loadExample } from '../scripts/examples.mjs';
import { summarizeRun } from '../scripts/n8n/cli-output.mjs';
import { startN8n } from '../scripts/n8n/process.mjs';
import {
	activateWorkflow,
	createApiKey,
	ensureOwner,
	listExecutions,
	publicApi,
} from '../scripts/n8n/rest.mjs';
import { allowsSubMinutePolls, ensureN8n } from '../scripts/n8n-runtime.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { SANDBOX_API_KEY } from '../sandbox/server.mjs';
import { admin, api, getTimings, INVALID_API_KEY, setupE2E, timing } from './harness.mjs';
import {
	IDS,
	INPUT,
	invalidKeyWorkflow,
	LOW_BALANCE_THRESHOLD,
	operationsWorkflow,
	OPS,
	POLL_TIMES,
	triggerWorkflows,
	withPollTimes,
} from './workflows.mjs';

const EXAMPLE_FILES = {
	sendAndStatus: 'send-sms-and-check-status.json',
	onboarding: 'partner-onboarding.json',
	paymentAlert: 'alert-on-payment-completed.json',
};
const examples = Object.fromEntries(
	Object.entries(EXAMPLE_FILES).map(([key, file]) => [key, loadExample(file)]),
);

/** @typedef {Awaited<ReturnType<typeof import('../scripts/n8n/process.mjs').executeWorkflow>>} Run */

// n8n 2.41 activates no trigger that polls more often than once a minute; older ones poll every 5 s here.
const FAST_POLLS = allowsSubMinutePolls(await ensureN8n());
const POLL = FAST_POLLS ? POLL_TIMES.fast : POLL_TIMES.everyMinute;
/** How long a test waits for a poll to happen: two poll intervals and some. */
const POLL_WAIT_MS = FAST_POLLS ? 30_000 : 150_000;

const runStarted = Date.now();
/** @type {Awaited<ReturnType<typeof setupE2E>>} */
let env;
/** Results of the `n8n execute` runs. @type {{ operations: Run, invalidKey: Run, sendAndStatus: Run, onboarding: Run }} */
const runs = /** @type {any} */ ({});
/** The ops sandbox's request log right after the operations run. @type {any[]} */
let requests = [];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

before(
	async () => {
		env = await setupE2E({
			workflows: [
				operationsWorkflow(),
				invalidKeyWorkflow(),
				...triggerWorkflows(POLL),
				examples.sendAndStatus,
				examples.onboarding,
				withPollTimes(examples.paymentAlert, POLL),
			],
		});
		const started = Date.now();
		[runs.operations, runs.invalidKey, runs.sendAndStatus, runs.onboarding] = await Promise.all([
			env.execute(IDS.operations),
			env.execute(IDS.invalidKey),
			env.execute(examples.sendAndStatus.id),
			env.execute(examples.onboarding.id),
		]);
		timing('parallel n8n execute runs', Date.now() - started);
		requests = await admin(env.sandboxes.ops, 'GET', '/requests');
	},
	{ timeout: 15 * 60_000 },
);

after(async () => {
	await env?.cleanup();
	timing('whole e2e run', Date.now() - runStarted);
	const lines = Object.entries(getTimings()).map(
		([name, ms]) => `  ${name.padEnd(40)} ${(ms / 1000).toFixed(1)} s`,
	);
	process.stderr.write(`\n[e2e] n8n ${N8N_VERSION} timings:\n${lines.join('\n')}\n`);
});

/**
 * The output items of a node of the operations run; fails with the node's own error when it has one.
 * @param {string} name
 * @param {Run} [run]
 * @returns {any[]}
 */
function output(name, run = runs.operations) {
	const node = run.nodes[name];
	if (!node) {
		const why = run.error
			? `the run stopped before it: ${run.error.message}`
			: 'it is not in the run data';
		assert.fail(`node "${name}" did not run (${why})`);
	}
	if (node.error) {
		assert.fail(
			`node "${name}" failed in n8n: ${node.error.message}${node.error.description ? ` — ${node.error.description}` : ''}`,
		);
	}
	return node.items;
}

/**
 * The error a node gave (it ran with continue-on-fail); fails when it succeeded.
 * @param {string} name
 * @param {Run} [run]
 */
function nodeError(name, run = runs.operations) {
	const node = run.nodes[name];
	assert.ok(node, `node "${name}" did not run`);
	assert.ok(
		node.error,
		`node "${name}" should have failed but gave ${JSON.stringify(node.items).slice(0, 300)}`,
	);
	return node.error;
}

/**
 * @param {string} method
 * @param {string} path
 * @returns {any[]}
 */
function requestsTo(method, path) {
	return requests.filter((request) => request.method === method && request.path === path);
}

/**
 * The API's list at the moment a node read it: current records minus those created after the read.
 * @param {any[]} items
 * @param {any[]} apiItems
 * @param {number} readAt
 * @param {{ timeField?: string, label: string }} options
 */
function assertListAsReadAt(items, apiItems, readAt, { timeField = 'created_at', label }) {
	const byId = new Map(apiItems.map((item) => [item.id, item]));
	for (const item of items)
		assert.deepEqual(item, byId.get(item.id), `${label}: item ${item.id} differs from the API's`);
	const seen = new Set(items.map((item) => item.id));
	const missing = apiItems.filter(
		(item) => !seen.has(item.id) && Date.parse(item[timeField]) < readAt - 1000,
	);
	assert.deepEqual(
		missing.map((item) => item.id),
		[],
		`${label}: records that existed when n8n read the list are missing`,
	);
}

/**
 * Waits until the sandbox has answered a poll (a GET of `path`) that arrived after `afterMs`; false on time-out.
 * @param {{ url: string }} sandbox
 * @param {string} path
 * @param {number} afterMs
 */
async function waitForPoll(sandbox, path, afterMs) {
	const deadline = Date.now() + POLL_WAIT_MS;
	while (Date.now() < deadline) {
		const log = await admin(sandbox, 'GET', '/requests?limit=500');
		if (
			log.some(
				(/** @type {any} */ entry) =>
					entry.method === 'GET' && entry.path === path && Date.parse(entry.time) >= afterMs,
			)
		)
			return true;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	return false;
}

/**
 * A new tenant's payment, completed at once (the sandbox's mobile-money confirmation).
 * @param {{ url: string }} sandbox
 */
async function completedPayment(sandbox) {
	const tenant = (
		await api(sandbox, 'POST', '/api/integration/v1/partner/tenants/create/', {
			tenant_name: 'E2E Alert Tenant',
			owner_email: 'alert@e2e.example',
			owner_name: 'Alert Owner',
			contact_phone: '+255712888000',
			initial_credits: 0,
		})
	).data;
	const payment = (
		await api(
			sandbox,
			'POST',
			`/api/integration/v1/partner/tenants/${tenant.tenant_id}/payments/initiate/`,
			{
				package_id: INPUT.packageId,
				buyer_email: 'alert@e2e.example',
				buyer_name: 'Alert Owner',
				buyer_phone: '0712888000',
				mobile_money_provider: 'tigo',
			},
		)
	).data;
	await admin(sandbox, 'POST', `/payments/${payment.transaction_id}/complete`).catch(() => {});
	return payment;
}

/**
 * @param {{ url: string }} sandbox
 * @param {string} path
 */
async function apiList(sandbox, path) {
	/** @type {any[]} */
	const all = [];
	for (let page = 1; page < 50; page++) {
		const separator = path.includes('?') ? '&' : '?';
		const body = await api(sandbox, 'GET', `${path}${separator}page=${page}&page_size=100`);
		all.push(...body.results);
		if (!body.next) break;
	}
	return all;
}

describe('the package', () => {
	test('the tarball holds only dist/, package.json, README.md and LICENSE', () => {
		const files = env.pack.files;
		const outside = files.filter(
			(file) => !/^(dist\/|package\.json$|README\.md$|LICEN[CS]E)/i.test(file),
		);
		assert.deepEqual(outside, [], 'files outside dist/, package.json, README.md, LICENSE');
		assert.ok(files.includes('README.md'), 'README.md is missing from the package');
		assert.ok(
			files.some((file) => /^LICEN[CS]E/.test(file)),
			'LICENSE is missing from the package',
		);
		assert.ok(files.includes('dist/nodes/SmsPlatform/SmsPlatform.node.js'));
		assert.ok(files.includes('dist/nodes/SmsPlatform/SmsPlatformTrigger.node.js'));
		assert.ok(files.includes('dist/credentials/SmsPlatformApi.credentials.js'));
	});

	test('n8n loads it: the operations workflow runs to its end', () => {
		assert.equal(
			runs.operations.status,
			'success',
			`run status ${runs.operations.status}: ${runs.operations.error?.message}`,
		);
		assert.ok(runs.operations.nodes[OPS.end], 'the last node did not run');
	});
});

describe('authentication', () => {
	test('API key as Authorization: Bearer', () => {
		assert.deepEqual(output(OPS.getBalance), [{ balance: 5000, currency: 'credits' }]);
	});

	test('API key as X-API-Key (base URL with a trailing slash)', () => {
		assert.deepEqual(output(OPS.getBalanceHeader), [{ balance: 5000, currency: 'credits' }]);
		const balance = requestsTo('GET', '/api/integration/v1/sms/balance/');
		const headerOnly = balance.filter(
			(request) => request.headers['x-api-key'] && !request.headers.authorization,
		);
		assert.equal(
			headerOnly.length,
			1,
			'exactly one balance request carries X-API-Key and no Authorization header',
		);
	});

	test('e-mail and password (JWT login, then Bearer token)', () => {
		assert.deepEqual(output(OPS.getBalanceJwt), [{ balance: 5000, currency: 'credits' }]);
		const logins = requestsTo('POST', '/api/auth/login/');
		assert.equal(logins.length, 1, 'one login for the whole run');
		assert.equal(logins[0].status, 200);
		assert.ok(
			logins[0].body && typeof logins[0].body.email === 'string',
			'login body carries the e-mail',
		);
	});

	test('an invalid API key gives a clear 401 error (continue on fail)', () => {
		const error = nodeError(OPS.getBalanceInvalid);
		assert.equal(String(error.httpCode), '401');
		assert.match(error.message, /did not accept the credential/, `message: ${error.message}`);
		assert.match(
			error.description ?? '',
			/Authentication credentials were not provided or are invalid/,
		);
		assert.match(error.description ?? '', /key|credential/i);
	});

	test('an invalid API key fails the run with the server’s words and what to do', () => {
		const run = runs.invalidKey;
		assert.equal(run.status, 'error');
		assert.ok(run.error, 'the run has an error');
		assert.match(
			run.error.message,
			/did not accept the credential/i,
			`message: ${run.error.message}`,
		);
		assert.match(run.error.description ?? '', /Invalid|401/);
		assert.match(
			run.error.description ?? '',
			/credential|key/i,
			`description: ${run.error.description}`,
		);
		assert.ok(
			!JSON.stringify(run.run).includes(INVALID_API_KEY),
			'the key must not appear in the run data',
		);
		assert.ok(!JSON.stringify(run.run).includes(SANDBOX_API_KEY), 'no API key in the run data');
	});
});

describe('operations (every resource and operation) in n8n', () => {
	test('sms.send: normalises, dedupes, sends once, outputs the send result', () => {
		const [item] = output(OPS.send);
		assert.match(item.message_id, UUID);
		assert.equal(item.status, 'sent');
		const sends = requestsTo('POST', '/api/integration/v1/sms/send/').filter(
			(r) => r.body?.message === INPUT.sendMessage,
		);
		assert.equal(sends.length, 1, 'one request; the invalid-number node sends nothing');
		assert.deepEqual(sends[0].body.recipients, INPUT.sendRecipientsNormalized);
		assert.equal(sends[0].body.sender_id, INPUT.senderId);
		assert.equal(sends[0].body.tenant_account_id, undefined);
	});

	test('sms.send: an invalid number fails the item before any request, naming the value', () => {
		const error = nodeError(OPS.sendInvalid);
		assert.match(error.message, new RegExp(INPUT.invalidRecipient));
	});

	test('sms.send with options.tenantAccountId sends for the tenant', () => {
		const [item] = output(OPS.sendTenant);
		const [tenant] = output(OPS.createTenant);
		assert.match(item.message_id, UUID);
		const sent = requestsTo('POST', '/api/integration/v1/sms/send/').find(
			(r) => r.body?.tenant_account_id,
		);
		assert.ok(sent, 'a send request with tenant_account_id');
		assert.equal(sent.body.tenant_account_id, tenant.service_account_id);
		assert.deepEqual(sent.body.recipients, [INPUT.tenant.contactPhone]);
	});

	test('sms.send with options.combineItems: five items, batches of two, one output item per input item', () => {
		const node = runs.operations.nodes[OPS.bulkSend];
		const items = output(OPS.bulkSend);
		assert.equal(items.length, INPUT.bulkRecipients.length);
		assert.deepEqual(
			node.pairedItems.map((paired) => paired?.item),
			INPUT.bulkRecipients.map((_, index) => index),
			'each output item is paired to its input item',
		);
		const bulk = requestsTo('POST', '/api/integration/v1/sms/send/').filter(
			(r) => r.body?.message === 'E2E bulk message',
		);
		assert.deepEqual(
			bulk.map((request) => request.body.recipients),
			[
				INPUT.bulkRecipients.slice(0, 2),
				INPUT.bulkRecipients.slice(2, 4),
				INPUT.bulkRecipients.slice(4),
			],
		);
		const ids = items.map((item) => item.message_id);
		assert.equal(ids[0], ids[1]);
		assert.equal(ids[2], ids[3]);
		assert.equal(new Set(ids).size, 3, 'three requests, three message ids');
	});

	test('sms.getStatus', () => {
		const [sent] = output(OPS.send);
		const [item] = output(OPS.getStatus);
		assert.equal(item.message_id, sent.message_id);
		assert.ok(['sent', 'delivered'].includes(item.status), `status ${item.status}`);
		assert.ok('delivered_at' in item);
	});

	test('sms.getDetails', () => {
		const [sent] = output(OPS.send);
		const [item] = output(OPS.getDetails);
		assert.equal(item.id, sent.message_id);
		assert.equal(item.message, INPUT.sendMessage);
		assert.equal(item.sender_id, INPUT.senderId);
		assert.equal(typeof item.cost, 'number');
	});

	test('sms.getStats', () => {
		const [item] = output(OPS.getStats);
		for (const field of [
			'total_sent',
			'total_delivered',
			'total_failed',
			'delivery_rate',
			'total_cost',
		]) {
			assert.equal(typeof item[field], 'number', `${field} is a number`);
		}
		assert.equal(typeof item.period?.start, 'string');
		assert.equal(requestsTo('GET', '/api/messaging/sms/stats/').length, 1);
	});

	test('account.getBalance', () => {
		assert.deepEqual(output(OPS.getBalance), [{ balance: 5000, currency: 'credits' }]);
	});

	test('partnerTenant.create', async () => {
		const [item] = output(OPS.createTenant);
		assert.equal(item.tenant_name, INPUT.tenant.tenantName);
		assert.equal(item.owner_email, INPUT.tenant.ownerEmail);
		assert.equal(item.sms_balance, INPUT.tenant.initialCredits);
		assert.match(item.tenant_id, UUID);
		assert.match(item.service_account_id, UUID);
		const [request] = requestsTo('POST', '/api/integration/v1/partner/tenants/create/');
		assert.deepEqual(request.body, {
			tenant_name: INPUT.tenant.tenantName,
			owner_email: INPUT.tenant.ownerEmail,
			owner_name: INPUT.tenant.ownerName,
			contact_phone: INPUT.tenant.contactPhone,
			initial_credits: INPUT.tenant.initialCredits,
		});
	});

	test('partnerTenant.initiatePayment (package by id)', () => {
		const [tenant] = output(OPS.createTenant);
		const [item] = output(OPS.initiatePayment);
		assert.match(item.transaction_id, UUID);
		assert.equal(item.status, 'pending');
		assert.equal(item.amount, 24_000, 'the Basic package price');
		const request = requestsTo(
			'POST',
			`/api/integration/v1/partner/tenants/${tenant.tenant_id}/payments/initiate/`,
		)[0];
		assert.deepEqual(request.body, {
			package_id: INPUT.packageId,
			buyer_email: INPUT.buyer.buyerEmail,
			buyer_name: INPUT.buyer.buyerName,
			buyer_phone: INPUT.buyer.buyerPhone,
			mobile_money_provider: 'vodacom',
		});
	});

	test('partnerTenant.initiatePayment (package from the list, waitForCompletion)', () => {
		const [item] = output(OPS.initiatePaymentWait);
		assert.equal(item.status, 'completed');
		assert.equal(item.amount, 12_500, 'the Starter package price');
		assert.ok(item.timedOut !== true);
		const polls = requests.filter(
			(r) => r.path === `/api/billing/payments/transactions/${item.transaction_id}/status/`,
		);
		assert.ok(polls.length >= 1, 'polled the payment status');
	});

	test('payment.getStatus', () => {
		const [initiated] = output(OPS.initiatePayment);
		const [item] = output(OPS.paymentStatus);
		assert.equal(item.id, initiated.transaction_id);
		assert.equal(item.order_id, initiated.order_id);
		assert.ok(['pending', 'completed'].includes(item.status), `status ${item.status}`);
	});

	test('billing.getHistory (returnAll: every page, 100 a page)', async () => {
		const node = runs.operations.nodes[OPS.historyAll];
		const items = output(OPS.historyAll);
		assert.ok(items.length > 100, `the seed has 260 records, got ${items.length}`);
		const pages = requestsTo('GET', '/api/billing/history/').filter(
			(r) => r.query.type === undefined,
		);
		assert.ok(pages.length >= 3, `${pages.length} page requests`);
		assert.ok(
			pages.every((r) => r.query.page_size === '100'),
			'page_size=100 when returning all',
		);
		assertListAsReadAt(
			items,
			await apiList(env.sandboxes.ops, '/api/billing/history/'),
			node.startTime ?? 0,
			{
				label: 'billing history',
			},
		);
	});

	test('billing.getHistory (limit 2, filters.type usage)', () => {
		const items = output(OPS.historyUsage);
		assert.equal(items.length, 2);
		assert.ok(items.every((item) => item.type === 'usage'));
		assert.ok(
			requestsTo('GET', '/api/billing/history/').some((r) => r.query.type === 'usage'),
			'sent type=usage',
		);
	});

	test('smsPackage.getAll (returnAll, and limit 2)', async () => {
		const all = await api(env.sandboxes.ops, 'GET', '/api/billing/sms/packages/');
		assert.deepEqual(output(OPS.packagesAll), all.results);
		assert.deepEqual(output(OPS.packagesLimit), all.results.slice(0, 2));
	});

	test('campaign.getAnalytics', async () => {
		const expected = await api(
			env.sandboxes.ops,
			'GET',
			`/api/messaging/campaigns/${INPUT.campaignId}/analytics/`,
		);
		assert.deepEqual(output(OPS.campaign), [expected]);
	});

	test('dashboard.getMetrics (period 30d)', () => {
		const [item] = output(OPS.dashboard);
		assert.equal(item.period, '30d');
		assert.equal(typeof item.metrics?.messages_sent, 'number');
		assert.ok(Array.isArray(item.daily_breakdown) && item.daily_breakdown.length > 0);
		assert.deepEqual(requestsTo('GET', '/api/messaging/dashboard/metrics/')[0].query, {
			period: '30d',
		});
	});

	test('contact.get (Simplify, the default: the contact without its record times)', async () => {
		const contact = await api(
			env.sandboxes.ops,
			'GET',
			`/api/messaging/contacts/${INPUT.contactId}/`,
		);
		const fields = ['id', 'name', 'phone_e164', 'email', 'is_active', 'tags', 'attributes'];
		const expected = Object.fromEntries(
			[...fields, 'opt_in_at', 'opt_out_at']
				.filter((field) => field in contact)
				.map((field) => [field, contact[field]]),
		);
		for (const field of fields) assert.ok(field in expected, `the sandbox's contact has ${field}`);
		assert.deepEqual(output(OPS.contact), [expected]);
	});

	test('contact.get with an unknown id: 404 with the server’s words', () => {
		const error = nodeError(OPS.contactMissing);
		assert.equal(String(error.httpCode), '404');
		assert.match(error.message, /no contact with the ID "/, `message: ${error.message}`);
		assert.match(error.description ?? '', /Contact not found/);
		assert.match(error.description ?? '', /does not exist|id/i);
	});

	test('activity.getRecent (limit 3)', () => {
		const items = output(OPS.activity);
		assert.equal(items.length, 3);
		for (const item of items) {
			assert.match(item.id, UUID);
			assert.equal(typeof item.type, 'string');
			assert.equal(typeof item.user?.email, 'string');
		}
		assert.equal(requestsTo('GET', '/api/messaging/activity/recent/')[0].query.limit, '3');
	});

	test('organization.getAll (returnAll, and limit 1)', async () => {
		const all = await apiList(env.sandboxes.ops, '/api/tenants/');
		assert.deepEqual(output(OPS.organizations), all);
		assert.deepEqual(output(OPS.organizationsLimit), all.slice(0, 1));
	});

	test('notification.getAll (returnAll, filters.unreadOnly)', async () => {
		const node = runs.operations.nodes[OPS.notifications];
		const items = output(OPS.notifications);
		assert.ok(
			items.length > 0 && items.every((item) => item.is_read === false),
			'only unread notifications',
		);
		assert.ok(
			requestsTo('GET', '/api/notifications/').some((r) => r.query.unread_only === 'true'),
			'sent unread_only=true',
		);
		assertListAsReadAt(
			items,
			await apiList(env.sandboxes.ops, '/api/notifications/?unread_only=true'),
			node.startTime ?? 0,
			{
				label: 'unread notifications',
			},
		);
	});

	test('notification.getAll (limit 3)', () => {
		assert.equal(output(OPS.notificationsLimit).length, 3);
	});

	test('no 5xx in a fault-free run, and only the invalid key was refused', () => {
		const failed = requests.filter((r) => r.status >= 500);
		assert.deepEqual(failed, [], 'no 5xx in a fault-free run');
		const unauthorized = requests.filter((r) => r.status === 401);
		// One from the continue-on-fail node, one from the invalid-key workflow; the JWT mode never needed a re-login.
		assert.equal(unauthorized.length, 2, 'only the two invalid-key requests are refused');
	});
});

describe('examples/ in n8n', () => {
	/** @type {Awaited<ReturnType<typeof startN8n>>} */
	let server;
	/** @type {string} */
	let apiKey;
	/** What the activated trigger workflows were fed. */
	const fed = {
		/** @type {any} */ payment: undefined,
		notificationTitle: '',
		/** Executions each trigger workflow had right after its activation (the baseline). @type {Record<string, number>} */
		afterActivation: {},
	};
	/** The polling workflows, with the sandbox and path each one polls. */
	const polling = () => [
		{
			id: examples.paymentAlert.id,
			sandbox: env.sandboxes.examples,
			path: '/api/billing/history/',
		},
		{ id: IDS.triggerNotification, sandbox: env.sandboxes.ops, path: '/api/notifications/' },
		{
			id: IDS.triggerLowBalance,
			sandbox: env.sandboxes.ops,
			path: '/api/integration/v1/sms/balance/',
		},
	];

	before(
		async () => {
			const started = Date.now();
			server = await startN8n(env.n8n);
			timing('n8n start (server ready)', Date.now() - started);
			env.onCleanup(() => server.stop());
			const owner = await ensureOwner(server.url, {
				email: 'e2e@example.com',
				password: 'E2e-password-1',
				firstName: 'E2E',
				lastName: 'Owner',
			});
			apiKey = await createApiKey(owner, { label: 'e2e' });
			// All polling workflows are activated together and fed at once, so that their waits for the next poll
			// (up to a minute where n8n allows no faster polls) overlap instead of adding up. n8n polls each trigger
			// once on activation: that poll sets the baseline, and must emit nothing that existed before.
			const activating = Date.now();
			await Promise.all(polling().map(({ id }) => activateWorkflow(server.url, apiKey, id)));
			// n8n 2.41 answers the activation before its first poll is done: feed the triggers only after it.
			for (const { id, sandbox, path } of polling())
				assert.ok(await waitForPoll(sandbox, path, activating), `workflow ${id}: no first poll`);
			for (const { id } of polling())
				fed.afterActivation[id] = (
					await listExecutions(server.url, apiKey, { workflowId: id })
				).length;
			fed.payment = await completedPayment(env.sandboxes.examples);
			fed.notificationTitle = `E2E notification ${Date.now()}`;
			await admin(env.sandboxes.ops, 'POST', '/notifications', {
				title: fed.notificationTitle,
				message: 'from the e2e test',
				type: 'info',
			});
			await admin(env.sandboxes.ops, 'POST', '/balance', { balance: 42 });
		},
		{ timeout: 5 * 60_000 },
	);

	/** Execution statuses after which nothing changes. */
	const ENDED = new Set(['success', 'error', 'crashed', 'canceled']);

	/**
	 * @param {string} workflowId
	 * @param {(execution: any) => boolean} [predicate]
	 * @param {{ timeoutMs?: number }} [options]
	 */
	async function waitForExecution(workflowId, predicate = () => true, { timeoutMs = 60_000 } = {}) {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			const executions = await listExecutions(server.url, apiKey, {
				workflowId,
				includeData: true,
			});
			// Only an execution that has ended: n8n stores one (with the trigger's output) before it runs, as "new", and
			// a CI run on n8n 1.123 found the alert's execution in that state.
			const match = executions.find(
				(execution) => ENDED.has(execution.status) && predicate(execution),
			);
			if (match) return match;
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
		return undefined;
	}

	test(`${EXAMPLE_FILES.onboarding}: tenant created, package paid (waited for), welcome SMS sent for the tenant`, async () => {
		const run = runs.onboarding;
		assert.equal(run.status, 'success', `run status ${run.status}: ${run.error?.message}`);
		const [tenant] = output('Create tenant', run);
		const [payment] = output('Buy the Basic package', run);
		const [welcome] = output('Send welcome SMS', run);
		assert.equal(payment.status, 'completed');
		assert.match(welcome.message_id, UUID);
		const messages = await admin(env.sandboxes.examples, 'GET', '/messages');
		const sent = messages.find((/** @type {any} */ message) => message.id === welcome.message_id);
		assert.ok(sent, 'the welcome SMS is in the sandbox');
		assert.equal(sent.tenant_account_id, tenant.service_account_id);
		const tenants = await admin(env.sandboxes.examples, 'GET', '/tenants');
		const stored = tenants.find((/** @type {any} */ entry) => entry.tenant_id === tenant.tenant_id);
		assert.ok(
			stored.sms_balance >= 1000,
			`the package's credits were added (balance ${stored.sms_balance})`,
		);
	});

	test(`${EXAMPLE_FILES.sendAndStatus}: sends, waits (resumed by the n8n server), reads the delivery status`, async () => {
		const run = runs.sendAndStatus;
		const [sent] = output('Send SMS', run);
		assert.match(sent.message_id, UUID);
		// The Wait node parks the execution; `n8n execute` ends there and the server resumes it.
		assert.ok(
			['waiting', 'success'].includes(run.status),
			`status ${run.status}: ${run.error?.message}`,
		);
		let nodes = run.nodes;
		if (run.status === 'waiting') {
			const execution = await waitForExecution(
				examples.sendAndStatus.id,
				(e) => e.status === 'success' || e.status === 'error',
			);
			assert.ok(execution, 'the server resumed and finished the waiting execution');
			assert.equal(execution.status, 'success');
			nodes = summarizeRun({ data: execution.data });
		}
		const status = nodes['Get delivery status'];
		assert.ok(status, 'Get delivery status ran');
		assert.equal(status.error, undefined, `Get delivery status failed: ${status.error?.message}`);
		assert.equal(status.items[0].message_id, sent.message_id);
		assert.equal(status.items[0].status, 'delivered');
	});

	test('activation: each polling workflow is active and its first poll emitted nothing that existed before', () => {
		// The examples sandbox already holds the onboarding example's completed payment, the ops sandbox many
		// notifications, and its balance was above the threshold: none of it may start an execution.
		for (const { id } of polling()) assert.equal(fed.afterActivation[id], 0, `workflow ${id}`);
	});

	test(`${EXAMPLE_FILES.paymentAlert}: a completed payment triggers an SMS to the ops number`, async () => {
		const transactionId = fed.payment.transaction_id;
		const execution = await waitForExecution(
			examples.paymentAlert.id,
			(e) => JSON.stringify(e.data ?? {}).includes(transactionId),
			{ timeoutMs: POLL_WAIT_MS },
		);
		assert.ok(
			execution,
			`no alert execution for transaction ${transactionId} in ${POLL_WAIT_MS} ms`,
		);
		assert.equal(execution.status, 'success');
		const messages = await admin(env.sandboxes.examples, 'GET', '/messages');
		const alert = messages.find(
			(/** @type {any} */ message) =>
				message.recipients.includes('+255700000100') && message.message.includes(transactionId),
		);
		assert.ok(alert, `no alert SMS mentioning transaction ${transactionId} reached the sandbox`);
		assert.match(alert.message, /Payment completed: 24000 TZS/);
		assert.equal(alert.sender_id, 'N8NOPS');
	});

	test('SMS Platform Trigger: newNotification fires for a new notification', async () => {
		const title = fed.notificationTitle;
		const execution = await waitForExecution(
			IDS.triggerNotification,
			(e) => JSON.stringify(e.data ?? {}).includes(title),
			{ timeoutMs: POLL_WAIT_MS },
		);
		assert.ok(execution, `no execution with the notification "${title}" in ${POLL_WAIT_MS} ms`);
		const items = summarizeRun({ data: execution.data }).Trigger.items;
		assert.deepEqual(
			items.map((item) => item.title),
			[title],
		);
	});

	test('SMS Platform Trigger: lowBalance fires when the balance drops below the threshold', async () => {
		const execution = await waitForExecution(IDS.triggerLowBalance, () => true, {
			timeoutMs: POLL_WAIT_MS,
		});
		assert.ok(execution, `no low-balance execution in ${POLL_WAIT_MS} ms`);
		const [item] = summarizeRun({ data: execution.data }).Trigger.items;
		assert.equal(item.balance, 42);
		assert.ok(LOW_BALANCE_THRESHOLD > 42);
	});

	test('each event fired exactly once: a later poll emits nothing again', async () => {
		// Wait, for every trigger at once, until the sandbox has seen a poll after its event's execution ended.
		await Promise.all(
			polling().map(async ({ id, sandbox, path }) => {
				const [execution] = await listExecutions(server.url, apiKey, { workflowId: id });
				assert.ok(execution, `workflow ${id} has no execution`);
				const ended = Date.parse(execution.stoppedAt ?? execution.startedAt);
				assert.ok(
					await waitForPoll(sandbox, path, ended + 1000),
					`workflow ${id} did not poll again within ${POLL_WAIT_MS} ms`,
				);
				const executions = await listExecutions(server.url, apiKey, { workflowId: id });
				assert.equal(executions.length, 1, `workflow ${id}: ${executions.length} executions`);
			}),
		);
	});

	test('the workflows are listed by the public API with the package’s node types', async () => {
		const workflow = await publicApi(
			server.url,
			apiKey,
			'GET',
			`/workflows/${examples.paymentAlert.id}`,
		);
		assert.ok(
			workflow.nodes.some(
				(/** @type {any} */ node) => node.type === 'n8n-nodes-sms-platform.smsPlatformTrigger',
			),
		);
		assert.equal(workflow.active, true);
	});
});
