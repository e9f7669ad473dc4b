// End-to-end against servers as they really answer: the packed package in a real n8n, talking to the
// sandbox's `wild` profile (sandbox/wild.mjs). The documented profile is covered by e2e/n8n.test.mjs; the credential
// test here runs against both profiles.
//
// A user of a real server needs two credentials: an API key for the integration endpoints (send, status, balance,
// partner) and an e-mail/password login (JWT) for the messaging, billing, tenant and notification endpoints. The
// workflow below sets every operation up that way, plus nodes that use the wrong kind of credential, a wrong
// password, a Base URL without the API, and ids that do not exist, and asserts what the user sees.
//
// Covers, per item of "What servers in the wild do":
//  1 auth per endpoint group: "wrong kind of credential" nodes, and each operation with its right credential;
//  2 login shape and wrong password: every JWT node (login), the wrong-password node, the credential test;
//  3 envelopes, offsets, string amounts: campaign analytics, payment status, balance, packages, send;
//  4 grouped billing history: billing.getHistory (all / limit + type) and the Payment Completed trigger;
//  5 notifications: notification.getAll (unread only) and the New Notification trigger (unread only);
//  6 not found: contact.get / payment.getStatus with missing ids, the Base URL without the API;
//  7 no rate-limit headers: the whole run (the sandbox sends none) and the slow payment status.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';

import { startN8n } from '../scripts/n8n/process.mjs';
import {
	activateWorkflow,
	createApiKey,
	ensureOwner,
	listExecutions,
} from '../scripts/n8n/rest.mjs';
import { allowsSubMinutePolls, ensureN8n } from '../scripts/n8n-runtime.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import {
	SANDBOX_API_KEY,
	SANDBOX_EMAIL,
	SANDBOX_PASSWORD,
	SEED_IDS,
	startSandbox,
} from '../sandbox/server.mjs';
import { admin, CREDENTIALS, INVALID_API_KEY, setupE2E } from './harness.mjs';
import { chain, node, POLL_TIMES, smsNode, TRIGGER_TYPE } from './workflows.mjs';

let credentialCount = 0;

const FAST_POLLS = allowsSubMinutePolls(await ensureN8n());
const OLD_TESTER = Number(N8N_VERSION.split('.')[0]) < 2;
const POLL = FAST_POLLS ? POLL_TIMES.fast : POLL_TIMES.everyMinute;
const POLL_WAIT_MS = FAST_POLLS ? 30_000 : 150_000;

/** Credentials beside the harness's (which point at the wild ops sandbox: bearer, header, jwt, invalid key). */
const EXTRA = {
	wrongPassword: { id: 'e2eWildWrongPassword', name: 'E2E wild: wrong password' },
	noApi: { id: 'e2eWildNoApi', name: 'E2E wild: Base URL without the API' },
	wrongBearer: { id: 'e2eWildWrongBearer', name: 'E2E wild: wrong key (Bearer)' },
	wrongHeader: { id: 'e2eWildWrongHeader', name: 'E2E wild: wrong key (X-API-Key)' },
};

const WORKFLOW_ID = 'e2eWildOperations';
const TRIGGER_IDS = {
	payment: 'e2eWildTriggerPayment',
	notification: 'e2eWildTriggerNotify',
	lowBalance: 'e2eWildTriggerLowBalance',
};
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const LOW_BALANCE_THRESHOLD = 1000;

/** Node names of the wild operations workflow. */
const N = {
	balance: 'account.getBalance (key)',
	balanceHeader: 'account.getBalance (X-API-Key)',
	send: 'sms.send (key)',
	status: 'sms.getStatus (X-API-Key)',
	tenant: 'partnerTenant.create (key)',
	payment: 'partnerTenant.initiatePayment (key)',
	paymentStatus: 'payment.getStatus (JWT)',
	details: 'sms.getDetails (JWT)',
	stats: 'sms.getStats (JWT)',
	historyAll: 'billing.getHistory (JWT, all)',
	historyUsage: 'billing.getHistory (JWT, limit 2, usage)',
	packages: 'smsPackage.getAll (JWT)',
	campaign: 'campaign.getAnalytics (JWT)',
	dashboard: 'dashboard.getMetrics (JWT)',
	contact: 'contact.get (JWT)',
	activity: 'activity.getRecent (JWT)',
	organizations: 'organization.getAll (JWT)',
	notifications: 'notification.getAll (JWT, unread only)',
	// What must fail, and how.
	balanceJwt: 'account.getBalance (JWT: wrong kind)',
	historyKey: 'billing.getHistory (key: wrong kind)',
	historyHeader: 'billing.getHistory (X-API-Key: wrong kind)',
	balanceWrongBearer: 'account.getBalance (wrong key, Bearer)',
	balanceWrongHeader: 'account.getBalance (wrong key, X-API-Key)',
	balanceWrongPassword: 'account.getBalance (wrong password)',
	balanceNoApi: 'account.getBalance (Base URL without the API)',
	contactMissing: 'contact.get (JWT, missing id)',
	paymentMissing: 'payment.getStatus (JWT, missing id)',
	end: 'End',
};

