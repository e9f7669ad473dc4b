// The workflows the end-to-end tests run in n8n.
//
// `operationsWorkflow` exercises every operation of the node in ONE workflow (one `n8n execute`, ~3 s of n8n
// start-up instead of one per operation). It is a chain: Manual Trigger → node → node → … Every SMS Platform node
// runs once (executeOnce), always passes an item on (alwaysOutputData) and continues on error
// (continueRegularOutput), so an operation that fails or is not implemented yet shows as an error item on its own
// node while the others still run. Nodes are named "<resource>.<operation>" (plus a note), and later nodes read
// earlier results with $('name').
import { SEED_IDS } from '../sandbox/server.mjs';
import { chain } from '../scripts/n8n/workflow.mjs';
import { CREDENTIALS } from './harness.mjs';

export const NODE_TYPE = 'n8n-nodes-sms-platform.smsPlatform';
export const TRIGGER_TYPE = 'n8n-nodes-sms-platform.smsPlatformTrigger';

export const IDS = {
	operations: 'e2eOperations',
	invalidKey: 'e2eInvalidKeyFails',
	triggerNotification: 'e2eTriggerNotify',
	triggerLowBalance: 'e2eTriggerLowBalance',
};

/** Values the operations workflow sends, for the assertions. */
export const INPUT = {
	sendRecipients: '+255 712-345-678, 0713 000 111\n+255712345678',
	sendRecipientsNormalized: ['+255712345678', '+255713000111'],
	sendMessage: 'E2E hello from n8n',
	senderId: 'E2ETEST',
	tenant: {
		tenantName: 'E2E Hardware Ltd',
		ownerEmail: 'owner@e2e-hardware.example',
		ownerName: 'Asha E2E',
		contactPhone: '+255712999000',
		initialCredits: 25,
	},
	buyer: {
		buyerEmail: 'buyer@e2e-hardware.example',
		buyerName: 'Asha E2E',
		buyerPhone: '0712999000',
	},
	packageId: SEED_IDS.packages.basic,
	packageIdForList: SEED_IDS.packages.starter,
	campaignId: SEED_IDS.campaign,
	contactId: SEED_IDS.firstContact,
	missingContactId: '00000000-0000-4000-8000-000000000000',
	bulkRecipients: [
		'+255712000001',
		'+255712000002',
		'+255712000003',
		'+255712000004',
		'+255712000005',
	],
	bulkBatchSize: 2,
	invalidRecipient: '12345',
};

let counter = 0;
/**
 * @param {string} name
 * @param {string} type
 * @param {Record<string, unknown>} parameters
 * @param {Record<string, unknown>} [extra]
 * @returns {Record<string, any>}
 */
