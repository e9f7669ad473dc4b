import nock from 'nock';
// Tests only (the package never ships them): V8's coverage counts the files the road runs code in.
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import { Session } from 'node:inspector/promises';
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import {
	apiKeyCredentials,
	BASE_URL,
	pollTrigger,
	runNode,
	TestCredentialsHelper,
} from '../support/harness';

// The roads from the node to the wire stay short and one-way (a newcomer can walk them, CONTRIBUTING.md "Three
// roads"): each test records the call stack at the moment a request goes on the wire and names every frame of the
// package on it. No runner or callback stands in between.

/** Records the call stack at the moment n8n authenticates a POST, i.e. when the send goes on the wire. */
class StackAtWire extends TestCredentialsHelper {
	stacks: string[] = [];

	constructor(
		credentials: ICredentialDataDecryptedObject,
		private readonly method = 'POST',
	) {
		super(credentials);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		options: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		if (options.method === this.method) this.stacks.push(new Error().stack ?? '');
		return await super.authenticate(credentials, typeName, options);
	}
}

/** The package's frames of a stack (`file:function`), innermost first. */
function projectFrames(stack: string): string[] {
	return stack
		.split('\n')
		.map((line) =>
			/at (?:async )?(?:\S+\.)?(\w+)(?: \[as \w+\])? \(.*\/(nodes\/[^:]+):\d+:\d+\)/.exec(line),
		)
		.filter((match): match is RegExpExecArray => match !== null)
		.map((match) => `${match[2]}:${match[1]}`);
}

afterEach(() => nock.cleanAll());

/** SMS → Send with Combine Items and Wait for Delivery, two items. */
const send = {
	parameters: {
		resource: 'sms',
		operation: 'send',
		message: 'Hi',
		senderId: 'MYSHOP',
		recipients: '={{ $json.to }}',
		options: { combineItems: true, batchSize: 1, waitForDelivery: true },
	},
	items: [{ to: '+255712000001' }, { to: '+255712000002' }],
};
const acceptSends = () =>
	nock(BASE_URL)
		.post('/api/integration/v1/sms/send/')
		.times(2)
		.reply(200, { success: true, message_id: 'msg-1', status: 'delivered' });

it("Send with Combine Items and Wait for Delivery: router (the node's execute) → executeBatch → sendOnce → apiRequest → the wire (5 frames)", async () => {
	acceptSends();
	const helper = new StackAtWire(apiKeyCredentials());
	const { output } = await runNode({ ...send, helper });
	expect(output.map((item) => item.json.outcome)).toEqual(['sent', 'sent']);
	expect(helper.stacks).toHaveLength(2);
	for (const stack of helper.stacks) {
		const actionSide = projectFrames(stack).filter((frame) => !frame.includes('/transport/'));
		expect(actionSide).toEqual([
			'nodes/SmsPlatform/actions/sms/sendRequests.ts:sendOnce',
			'nodes/SmsPlatform/actions/sms/send.operation.ts:executeBatch',
			'nodes/SmsPlatform/actions/router.ts:router',
		]);
	}
});

/**
 * Records, at the first POST, the package files in which a named function ran since `start()` (V8's precise
 * coverage): the files a reader walks to follow the road to the wire. Module top levels have no name and do not count.
 */
class FilesAtWire extends TestCredentialsHelper {
	readonly inspector = new Session();
	files: string[] | undefined;