/**
 * An SMS Platform node of the chain, with the credential its endpoint group takes.
 * @param {string} name
 * @param {Record<string, unknown>} parameters
 * @param {{ id: string, name: string }} credential
 */
const sms = (name, parameters, credential) => smsNode(name, parameters, { credential });

function operationsWorkflow() {
	const key = CREDENTIALS.bearer;
	const header = CREDENTIALS.header;
	const jwt = CREDENTIALS.jwt;
	return chain(WORKFLOW_ID, 'E2E wild: every operation', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		sms(N.balance, { resource: 'account', operation: 'getBalance' }, key),
		sms(N.balanceHeader, { resource: 'account', operation: 'getBalance' }, header),
		sms(
			N.send,
			{
				resource: 'sms',
				operation: 'send',
				recipients: '+255712345678',
				message: 'E2E wild hello',
				senderId: 'E2EWILD',
			},
			key,
		),
		sms(
			N.status,
			{
				resource: 'sms',
				operation: 'getStatus',
				messageId: `={{ $('${N.send}').item.json.message_id }}`,
			},
			header,
		),
		sms(
			N.tenant,
			{
				resource: 'partnerTenant',
				operation: 'create',
				tenantName: 'E2E Wild Ltd',
				ownerEmail: 'owner@e2e-wild.example',
				ownerName: 'Wild Owner',
				contactPhone: '+255712777000',
				initialCredits: 10,
			},
			key,
		),
		sms(
			N.payment,
			{
				resource: 'partnerTenant',
				operation: 'initiatePayment',
				tenantId: `={{ $('${N.tenant}').item.json.tenant_id }}`,
				packageId: { __rl: true, mode: 'id', value: SEED_IDS.packages.basic },
				buyerEmail: 'buyer@e2e-wild.example',
				buyerName: 'Wild Buyer',
				buyerPhone: '0712777000',
				mobileMoneyProvider: 'airtel',
				options: {},
			},
			key,
		),
		sms(
			N.paymentStatus,
			{
				resource: 'payment',
				operation: 'getStatus',
				transactionId: `={{ $('${N.payment}').item.json.transaction_id }}`,
			},
			jwt,
		),
		sms(
			N.details,
			{
				resource: 'sms',
				operation: 'getDetails',
				messageId: `={{ $('${N.send}').item.json.message_id }}`,
			},
			jwt,
		),
		sms(N.stats, { resource: 'sms', operation: 'getStats' }, jwt),
		sms(
			N.historyAll,
			{ resource: 'billing', operation: 'getHistory', returnAll: true, filters: {} },
			jwt,
		),
		sms(
			N.historyUsage,
			{
				resource: 'billing',
				operation: 'getHistory',
				returnAll: false,
				limit: 2,
				filters: { type: 'usage' },
			},
			jwt,
		),
		sms(N.packages, { resource: 'smsPackage', operation: 'getAll', returnAll: true }, jwt),
		sms(
			N.campaign,
			// Simplify off: the timestamps are checked as the server sent them.
			{
				resource: 'campaign',
				operation: 'getAnalytics',
				campaignId: SEED_IDS.campaign,
				simple: false,
			},
			jwt,
		),
		sms(N.dashboard, { resource: 'dashboard', operation: 'getMetrics', period: '7d' }, jwt),
		sms(
			N.contact,
			{ resource: 'contact', operation: 'get', contactId: SEED_IDS.firstContact },
			jwt,
		),
		sms(N.activity, { resource: 'activity', operation: 'getRecent', limit: 5 }, jwt),
		sms(N.organizations, { resource: 'organization', operation: 'getAll', returnAll: true }, jwt),
		sms(
			N.notifications,
			{
				resource: 'notification',
				operation: 'getAll',
				returnAll: true,
				filters: { unreadOnly: true },
			},
			jwt,
		),
		sms(N.balanceJwt, { resource: 'account', operation: 'getBalance' }, jwt),
		sms(
			N.historyKey,
			{ resource: 'billing', operation: 'getHistory', returnAll: false, limit: 5, filters: {} },
			key,
		),
		sms(
			N.historyHeader,
			{ resource: 'billing', operation: 'getHistory', returnAll: false, limit: 5, filters: {} },
			CREDENTIALS.header,
		),
		sms(N.balanceWrongBearer, { resource: 'account', operation: 'getBalance' }, EXTRA.wrongBearer),
		sms(N.balanceWrongHeader, { resource: 'account', operation: 'getBalance' }, EXTRA.wrongHeader),
		sms(
			N.balanceWrongPassword,
			{ resource: 'account', operation: 'getBalance' },
			EXTRA.wrongPassword,
		),
		sms(N.balanceNoApi, { resource: 'account', operation: 'getBalance' }, EXTRA.noApi),
		sms(N.contactMissing, { resource: 'contact', operation: 'get', contactId: MISSING_ID }, jwt),
		sms(
			N.paymentMissing,
			{ resource: 'payment', operation: 'getStatus', transactionId: MISSING_ID },
			jwt,
		),
		node(N.end, 'n8n-nodes-base.noOp', {}),
	]);
}