export function node(name, type, parameters, extra = {}) {
	counter++;
	return {
		id: `e2e00000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
		name,
		type,
		typeVersion: 1,
		position: [counter * 220, 0],
		parameters,
		...extra,
	};
}

/**
 * An SMS Platform action node as the e2e chain uses it.
 * @param {string} name
 * @param {Record<string, unknown>} parameters
 * @param {{ credential?: { id: string, name: string }, once?: boolean }} [options]
 */
export function smsNode(name, parameters, { credential = CREDENTIALS.bearer, once = true } = {}) {
	return node(name, NODE_TYPE, parameters, {
		credentials: { smsPlatformApi: { id: credential.id, name: credential.name } },
		...(once ? { executeOnce: true } : {}),
		alwaysOutputData: true,
		onError: 'continueRegularOutput',
	});
}

export { chain };

const manualTrigger = (name = 'Start') => node(name, 'n8n-nodes-base.manualTrigger', {});

/** Node names of the operations workflow, one per table row (some rows have more than one node). */
export const OPS = {
	getBalance: 'account.getBalance',
	getBalanceHeader: 'account.getBalance (X-API-Key)',
	getBalanceJwt: 'account.getBalance (JWT)',
	getBalanceInvalid: 'account.getBalance (invalid key)',
	send: 'sms.send',
	sendInvalid: 'sms.send (invalid number)',
	getStatus: 'sms.getStatus',
	getDetails: 'sms.getDetails',
	getStats: 'sms.getStats',
	createTenant: 'partnerTenant.create',
	initiatePayment: 'partnerTenant.initiatePayment',
	initiatePaymentWait: 'partnerTenant.initiatePayment (wait, list mode)',
	sendTenant: 'sms.send (tenant)',
	paymentStatus: 'payment.getStatus',
	historyAll: 'billing.getHistory (all)',
	historyUsage: 'billing.getHistory (limit, type usage)',
	packagesAll: 'smsPackage.getAll (all)',
	packagesLimit: 'smsPackage.getAll (limit 2)',
	campaign: 'campaign.getAnalytics',
	dashboard: 'dashboard.getMetrics',
	contact: 'contact.get',
	contactMissing: 'contact.get (missing id)',
	activity: 'activity.getRecent',
	organizations: 'organization.getAll',
	organizationsLimit: 'organization.getAll (limit 1)',
	notifications: 'notification.getAll (unread only)',
	notificationsLimit: 'notification.getAll (limit 3)',
	bulkInput: 'bulk: recipients',
	bulkSplit: 'bulk: one item per recipient',
	bulkSend: 'sms.send (combine items)',
	end: 'End',
};

export function operationsWorkflow() {
	counter = 0;
	const nodes = [
		manualTrigger(),
		// Balance first, in all three auth modes, before anything spends credits.
		smsNode(OPS.getBalance, { resource: 'account', operation: 'getBalance' }),
		smsNode(
			OPS.getBalanceHeader,
			{ resource: 'account', operation: 'getBalance' },
			{ credential: CREDENTIALS.header },
		),
		smsNode(
			OPS.getBalanceJwt,
			{ resource: 'account', operation: 'getBalance' },
			{ credential: CREDENTIALS.jwt },
		),
		smsNode(
			OPS.getBalanceInvalid,
			{ resource: 'account', operation: 'getBalance' },
			{ credential: CREDENTIALS.invalid },
		),
		// Reads of seeded data before anything changes it, so lists can be compared with the service's own.
		smsNode(OPS.getStats, { resource: 'sms', operation: 'getStats' }),
		smsNode(OPS.historyAll, {
			resource: 'billing',
			operation: 'getHistory',
			returnAll: true,
			filters: {},
		}),
		smsNode(OPS.historyUsage, {
			resource: 'billing',
			operation: 'getHistory',
			returnAll: false,
			limit: 2,
			filters: { type: 'usage' },
		}),
		smsNode(OPS.packagesAll, { resource: 'smsPackage', operation: 'getAll', returnAll: true }),
		smsNode(OPS.packagesLimit, {
			resource: 'smsPackage',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		}),
		// Simplify off: the whole record, as the API sends it (Contact Get below keeps the default, simplified).
		smsNode(OPS.campaign, {
			resource: 'campaign',
			operation: 'getAnalytics',
			campaignId: INPUT.campaignId,
			simple: false,
		}),
		smsNode(OPS.dashboard, { resource: 'dashboard', operation: 'getMetrics', period: '30d' }),
		smsNode(OPS.contact, { resource: 'contact', operation: 'get', contactId: INPUT.contactId }),
		smsNode(OPS.contactMissing, {
			resource: 'contact',
			operation: 'get',
			contactId: INPUT.missingContactId,
		}),
		smsNode(OPS.activity, { resource: 'activity', operation: 'getRecent', limit: 3 }),
		smsNode(OPS.organizations, { resource: 'organization', operation: 'getAll', returnAll: true }),
		smsNode(OPS.organizationsLimit, {
			resource: 'organization',
			operation: 'getAll',
			returnAll: false,
			limit: 1,
		}),
		smsNode(OPS.notifications, {
			resource: 'notification',
			operation: 'getAll',
			returnAll: true,
			filters: { unreadOnly: true },
		}),
		smsNode(OPS.notificationsLimit, {
			resource: 'notification',
			operation: 'getAll',
			returnAll: false,
			limit: 3,
			filters: {},
		}),
		// Then the operations that change state.
		smsNode(OPS.send, {
			resource: 'sms',
			operation: 'send',
			recipients: INPUT.sendRecipients,
			message: INPUT.sendMessage,
			senderId: INPUT.senderId,
			options: { defaultCountryCode: '255' },
		}),
		smsNode(OPS.sendInvalid, {
			resource: 'sms',
			operation: 'send',
			recipients: INPUT.invalidRecipient,
			message: INPUT.sendMessage,
			senderId: INPUT.senderId,
			options: {},
		}),
		smsNode(OPS.getStatus, {
			resource: 'sms',
			operation: 'getStatus',
			messageId: `={{ $('${OPS.send}').first().json.message_id }}`,
		}),
		smsNode(OPS.getDetails, {
			resource: 'sms',
			operation: 'getDetails',
			messageId: `={{ $('${OPS.send}').first().json.message_id }}`,
		}),
		smsNode(OPS.createTenant, { resource: 'partnerTenant', operation: 'create', ...INPUT.tenant }),
		smsNode(OPS.initiatePayment, {
			resource: 'partnerTenant',
			operation: 'initiatePayment',
			tenantId: `={{ $('${OPS.createTenant}').first().json.tenant_id }}`,
			packageId: { __rl: true, mode: 'id', value: INPUT.packageId },
			...INPUT.buyer,
			mobileMoneyProvider: 'vodacom',
			options: {},
		}),
		smsNode(OPS.initiatePaymentWait, {
			resource: 'partnerTenant',
			operation: 'initiatePayment',
			tenantId: `={{ $('${OPS.createTenant}').first().json.tenant_id }}`,
			packageId: {
				__rl: true,
				mode: 'list',
				value: INPUT.packageIdForList,
				cachedResultName: 'Starter',
			},
			...INPUT.buyer,
			mobileMoneyProvider: 'airtel',
			options: { waitForCompletion: true, waitTimeout: 60, pollInterval: 1 },
		}),
		smsNode(OPS.sendTenant, {
			resource: 'sms',
			operation: 'send',
			recipients: INPUT.tenant.contactPhone,
			message: 'E2E welcome to the tenant',
			senderId: INPUT.senderId,
			options: {
				tenantAccountId: `={{ $('${OPS.createTenant}').first().json.service_account_id }}`,
			},
		}),
		smsNode(OPS.paymentStatus, {
			resource: 'payment',
			operation: 'getStatus',
			transactionId: `={{ $('${OPS.initiatePayment}').first().json.transaction_id }}`,
		}),
		// Bulk: five items, combined two recipients a request → three requests, five output items.
		node(
			OPS.bulkInput,
			'n8n-nodes-base.set',
			{
				assignments: {
					assignments: [
						{
							id: 'bulk-1',
							name: 'phones',
							value: `={{ ${JSON.stringify(INPUT.bulkRecipients)} }}`,
							type: 'array',
						},
					],
				},
				options: {},
			},
			{ typeVersion: 3.4, executeOnce: true },
		),
		node(OPS.bulkSplit, 'n8n-nodes-base.splitOut', { fieldToSplitOut: 'phones', options: {} }),
		smsNode(
			OPS.bulkSend,
			{
				resource: 'sms',
				operation: 'send',
				recipients: '={{ $json.phones }}',
				message: 'E2E bulk message',
				senderId: INPUT.senderId,
				options: { combineItems: true, batchSize: INPUT.bulkBatchSize },
			},
			{ once: false },
		),
		// A last node that cannot fail: n8n reports a run as failed when its last node failed.
		node(OPS.end, 'n8n-nodes-base.noOp', {}, { executeOnce: true }),
	];
	return chain(IDS.operations, 'E2E: every operation', nodes);
}

/** getBalance with a wrong key and no "continue on fail": the run fails with the error a user would see. */
export function invalidKeyWorkflow() {
	counter = 100;
	const balance = smsNode(
		'Get balance (invalid key)',
		{ resource: 'account', operation: 'getBalance' },
		{ credential: CREDENTIALS.invalid },
	);
	delete balance.onError;
	delete balance.alwaysOutputData;
	return chain(IDS.invalidKey, 'E2E: invalid API key', [manualTrigger(), balance]);
}

/** Polls as fast as an n8n allows: every 5 s where it accepts sub-minute polls (up to 2.16), else every minute. */
export const POLL_TIMES = {
	fast: { item: [{ mode: 'custom', cronExpression: '0-59/5 * * * * *' }] },
	everyMinute: { item: [{ mode: 'everyMinute' }] },
};

/**
 * @param {string} id
 * @param {string} name
 * @param {Record<string, unknown>} parameters
 * @param {{ id: string, name: string }} credential
 * @param {unknown} pollTimes
 */
function triggerWorkflow(id, name, parameters, credential, pollTimes) {
	const trigger = node(
		'Trigger',
		TRIGGER_TYPE,
		{ ...parameters, pollTimes },
		{
			credentials: { smsPlatformApi: { id: credential.id, name: credential.name } },
		},
	);
	return chain(id, name, [trigger, node('Received', 'n8n-nodes-base.noOp', {})]);
}

export const LOW_BALANCE_THRESHOLD = 1000;

/**
 * A copy of a workflow whose polling trigger polls at `pollTimes`.
 * @param {any} workflow
 * @param {unknown} pollTimes
 */
export function withPollTimes(workflow, pollTimes) {
	const copy = structuredClone(workflow);
	for (const n of copy.nodes) if (n.parameters?.pollTimes) n.parameters.pollTimes = pollTimes;
	return copy;
}

/** @param {unknown} pollTimes one of POLL_TIMES */
export function triggerWorkflows(pollTimes) {
	counter = 200;
	return [
		triggerWorkflow(
			IDS.triggerNotification,
			'E2E trigger: new notification',
			{ event: 'newNotification', options: {} },
			CREDENTIALS.bearer,
			pollTimes,
		),
		triggerWorkflow(
			IDS.triggerLowBalance,
			'E2E trigger: low balance',
			{ event: 'lowBalance', threshold: LOW_BALANCE_THRESHOLD, options: {} },
			CREDENTIALS.header,
			pollTimes,
		),
	];
}

/** Workflows for n8n's own retries (e2e/retries.test.mjs): Set → Split Out → Send → No Op. */
export const RETRY_IDS = {
	continueOnFail: 'e2eRetryContinue',
	stop503: 'e2eRetryStop503',
	retriedExecution: 'e2eRetryExecution',
};

/**
 * One workflow that sends to each of `numbers` (one item each) with Retry On Fail (3 tries, no wait) unless
 * `retryOnFail` is false.
 * @param {string} id
 * @param {string[]} numbers
 * @param {{ continueOnFail: boolean, retryOnFail?: boolean }} options
 */
function retryWorkflow(id, numbers, { continueOnFail, retryOnFail = true }) {
	const send = node(
		'Send',
		NODE_TYPE,
		{
			resource: 'sms',
			operation: 'send',
			recipients: '={{ $json.to }}',
			message: `E2E retry test ${id}`,
			senderId: INPUT.senderId,
		},
		{
			credentials: { smsPlatformApi: { id: CREDENTIALS.bearer.id, name: CREDENTIALS.bearer.name } },
			...(retryOnFail ? { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 } : {}),
			...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		},
	);
	return chain(id, `E2E retries: ${id}`, [
		manualTrigger(),
		node(
			'Numbers',
			'n8n-nodes-base.set',
			{
				assignments: {
					assignments: [
						{
							id: 'numbers',
							name: 'numbers',
							value: `={{ ${JSON.stringify(numbers.map((to) => ({ to })))} }}`,
							type: 'array',
						},
					],
				},
				options: {},
			},
			{ typeVersion: 3.4 },
		),
		node('One item per number', 'n8n-nodes-base.splitOut', {
			fieldToSplitOut: 'numbers',
			options: {},
		}),
		send,
		node('End', 'n8n-nodes-base.noOp', {}, { executeOnce: true }),
	]);
}

/** @param {{ continueOnFail: string[], stop503: string[], retriedExecution: string[] }} numbers */
export function retryWorkflows(numbers) {
	counter = 300;
	return [
		retryWorkflow(RETRY_IDS.continueOnFail, numbers.continueOnFail, { continueOnFail: true }),
		retryWorkflow(RETRY_IDS.stop503, numbers.stop503, { continueOnFail: false }),
		retryWorkflow(RETRY_IDS.retriedExecution, numbers.retriedExecution, {
			continueOnFail: false,
			retryOnFail: false,
		}),
	];
}

export const ERROR_OUTPUT_ID = 'e2eErrorOutput';

/**
 * The cases of the error-output workflow: what each SMS Platform node gets as input items, its parameters, its
 * credential and its Settings → On Error.
 * @typedef {{ inputs: Record<string, unknown>[], parameters: Record<string, unknown>, credential?: { id: string, name: string }, onError?: string }} ErrorOutputCase
 * @type {Record<string, ErrorOutputCase>}
 */
export const ERROR_OUTPUT_CASES = {
	'Send alone': {
		inputs: [
			{ name: 'Asha', to: '+255712700001' },
			{ name: 'Baraka', to: INPUT.invalidRecipient },
			{ name: 'Chausiku', to: '+255712700002' },
		],
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipients: '={{ $json.to }}',
			message: '=E2E error output, hello {{ $json.name }}',
			senderId: INPUT.senderId,
		},
	},
	'Send combined': {
		inputs: [
			{ name: 'Asha', to: '+255712700011' },
			{ name: 'Baraka', to: INPUT.invalidRecipient },
			{ name: 'Chausiku', to: '+255712700012' },
			{ name: 'Dotto', to: 'not-a-number' },
			{ name: 'Elia', to: '+255712700013' },
		],
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipients: '={{ $json.to }}',
			message: 'E2E error output, combined',
			senderId: INPUT.senderId,
			options: { combineItems: true, batchSize: 2 },
		},
	},
	'Refused credential': {
		inputs: [{ name: 'Asha' }, { name: 'Baraka' }],
		parameters: { resource: 'account', operation: 'getBalance' },
		credential: CREDENTIALS.invalid,
	},
	'Unknown id': {
		inputs: [{ contact: INPUT.contactId }, { contact: INPUT.missingContactId }],
		parameters: { resource: 'contact', operation: 'get', contactId: '={{ $json.contact }}' },
	},
	List: {
		inputs: [{ name: 'packages' }],
		parameters: { resource: 'smsPackage', operation: 'getAll', returnAll: true },
	},
	'Send alone, regular output': {
		inputs: [
			{ name: 'Asha', to: '+255712700021' },
			{ name: 'Baraka', to: INPUT.invalidRecipient },
		],
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipients: '={{ $json.to }}',
			message: '=E2E regular output, hello {{ $json.name }}',
			senderId: INPUT.senderId,
		},
		onError: 'continueRegularOutput',
	},
};

/**
 * One workflow, one branch per case from the Manual Trigger: input items (Set + Split Out) → the SMS Platform node
 * with Settings → On Error ("Continue (using error output)" unless the case says otherwise) → "<case>: success" and
 * "<case>: error" (No Operation nodes on its two outputs), so the run data shows which branch each item took.
 */
export function errorOutputWorkflow() {
	counter = 400;
	const start = manualTrigger();
	/** @type {Array<Record<string, any>>} */
	const nodes = [start];
	/** @type {Record<string, { main: Array<Array<{ node: string, type: string, index: number }>> }>} */
	const connections = { [start.name]: { main: [[]] } };
	const link = (/** @type {string} */ to) => ({ node: to, type: 'main', index: 0 });
	for (const [name, spec] of Object.entries(ERROR_OUTPUT_CASES)) {
		const onError = spec.onError ?? 'continueErrorOutput';
		const input = node(
			`${name}: input`,
			'n8n-nodes-base.set',
			{
				assignments: {
					assignments: [
						{
							id: `input-${counter}`,
							name: 'items',
							value: `={{ ${JSON.stringify(spec.inputs)} }}`,
							type: 'array',
						},
					],
				},
				options: {},
			},
			{ typeVersion: 3.4 },
		);
		const split = node(`${name}: items`, 'n8n-nodes-base.splitOut', {
			fieldToSplitOut: 'items',
			options: {},
		});
		const credential = spec.credential ?? CREDENTIALS.bearer;
		const sms = node(name, NODE_TYPE, spec.parameters, {
			credentials: { smsPlatformApi: { id: credential.id, name: credential.name } },
			onError,
		});
		const success = node(`${name}: success`, 'n8n-nodes-base.noOp', {});
		nodes.push(input, split, sms, success);
		connections[start.name].main[0].push(link(input.name));
		connections[input.name] = { main: [[link(split.name)]] };
		connections[split.name] = { main: [[link(sms.name)]] };
		connections[sms.name] = { main: [[link(success.name)]] };
		if (onError === 'continueErrorOutput') {
			const error = node(`${name}: error`, 'n8n-nodes-base.noOp', {});
			nodes.push(error);
			connections[sms.name].main.push([link(error.name)]);
		}
	}
	return {
		id: ERROR_OUTPUT_ID,
		name: 'E2E: Continue (using error output)',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}