	async start(): Promise<void> {
		this.inspector.connect();
		await this.inspector.post('Profiler.enable');
		await this.inspector.post('Profiler.startPreciseCoverage', {
			callCount: true,
			detailed: false,
		});
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		options: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		if (options.method === 'POST' && !this.files) {
			const { result } = await this.inspector.post('Profiler.takePreciseCoverage');
			this.files = result
				.filter((script) => /\/nodes\/SmsPlatform\//.test(script.url))
				.filter((script) =>
					script.functions.some((f) => f.functionName !== '' && f.ranges[0].count > 0),
				)
				.map((script) => script.url.replace(/.*\/nodes\/SmsPlatform\//, ''))
				.sort();
			this.inspector.disconnect();
		}
		return await super.authenticate(credentials, typeName, options);
	}
}

it('Send with Combine Items and Wait for Delivery runs code in 13 package files before its first request', async () => {
	// A first run loads every module, so that the measured run counts the code the road runs, not module loading.
	acceptSends();
	await runNode({ ...send, helper: new TestCredentialsHelper(apiKeyCredentials()) });
	acceptSends();
	const helper = new FilesAtWire(apiKeyCredentials());
	await helper.start();
	await runNode({ ...send, helper });
	expect(helper.files).toEqual([
		'actions/router.ts',
		'actions/sms/prepare.ts',
		'actions/sms/send.operation.ts',
		'actions/sms/sendOutcome.ts',
		'actions/sms/sendRequests.ts',
		'endpoints.ts',
		// Every number is read by its country's numbering plan (issue 51): one table, its own file.
		'helpers/numberingPlan.ts',
		'helpers/parameters.ts',
		'helpers/telecom.ts',
		'transport/exchange.ts',
		'transport/index.ts',
		'transport/routes.ts',
		'transport/session.ts',
	]);
});

/** Sends answered `sent`, then each message's status `delivered`: the whole road, Wait for Delivery included. */
const acceptSendsAndStatus = () => {
	let sent = 0;
	nock(BASE_URL)
		.post('/api/integration/v1/sms/send/')
		.times(2)
		.reply(200, () => ({ success: true, message_id: `msg-${++sent}`, status: 'sent' }));
	nock(BASE_URL)
		.get(/\/api\/integration\/v1\/sms\/status\/msg-\d\/$/)
		.times(2)
		.reply(200, (uri) => ({
			success: true,
			message_id: uri.split('/')[6],
			status: 'delivered',
			delivered_at: '2026-11-28T10:00:00Z',
		}));
};

it("Wait for Delivery's status checks: router → executeBatch → waitForDelivery → getRecord → apiRequest → the wire (6 frames)", async () => {
	acceptSendsAndStatus();
	const helper = new StackAtWire(apiKeyCredentials(), 'GET');
	const { output } = await runNode({ ...send, helper });
	expect(output.map((item) => item.json.status)).toEqual(['delivered', 'delivered']);
	expect(helper.stacks).toHaveLength(2);
	// The parallel slots (transport/session.ts) await the first check before the next starts: a scheduler's frame on
	// V8's async stack, not a hop of the road (Send's road above leaves it out too).
	for (const stack of helper.stacks)
		expect(projectFrames(stack).filter((frame) => !frame.includes('/session.ts:'))).toEqual([
			'nodes/SmsPlatform/transport/exchange.ts:attemptUntilDecided',
			'nodes/SmsPlatform/transport/exchange.ts:apiRequest',
			'nodes/SmsPlatform/transport/records.ts:getRecord',
			'nodes/SmsPlatform/actions/sms/delivery.ts:waitForDelivery',
			'nodes/SmsPlatform/actions/sms/send.operation.ts:executeBatch',
			'nodes/SmsPlatform/actions/router.ts:router',
		]);
}, 20_000);

it('Send with Combine Items and Wait for Delivery, from execute() to its output, runs code in 17 package files', async () => {
	acceptSendsAndStatus();
	await runNode({ ...send, helper: new TestCredentialsHelper(apiKeyCredentials()) });
	acceptSendsAndStatus();
	const inspector = new Session();
	inspector.connect();
	await inspector.post('Profiler.enable');
	await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
	const { output } = await runNode({
		...send,
		helper: new TestCredentialsHelper(apiKeyCredentials()),
	});
	const { result } = await inspector.post('Profiler.takePreciseCoverage');
	inspector.disconnect();
	expect(output.map((item) => item.json.status)).toEqual(['delivered', 'delivered']);
	const files = result
		.filter((script) => /\/nodes\/SmsPlatform\//.test(script.url))
		.filter((script) =>
			script.functions.some((f) => f.functionName !== '' && f.ranges[0].count > 0),
		)
		.map((script) => script.url.replace(/.*\/nodes\/SmsPlatform\//, ''))
		.sort();
	// The 12 before the first request, and what reads the answers and follows delivery.
	expect(files).toEqual([
		'actions/router.ts',
		'actions/sms/delivery.ts',
		'actions/sms/prepare.ts',
		'actions/sms/send.operation.ts',
		'actions/sms/sendOutcome.ts',
		'actions/sms/sendRequests.ts',
		'endpoints.ts',
		'helpers/numberingPlan.ts',
		'helpers/parameters.ts',
		'helpers/telecom.ts',
		'plainObject.ts',
		'transport/exchange.ts',
		'transport/index.ts',
		'transport/policy.ts',
		'transport/readAnswer.ts',
		'transport/records.ts',
		'transport/routes.ts',
		'transport/session.ts',
	]);
}, 30_000);

/** A page of the billing history in the documented list shape. */
function historyPage(page: number, pages: number) {
	return {
		count: pages * 2,
		next: page < pages ? `${BASE_URL}/api/billing/history/?page=${page + 1}` : null,
		previous: null,
		results: [1, 2].map((n) => ({
			id: `r-${page}-${n}`,
			type: 'payment',
			amount: 1000,
			status: 'completed',
			created_at: `2026-11-0${page}T10:00:0${n}Z`,
		})),
	};
}

it("Billing → Get Many with Return All: router (the node's execute) → getHistory → listRecords → readPages → apiRequest → the wire (6 frames)", async () => {
	nock(BASE_URL)
		.get('/api/billing/history/')
		.query(true)
		.times(3)
		.reply((uri) => [200, historyPage(Number(new URL(uri, BASE_URL).searchParams.get('page')), 3)]);
	const helper = new StackAtWire(apiKeyCredentials(), 'GET');
	const { output } = await runNode({
		parameters: { resource: 'billing', operation: 'getHistory', returnAll: true },
		helper,
	});
	expect(output).toHaveLength(6);
	expect(helper.stacks).toHaveLength(3);
	const road = [
		'nodes/SmsPlatform/transport/exchange.ts:attemptUntilDecided',
		'nodes/SmsPlatform/transport/exchange.ts:apiRequest',
		'nodes/SmsPlatform/transport/pages.ts:readPages',
		'nodes/SmsPlatform/transport/records.ts:listRecords',
		'nodes/SmsPlatform/actions/billing/getHistory.operation.ts:execute',
		'nodes/SmsPlatform/actions/router.ts:router',
	];
	expect(projectFrames(helper.stacks[0])).toEqual(road);
	// Pages 2 and 3 are asked for together once page 1 gave the count, and awaited later: V8's async stack of such a
	// request ends where it was started, so it shows only a part of the same road.
	for (const stack of helper.stacks.slice(1)) {
		expect(road).toEqual(expect.arrayContaining(projectFrames(stack)));
		expect(projectFrames(stack).slice(0, 2)).toEqual(road.slice(0, 2));
	}
});

it("the Payment Completed poll: poll → the event's pollTimeline → readTimeline → readPages → apiRequest → the wire (6 frames)", async () => {
	nock(BASE_URL).get('/api/billing/history/').query(true).times(2).reply(200, historyPage(1, 1));
	const helper = new StackAtWire(apiKeyCredentials(), 'GET');
	// The first poll sets the baseline, a later one reads from the cursor: the same road, one read each.
	const first = await pollTrigger({ parameters: { event: 'paymentCompleted' }, helper });
	await pollTrigger({
		parameters: { event: 'paymentCompleted' },
		helper,
		staticData: first.staticData,
	});
	expect(helper.stacks).toHaveLength(2);
	for (const stack of helper.stacks) {
		expect(projectFrames(stack)).toEqual([
			'nodes/SmsPlatform/transport/exchange.ts:attemptUntilDecided',
			'nodes/SmsPlatform/transport/exchange.ts:apiRequest',
			'nodes/SmsPlatform/transport/pages.ts:readPages',
			'nodes/SmsPlatform/events/timelineReader.ts:readTimeline',
			'nodes/SmsPlatform/events/timeline.ts:pollTimeline',
			'nodes/SmsPlatform/SmsPlatformTrigger.node.ts:poll',
		]);
	}
});