/**
 * @param {string} id
 * @param {string} name
 * @param {Record<string, unknown>} parameters
 * @param {{ id: string, name: string }} credential
 */
function triggerWorkflow(id, name, parameters, credential) {
	const trigger = node(
		'Trigger',
		TRIGGER_TYPE,
		{ ...parameters, pollTimes: POLL },
		{
			credentials: { smsPlatformApi: { id: credential.id, name: credential.name } },
		},
	);
	return chain(id, name, [trigger, node('Received', 'n8n-nodes-base.noOp', {})]);
}

function triggerWorkflows() {
	return [
		triggerWorkflow(
			TRIGGER_IDS.payment,
			'E2E wild trigger: payment completed',
			{ event: 'paymentCompleted', options: {} },
			CREDENTIALS.jwt,
		),
		triggerWorkflow(
			TRIGGER_IDS.notification,
			'E2E wild trigger: new notification (unread only)',
			{ event: 'newNotification', options: { unreadOnly: true } },
			CREDENTIALS.jwt,
		),
		triggerWorkflow(
			TRIGGER_IDS.lowBalance,
			'E2E wild trigger: low balance',
			{ event: 'lowBalance', threshold: LOW_BALANCE_THRESHOLD, options: {} },
			CREDENTIALS.bearer,
		),
	];
}

/** @type {Awaited<ReturnType<typeof setupE2E>>} */
let env;
/** @type {Awaited<ReturnType<Awaited<ReturnType<typeof setupE2E>>['execute']>>} */
let run;
/** The wild sandbox's request log after the run. @type {any[]} */
let requests = [];

before(
	async () => {
		env = await setupE2E({
			profile: 'wild',
			workflows: [operationsWorkflow(), ...triggerWorkflows()],
			extraCredentials: (sandboxes) => [
				{
					...EXTRA.wrongPassword,
					type: 'smsPlatformApi',
					data: {
						baseUrl: sandboxes.ops.url,
						authMethod: 'jwt',
						email: SANDBOX_EMAIL,
						password: 'not-the-password',
					},
				},
				...['apiKeyBearer', 'apiKeyHeader'].map((authMethod) => ({
					...(authMethod === 'apiKeyBearer' ? EXTRA.wrongBearer : EXTRA.wrongHeader),
					type: 'smsPlatformApi',
					// The examples sandbox: these refusals stay out of the ops sandbox's request counts.
					data: { baseUrl: sandboxes.examples.url, authMethod, apiKey: 'sk_wild_not_a_key' },
				})),
				{
					...EXTRA.noApi,
					type: 'smsPlatformApi',
					data: {
						baseUrl: `${sandboxes.ops.url}/v9`,
						authMethod: 'apiKeyBearer',
						apiKey: SANDBOX_API_KEY,
					},
				},
			],
		});
		// Real servers take their time over the payment status: slower than the sandbox's usual answer, well within
		// the node's timeout.
		await admin(env.sandboxes.ops, 'POST', '/config', { paymentStatusDelayMs: 1500 });
		run = await env.execute(WORKFLOW_ID);
		requests = await admin(env.sandboxes.ops, 'GET', '/requests?limit=2000');
	},
	{ timeout: 10 * 60_000 },
);

after(async () => {
	await env?.cleanup();
});

/** @param {string} name */
function ok(name) {
	const result = run.nodes[name];
	assert.ok(result, `node "${name}" ran (${run.error?.message ?? 'not in the run data'})`);
	assert.ok(
		!result.error,
		`node "${name}" failed: ${result.error?.message} — ${result.error?.description ?? ''}`,
	);
	return result.items;
}

/** @param {string} name */
function failure(name) {
	const result = run.nodes[name];
	assert.ok(result, `node "${name}" ran`);
	assert.ok(
		result.error,
		`node "${name}" should have failed, gave ${JSON.stringify(result.items).slice(0, 300)}`,
	);
	return { text: `${result.error.message} ${result.error.description ?? ''}`, error: result.error };
}

/**
 * @param {string} method
 * @param {RegExp} path
 */
function requestsTo(method, path) {
	return requests.filter((r) => r.method === method && path.test(r.path));
}

const UUID = /^[0-9a-f-]{36}$/;

describe('every operation against a server as it really answers (wild profile)', () => {
	test('API-key endpoints with an API key: balance (both headers), send, status, tenant, payment', () => {
		const [balance] = ok(N.balance);
		assert.equal(typeof balance.balance, 'number');
		assert.equal(balance.currency, 'credits');
		assert.deepEqual(ok(N.balanceHeader)[0], balance);
		const [sent] = ok(N.send);
		assert.match(sent.message_id, UUID);
		const [status] = ok(N.status);
		assert.equal(status.message_id, sent.message_id);
		const [tenant] = ok(N.tenant);
		assert.match(tenant.tenant_id, UUID);
		const [payment] = ok(N.payment);
		assert.match(payment.transaction_id, UUID);
		assert.equal(payment.status, 'pending');
		assert.equal(typeof payment.amount, 'number', 'the amount "24000.00" is read as a number');
	});

	test('JWT endpoints with the login: each answer is the resource, not its envelope', () => {
		const [transaction] = ok(N.paymentStatus);
		assert.equal(transaction.id, ok(N.payment)[0].transaction_id);
		assert.equal(typeof transaction.status, 'string');
		assert.equal(
			transaction.success,
			undefined,
			'the {success, timestamp, data, message} envelope is unwrapped',
		);
		const [details] = ok(N.details);
		assert.equal(details.id, ok(N.send)[0].message_id);
		assert.equal(typeof ok(N.stats)[0].total_sent, 'number');
		const [campaign] = ok(N.campaign);
		assert.equal(
			campaign.campaign_id,
			SEED_IDS.campaign,
			'the {success, analytics} envelope is unwrapped',
		);
		assert.match(
			campaign.started_at,
			/\.\d{6}(Z|[+-]\d\d:\d\d)$/,
			'the server’s timestamp is kept as sent',
		);
		assert.ok(ok(N.dashboard)[0].total_messages, 'dashboard metrics');
		assert.equal(ok(N.contact)[0].id, SEED_IDS.firstContact);
		assert.ok(ok(N.activity).length > 0, 'recent activity');
		assert.ok(ok(N.organizations).length > 0, 'organizations');
		const packages = ok(N.packages);
		assert.equal(packages.length, 5);
		assert.equal(typeof packages[0].price, 'number');
	});

	test('with the login, the payment status comes from the route that answers at once, not the slow one (issue 28)', () => {
		const slow = requestsTo(
			'GET',
			/\/api\/billing\/payments\/transactions\/[^/]+\/status\/$/,
		).filter((r) => !r.path.includes(MISSING_ID));
		assert.equal(slow.length, 0);
		const polls = requestsTo(
			'GET',
			/\/api\/billing\/payments\/transactions\/[^/]+\/progress\/$/,
		).filter((r) => !r.path.includes(MISSING_ID));
		assert.equal(polls.length, 1);
		assert.ok(polls[0].durationMs < 1400, `answered after ${polls[0].durationMs} ms`);
	});

	test('billing history: the grouped answer read as records, each with its type, newest first', () => {
		// With the login, every record but usage comes from the login's route (issue 28); usage from the documented one.
		const all = ok(N.historyAll);
		const billing = env.sandboxes.ops.state.billing.all;
		assert.equal(
			all.length,
			billing.slice(0, billing.length).filter((/** @type {any} */ r) => r.type !== 'usage').length,
			'every purchase and payment',
		);
		assert.equal(
			requestsTo('GET', /^\/api\/billing\/history\/$/).filter((r) => r.status === 200).length,
			1,
			'the usage records, from one answer',
		);
		// The login's Return All: every page answered. The two API-key nodes of this run (historyKey, historyHeader)
		// are refused on the documented route and try this route once each (a 401 before processing), as the route
		// families allow, before their error says which credential the route takes.
		const comprehensive = requestsTo('GET', /^\/api\/billing\/history\/comprehensive\/$/);
		assert.equal(comprehensive.filter((r) => r.status === 200).length, 2, 'the login read 2 pages');
		assert.deepEqual(
			comprehensive.filter((r) => r.status !== 200).map((r) => [r.status, r.query?.page_size]),
			[
				[401, '5'],
				[401, '5'],
			],
			'the two API-key nodes, one try each',
		);
		assert.ok(all.every((record) => ['purchase', 'payment'].includes(record.type)));
		assert.ok(
			all.some(
				(record) =>
					record.type === 'payment' && record.transaction_id === ok(N.payment)[0].transaction_id,
			),
		);
		const times = all.map((record) => Date.parse(record.created_at));
		assert.deepEqual(
			times,
			[...times].sort((a, b) => b - a),
			'newest first',
		);
		const usage = ok(N.historyUsage);
		assert.equal(usage.length, 2, 'the limit applied in the node');
		assert.ok(
			usage.every((record) => record.type === 'usage'),
			'the type filter applied in the node',
		);
		assert.ok(usage.every((record) => typeof record.amount === 'number' && record.amount < 0));
	});

	test('Unread Only returns only unread notifications, read by their status / is_unread / read_at', () => {
		const items = ok(N.notifications);
		assert.ok(items.length > 0);
		for (const item of items) {
			assert.equal(item.status, 'unread');
			assert.equal(item.is_unread, true);
			assert.equal(item.read_at, null);
		}
		assert.ok('notification_type' in items[0], 'the server’s fields pass through');
	});

	test('a login on Get Balance: the balance route of the login answers, the API-key route is not asked (issue 28)', () => {
		const [balance] = ok(N.balanceJwt);
		assert.equal(typeof balance.balance, 'number');
		assert.equal(balance.currency, 'credits');
		const refused = requestsTo('GET', /^\/api\/integration\/v1\/sms\/balance\/$/).filter(
			(r) => r.status === 401,
		);
		assert.equal(refused.length, 0);
		// Once by Get Balance, and once by each Payment → Get Status with the login (paymentStatus, paymentMissing): a
		// run that has not learnt the server's routes asks this route first there, since the payment's other route may
		// keep it waiting 60 s (issue 51, transport/familyLearning.ts).
		assert.equal(requestsTo('GET', /^\/api\/billing\/sms\/balance\/$/).length, 3);
	});

	test('an API key on a JWT-only endpoint: the error says so, not that the key is wrong', () => {
		const { text } = failure(N.historyKey);
		assert.match(text, /does not accept/i);
		assert.match(text, /e-?mail|JWT|login/i);
		const refused = requestsTo('GET', /^\/api\/billing\/history\/$/).filter(
			(r) => r.status === 401,
		);
		assert.ok(refused.length <= 2, `${refused.length} refused billing requests`);
	});

	test('an X-API-Key on a JWT-only endpoint: the same truth, and the setting to try', () => {
		const { text } = failure(N.historyHeader);
		assert.match(text, /This endpoint does not accept an API key/);
		assert.match(text, /'Email and Password'/);
	});

	test('a wrong key sent as Bearer: its mode named, and the X-API-Key header to try next', () => {
		const { error, text } = failure(N.balanceWrongBearer);
		assert.match(error.message, /^The service did not accept the credential \[item 0\]$/);
		assert.match(text, /sent as 'Authorization: Bearer', was not accepted/);
		assert.match(text, /set 'Authentication' to 'API Key \(X-API-Key Header\)'/);
		assert.doesNotMatch(text, /password (is|was) (wrong|refused)/i);
	});

	test('a wrong key sent as X-API-Key: its mode named, and the Bearer header to try next', () => {
		const { text } = failure(N.balanceWrongHeader);
		assert.match(text, /sent as 'X-API-Key', was not accepted/);
		assert.match(text, /set 'Authentication' to 'API Key \(Authorization: Bearer\)'/);
		assert.doesNotMatch(text, /password (is|was) (wrong|refused)/i);
	});

	test('Dashboard → Get Metrics: a period the server ignored is reported, not passed off as asked', () => {
		const [metrics] = ok(N.dashboard);
		assert.equal(metrics.periodIgnored, true);
		assert.equal(metrics.requestedPeriod, '7d');
		assert.notEqual(metrics.period, '7d');
	});

	test('a wrong password: the service’s own words', () => {
		const { text } = failure(N.balanceWrongPassword);
		assert.match(text, /Invalid credentials\./);
	});

	test('a Base URL without the API: "this service has no endpoint for this operation", not "the id does not exist"', () => {
		const { text } = failure(N.balanceNoApi);
		// Get Balance has a route in each family, and neither is below that Base URL: both are named (issue 41).
		assert.match(
			text,
			/has no endpoint for this operation: it has neither GET \/api\/integration\/v1\/sms\/balance\/ nor GET \/api\/billing\/sms\/balance\//,
		);
		assert.match(text, /Base URL/);
		assert.doesNotMatch(text, /id does not exist/i);
	});

	test('an id that does not exist (DRF 404): said so', () => {
		const { text } = failure(N.contactMissing);
		assert.match(text, /Not found\./);
		assert.match(text, /does not exist|not found/i);
		assert.doesNotMatch(text, /no such endpoint/i);
	});

	test('"No PaymentTransaction matches the given query." (500): a not-found, said so, not retried', () => {
		const { text } = failure(N.paymentMissing);
		assert.match(text, /No PaymentTransaction matches the given query\./);
		assert.match(text, /does not exist|not found/i);
		assert.doesNotMatch(
			text,
			/retried without success|try again later/i,
			'not the advice for a 5xx',
		);
		assert.equal(
			requestsTo('GET', new RegExp(`/transactions/${MISSING_ID}/(status|progress)/$`)).length,
			1,
			'asked once',
		);
	});

	test('the server sent no rate-limit headers and the run made no request it did not need', () => {
		assert.equal(requests.filter((r) => r.status === 429).length, 0);
		assert.equal(requests.filter((r) => r.status >= 500 && !r.path.includes(MISSING_ID)).length, 0);
	});
});

describe('credential test in each mode, against both profiles', () => {
	/** @type {Awaited<ReturnType<typeof startN8n>>} */
	let server;
	/** @type {Awaited<ReturnType<typeof ensureOwner>>} */
	let owner;
	/** @type {Awaited<ReturnType<typeof startSandbox>>} */
	let documented;
	/** @type {string} */
	let apiKey;
	/** What the activated trigger workflows were fed. */
	const fed = /** @type {{ payment: any, title: string, activatedAt: number, fedAt: string }} */ ({
		payment: undefined,
		title: '',
		activatedAt: 0,
	});
	/** When the payment was completed (after the restart), and n8n restarted, for the exactly-once check. */
	const completion = { atMs: 0, restarted: false };

	before(
		async () => {
			documented = await startSandbox({ port: 0, quiet: true });
			server = await startN8n(env.n8n);
			env.onCleanup(() => server.stop());
			env.onCleanup(() => documented.close());
			owner = await ensureOwner(server.url, {
				email: 'e2e-wild@example.com',
				password: 'E2e-password-1',
				firstName: 'E2E',
				lastName: 'Owner',
			});
			apiKey = await createApiKey(owner, { label: 'e2e wild' });
		},
		{ timeout: 5 * 60_000 },
	);

	/**
	 * Creates a credential through the editor's API and runs its connection test, as the credential modal does.
	 * @param {Record<string, unknown>} data
	 */
	async function credentialTest(data) {
		const created = await owner.requestOk('POST', '/rest/credentials', {
			name: `E2E credential test ${++credentialCount}`,
			type: 'smsPlatformApi',
			data,
		});
		return await owner.requestOk('POST', '/rest/credentials/test', {
			credentials: { id: created.id, name: created.name, type: 'smsPlatformApi', data },
		});
	}

	for (const profile of /** @type {const} */ (['wild', 'documented'])) {
		const url = () => (profile === 'wild' ? env.sandboxes.ops.url : documented.url);
		test(`${profile}: each mode with a correct credential says it works`, async () => {
			for (const data of [
				{ baseUrl: url(), authMethod: 'apiKeyBearer', apiKey: SANDBOX_API_KEY },
				{ baseUrl: url(), authMethod: 'apiKeyHeader', apiKey: SANDBOX_API_KEY },
				{ baseUrl: url(), authMethod: 'jwt', email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
			]) {
				const result = await credentialTest(data);
				assert.equal(result.status, 'OK', `${data.authMethod}: ${result.message}`);
			}
		});

		test(`${profile}: a wrong password or key says why, in the service's words where it gave any`, async () => {
			const login = await credentialTest({
				baseUrl: url(),
				authMethod: 'jwt',
				email: SANDBOX_EMAIL,
				password: 'not-the-password',
			});
			assert.equal(login.status, 'Error');
			assert.match(
				login.message,
				profile === 'wild' ? /Invalid credentials\./ : /Invalid email or password/,
			);
			const key = await credentialTest({
				baseUrl: url(),
				authMethod: 'apiKeyBearer',
				apiKey: INVALID_API_KEY,
			});
			assert.equal(key.status, 'Error');
			// n8n 1.x's credential tester answers a 401 of the test request with its own "Authorization failed - please
			// check your credentials": the credential's responseCode rules, which say more, take effect from 2.x on.
			assert.match(key.message, OLD_TESTER ? /key|Authorization failed/i : /key/i);
		});
	}

	test('wild: the JWT credential test proves the login and a JWT endpoint, not the balance', async () => {
		await admin(env.sandboxes.ops, 'DELETE', '/requests');
		const result = await credentialTest({
			baseUrl: env.sandboxes.ops.url,
			authMethod: 'jwt',
			email: SANDBOX_EMAIL,
			password: SANDBOX_PASSWORD,
		});
		assert.equal(result.status, 'OK');
		const log = await admin(env.sandboxes.ops, 'GET', '/requests');
		const paths = log.map((/** @type {any} */ r) => r.path);
		assert.ok(paths.includes('/api/auth/login/'), `logged in: ${paths.join(', ')}`);
		assert.ok(!paths.includes('/api/integration/v1/sms/balance/'), 'the balance takes no JWT');
		assert.ok(
			log.some((/** @type {any} */ r) => r.path !== '/api/auth/login/' && r.status === 200),
			'a JWT endpoint accepted the token',
		);
	});

	test("a Base URL that answers with a web page fails the credential test (its answer's shape, not only its status)", async () => {
		// A website at the Base URL: 200 and HTML for every path, as a company's home page or a proxy's start page.
		const page = createServer((_request, response) => {
			response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
			response.end(
				'<!doctype html><html><head><title>Welcome</title></head><body>Hello</body></html>',
			);
		});
		await new Promise((resolve) => page.listen(0, '127.0.0.1', () => resolve(undefined)));
		try {
			const address = /** @type {import('node:net').AddressInfo} */ (page.address());
			const result = await credentialTest({
				baseUrl: `http://127.0.0.1:${address.port}`,
				authMethod: 'apiKeyBearer',
				apiKey: SANDBOX_API_KEY,
			});
			assert.equal(result.status, 'Error', result.message);
			assert.match(
				result.message,
				/answered with a web page, not with the SMS Platform service's data/,
			);
		} finally {
			page.close();
		}
	});

	describe('each trigger event against the wild profile', () => {
		/** What the three triggers poll: payment transactions, notifications, the balance. */
		const POLLED_PATHS = [
			'/api/billing/payments/transactions/',
			'/api/notifications/',
			'/api/integration/v1/sms/balance/',
		];

		before(
			async () => {
				// The partner's main case (issue 23): the payment is initiated, and pending, before the trigger starts
				// watching; the buyer confirms later. Its record keeps its creation time from before the cursor.
				// The sandbox completes a payment by itself after a delay: not this one, until the test completes it.
				await admin(env.sandboxes.ops, 'POST', '/config', { paymentDelayMs: 30 * 60_000 });
				fed.payment = await initiatedPayment();
				fed.activatedAt = Date.now();
				for (const id of Object.values(TRIGGER_IDS)) await activateWorkflow(server.url, apiKey, id);
				// n8n polls each trigger once on activation (the baseline); feed them only after that poll.
				for (const path of POLLED_PATHS)
					assert.ok(await waitForPoll(path, fed.activatedAt), `no first poll of ${path}`);
				await admin(env.sandboxes.ops, 'POST', '/balance', { balance: 5000 });
				// n8n restarts before the buyer confirms: the trigger's state must carry the watched payment across.
				await server.stop();
				const restartedAt = Date.now();
				server = await startN8n(env.n8n);
				completion.restarted = true;
				// n8n polls each trigger again as it activates them after the restart: the events are fed after those polls,
				// so each trigger meets them in a later poll, whatever order n8n activates them in.
				for (const path of POLLED_PATHS)
					assert.ok(await waitForPoll(path, restartedAt), `no poll of ${path} after the restart`);
				await admin(env.sandboxes.ops, 'POST', `/payments/${fed.payment.transaction_id}/complete`);
				completion.atMs = Date.now();
				fed.title = `E2E wild notification ${Date.now()}`;
				fed.fedAt = new Date().toISOString();
				await admin(env.sandboxes.ops, 'POST', '/notifications', {
					title: fed.title,
					message: 'from the e2e test',
					type: 'info',
				});
				await admin(env.sandboxes.ops, 'POST', '/balance', { balance: 42 });
			},
			{ timeout: 5 * 60_000 },
		);

		/**
		 * @param {string} path
		 * @param {number} afterMs
		 */
		async function waitForPoll(path, afterMs) {
			const deadline = Date.now() + POLL_WAIT_MS;
			while (Date.now() < deadline) {
				const log = await admin(env.sandboxes.ops, 'GET', '/requests?limit=500');
				if (
					log.some(
						(/** @type {any} */ r) =>
							r.method === 'GET' && r.path === path && Date.parse(r.time) >= afterMs,
					)
				)
					return true;
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
			return false;
		}

		/** A new tenant's payment, initiated (pending) and not completed. */
		async function initiatedPayment() {
			const call = async (/** @type {string} */ path, /** @type {unknown} */ body) => {
				const response = await fetch(`${env.sandboxes.ops.url}${path}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'x-api-key': SANDBOX_API_KEY },
					body: JSON.stringify(body),
				});
				return (await response.json()).data;
			};
			const tenant = await call('/api/integration/v1/partner/tenants/create/', {
				tenant_name: 'E2E Wild Alert Tenant',
				owner_email: 'alert@e2e-wild.example',
				owner_name: 'Alert Owner',
				contact_phone: '+255712888111',
				initial_credits: 0,
			});
			const payment = await call(
				`/api/integration/v1/partner/tenants/${tenant.tenant_id}/payments/initiate/`,
				{
					package_id: SEED_IDS.packages.basic,
					buyer_email: 'alert@e2e-wild.example',
					buyer_name: 'Alert Owner',
					buyer_phone: '0712888111',
					mobile_money_provider: 'tigo',
				},
			);
			assert.equal(payment.status, 'pending');
			return payment;
		}

		/**
		 * The first execution of a workflow after activation whose trigger output satisfies `predicate`.
		 * @param {string} workflowId
		 * @param {(items: any[]) => boolean} predicate
		 * @returns {Promise<any[] | undefined>}
		 */
		async function fired(workflowId, predicate) {
			const deadline = Date.now() + POLL_WAIT_MS;
			while (Date.now() < deadline) {
				const executions = await listExecutions(server.url, apiKey, {
					workflowId,
					includeData: true,
				});
				for (const execution of executions) {
					const runs = execution.data?.resultData?.runData?.Trigger ?? [];
					const items = (runs[0]?.data?.main?.[0] ?? []).map(
						(/** @type {any} */ item) => item.json,
					);
					if (items.length && predicate(items)) return items;
				}
				await new Promise((resolve) => setTimeout(resolve, 2000));
			}
			return undefined;
		}

		test('Payment Completed: a payment initiated before activation and completed after an n8n restart fires exactly once', async () => {
			assert.ok(completion.restarted, 'n8n was restarted between activation and completion');
			const items = await fired(TRIGGER_IDS.payment, (list) =>
				list.some((item) => item.transaction_id === fed.payment.transaction_id),
			);
			assert.ok(items, 'the trigger fired for the payment');
			const item = items.find((entry) => entry.transaction_id === fed.payment.transaction_id);
			assert.equal(item.status, 'completed');
			assert.equal(item.type, 'payment');
			assert.equal(typeof item.amount, 'number');
			// One more poll after the one that fired: the payment must not fire again.
			const firedAt = Date.now();
			assert.ok(
				await waitForPoll('/api/billing/payments/transactions/', firedAt),
				'no poll after the firing',
			);
			const executions = await listExecutions(server.url, apiKey, {
				workflowId: TRIGGER_IDS.payment,
				includeData: true,
			});
			const firings = executions.filter((execution) =>
				JSON.stringify(execution.data?.resultData?.runData?.Trigger ?? []).includes(
					fed.payment.transaction_id,
				),
			);
			assert.equal(firings.length, 1, `${firings.length} executions fired for the payment`);
		});

		test('New Notification (Unread Only) fires for the new unread notification only', async () => {
			const items = await fired(TRIGGER_IDS.notification, (list) =>
				list.some((item) => item.title === fed.title),
			);
			if (!items) {
				// What the trigger did instead, for the next reader of a failed run: its polls and its executions.
				const log = await admin(env.sandboxes.ops, 'GET', '/requests?limit=500');
				const polls = log
					.filter((/** @type {any} */ r) => r.path === '/api/notifications/')
					.map((/** @type {any} */ r) => `${r.time} ${r.status}`);
				const runs = await listExecutions(server.url, apiKey, {
					workflowId: TRIGGER_IDS.notification,
				});
				assert.fail(
					`the trigger did not fire for the notification fed at ${fed.fedAt}; polls: ${polls.join(', ')}; executions: ${runs.map((/** @type {any} */ e) => `${e.startedAt} ${e.status}`).join(', ') || 'none'}`,
				);
			}
			assert.ok(
				items.every((item) => item.status === 'unread'),
				'only unread ones',
			);
		});

		test('Low Balance fires when the balance (in a {success, data} envelope) drops below the threshold', async () => {
			const items = await fired(TRIGGER_IDS.lowBalance, (list) =>
				list.some((item) => item.balance === 42),
			);
			assert.ok(items, 'the trigger fired');
			assert.equal(items[0].threshold, LOW_BALANCE_THRESHOLD);
		});
	});
});
