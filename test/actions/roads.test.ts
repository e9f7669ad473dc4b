import nock from 'nock';
// Tests only (the package never ships them): V8's precise coverage counts the calls a road makes.
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
import { processedDataStore } from '../support/processedData';

/**
 * The roads from execute() to the wire and back, as calls (CONTRIBUTING.md, "Roads"). For each road this file states
 * what it measured, and holds the code to no target:
 * - the calls at the wire: the package's frames on the stack when n8n asks the credential to authenticate a request
 *   (V8's async stack, nothing left out), from the node's entry (the router, or the trigger's poll) to the transport's
 *   request, and then the credential's own `authenticate`, which n8n calls for every request;
 * - the calls of the whole run, from execute() to the output: every call of a function of the package (nodes/ and
 *   credentials/) in one run, counted by V8's precise coverage, and how many of them were the credential's
 *   `authenticate` (one a request). Printed, as the figure CONTRIBUTING.md gives; it changes with the code.
 */

/** The credential's authenticate, which n8n calls for each request after the frames recorded at the wire. */
const AUTHENTICATE = 'credentials/SmsPlatformApi.credentials.ts:authenticate';

/** The package's frames of a stack (`file:function`), outermost first, then the credential's authenticate. */
function road(stack: string): string[] {
	const frames = stack
		.split('\n')
		.map((line) =>
			/at (?:async )?(?:\S+\.)?(\w+)(?: \[as \w+\])? \(.*\/((?:nodes\/SmsPlatform|credentials)\/[^:]+):\d+:\d+\)/.exec(
				line,
			),
		)
		.filter((match): match is RegExpExecArray => match !== null)
		.map((match) => `${match[2].replace('nodes/SmsPlatform/', '')}:${match[1]}`);
	return [...frames.reverse(), AUTHENTICATE];
}

/** Records the road of each request at the moment n8n asks the credential to authenticate it. */
class Wire extends TestCredentialsHelper {
	roads: Array<{ method: string; calls: string[] }> = [];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		options: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		this.roads.push({ method: options.method ?? 'GET', calls: road(new Error().stack ?? '') });
		return await super.authenticate(credentials, typeName, options);
	}

	/** The roads of one method, each once (requests made alike share one). */
	of(method: string): string[][] {
		const seen = new Map<string, string[]>();
		for (const r of this.roads.filter((r) => r.method === method))
			seen.set(r.calls.join(' → '), r.calls);
		return [...seen.values()];
	}
}

/** Every call of a function of the package while `run` runs (module top levels left out), and the credential's. */
async function callsOf(
	run: () => Promise<unknown>,
): Promise<{ all: number; authenticate: number }> {
	const inspector = new Session();
	inspector.connect();
	await inspector.post('Profiler.enable');
	await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
	// Taking the coverage resets the counts: what comes after is the run's own.
	await inspector.post('Profiler.takePreciseCoverage');
	await run();
	const { result } = await inspector.post('Profiler.takePreciseCoverage');
	await inspector.post('Profiler.stopPreciseCoverage');
	inspector.disconnect();
	let all = 0;
	let authenticate = 0;
	for (const script of result.filter((s) =>
		/\/(nodes\/SmsPlatform|credentials)\/[^/]+/.test(s.url),
	)) {
		for (const fn of script.functions) {
			if (fn.ranges[0].startOffset === 0) continue; // the module's top level
			all += fn.ranges[0].count;
			if (fn.functionName === 'authenticate' && script.url.includes('/credentials/'))
				authenticate += fn.ranges[0].count;
		}
	}
	return { all, authenticate };
}

/** Says a road's figures in the test's output (the numbers CONTRIBUTING.md gives). */
function tell(name: string, wire: Wire, calls: { all: number; authenticate: number }) {
	const lengths = ['POST', 'GET'].flatMap((method) =>
		wire.of(method).map((r) => `${method} ${r.length} calls to the wire`),
	);
	// eslint-disable-next-line no-console -- the figures are what this file states
	console.log(
		`[road] ${name}: ${lengths.join(', ')}; the whole run ${calls.all} calls of the package's functions, ${calls.authenticate} of them the credential's authenticate`,
	);
}

afterEach(() => nock.cleanAll());

const store = processedDataStore();
beforeEach(() => store.reset());

describe('SMS → Send with Combine Items, Wait for Delivery and a Dedupe Key', () => {
	const send = {
		parameters: {
			resource: 'sms',
			operation: 'send',
			message: 'Hi',
			senderId: 'MYSHOP',
			recipients: '={{ $json.to }}',
			options: {
				combineItems: true,
				batchSize: 1,
				waitForDelivery: true,
				dedupeKey: '={{ $json.to }}',
			},
		},
		items: [{ to: '+255712000001' }, { to: '+255712000002' }],
	};
	const accept = () => {
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

	it('a send: 8 frames at the wire (router → executeBatch → the slots → sendKeyed → sendOnce → apiRequest → attemptUntilDecided → the credential); a status check: 10', async () => {
		accept();
		const wire = new Wire(apiKeyCredentials());
		let output: Array<{ json: Record<string, unknown> }> = [];
		const calls = await callsOf(async () => {
			({ output } = await runNode({ ...send, helper: wire }));
		});
		expect(output.map((item) => [item.json.outcome, item.json.status])).toEqual([
			['sent', 'delivered'],
			['sent', 'delivered'],
		]);
		// The sends and the status checks run in parallel slots (transport/rateBudget.ts). V8's async stack names the
		// function awaiting each promise: the slots' `free` (or, for the last, `allDone`) awaits the request in flight,
		// so it stands in the road between executeBatch (or waitForDelivery) and the call it made. Recorded as it is.
		const sends = (slots: string) => [
			'actions/router.ts:router',
			'actions/sms/send.operation.ts:executeBatch',
			`transport/rateBudget.ts:${slots}`,
			'actions/sms/sendKeys.ts:sendKeyed',
			'actions/sms/sendRequests.ts:sendOnce',
			'transport/exchange.ts:apiRequest',
			'transport/exchange.ts:attemptUntilDecided',
			AUTHENTICATE,
		];
		expect(wire.of('POST')).toEqual([sends('free'), sends('allDone')]);
		const checks = (slots: string) => [
			'actions/router.ts:router',
			'actions/sms/send.operation.ts:executeBatch',
			'actions/sms/delivery.ts:waitForDelivery',
			`transport/rateBudget.ts:${slots}`,
			'actions/sms/delivery.ts:follow',
			'actions/sms/delivery.ts:check',
			'transport/records.ts:getRecord',
			'transport/exchange.ts:apiRequest',
			'transport/exchange.ts:attemptUntilDecided',
			AUTHENTICATE,
		];
		expect(wire.of('GET')).toEqual([checks('free'), checks('allDone')]);
		expect(calls.authenticate).toBe(4);
		tell('Send (Combine Items, Wait for Delivery, Dedupe Key)', wire, calls);
	}, 30_000);
});

describe('Account → Buy Credits with Wait for Completion', () => {
	const TX = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
	const payment = (status: string) => ({
		transaction_id: TX,
		amount: 110000,
		currency: 'TZS',
		status,
	});

	it('the payment: 8 calls to the wire (router → executeBatch → startPayments → pay → initiate → apiRequest → attemptUntilDecided → the credential); its status check: 12', async () => {
		nock(BASE_URL)
			.post('/api/billing/payments/initiate/')
			.reply(201, { success: true, data: payment('pending') });
		// A server that has the purchase route is the real service (issue 51: the route teaches the run its family), so
		// the status is read on that family's quick route.
		nock(BASE_URL)
			.get(`/api/billing/payments/transactions/${TX}/progress/`)
			.reply(200, {
				success: true,
				data: { ...payment('completed'), payment_status: 'SUCCESS', progress_percentage: 100 },
			});
		const wire = new Wire(apiKeyCredentials());
		let output: Array<{ json: Record<string, unknown> }> = [];
		const calls = await callsOf(async () => {
			({ output } = await runNode({
				parameters: {
					resource: 'account',
					operation: 'buyCredits',
					packageId: { __rl: true, mode: 'id', value: 'pkg-1' },
					buyerEmail: 'finance@dukapoa.test',
					buyerName: 'Finance Desk',
					buyerPhone: '0744963858',
					mobileMoneyProvider: 'vodacom',
					options: { waitForCompletion: true, pollInterval: 1, waitTimeout: 30 },
				},
				helper: wire,
			}));
		});
		expect(output[0].json).toMatchObject({ status: 'completed', timedOut: false });
		expect(wire.of('POST')).toEqual([
			[
				'actions/router.ts:router',
				'actions/account/buyCredits.operation.ts:executeBatch',
				'actions/payment/startPayments.ts:startPayments',
				'actions/payment/startPayments.ts:pay',
				'actions/payment/startPayments.ts:initiate',
				'transport/exchange.ts:apiRequest',
				'transport/exchange.ts:attemptUntilDecided',
				AUTHENTICATE,
			],
		]);
		expect(wire.of('GET')).toEqual([
			[
				'actions/router.ts:router',
				'actions/account/buyCredits.operation.ts:executeBatch',
				'actions/payment/startPayments.ts:startPayments',
				'actions/payment/startPayments.ts:pay',
				'actions/payment/startPayments.ts:initiate',
				'actions/payment/waitForPayment.ts:waitForPayment',
				'helpers/payments.ts:readPaymentStatus',
				'helpers/payments.ts:read',
				'transport/records.ts:getRecord',
				'transport/exchange.ts:apiRequest',
				'transport/exchange.ts:attemptUntilDecided',
				AUTHENTICATE,
			],
		]);
		expect(calls.authenticate).toBe(2);
		tell('Buy Credits with Wait for Completion', wire, calls);
	}, 30_000);
});

describe('the Payment Completed poll', () => {
	const page = {
		count: 2,
		next: null,
		previous: null,
		results: [1, 2].map((n) => ({
			id: `r-${n}`,
			type: 'payment',
			amount: 1000,
			status: 'completed',
			created_at: `2026-11-01T10:00:0${n}Z`,
		})),
	};

	it('one read: 7 calls to the wire (poll → pollTimeline → readTimeline → readPages → apiRequest → attemptUntilDecided → the credential)', async () => {
		nock(BASE_URL).get('/api/billing/history/').query(true).times(2).reply(200, page);
		const wire = new Wire(apiKeyCredentials());
		// The first poll sets the baseline, a later one reads from the cursor: the same road, one read each.
		const first = await pollTrigger({ parameters: { event: 'paymentCompleted' }, helper: wire });
		const calls = await callsOf(
			async () =>
				await pollTrigger({
					parameters: { event: 'paymentCompleted' },
					helper: wire,
					staticData: first.staticData,
				}),
		);
		expect(wire.of('GET')).toEqual([
			[
				'SmsPlatformTrigger.node.ts:poll',
				'events/timeline.ts:pollTimeline',
				'events/timelineReader.ts:readTimeline',
				'transport/pages.ts:readPages',
				'transport/exchange.ts:apiRequest',
				'transport/exchange.ts:attemptUntilDecided',
				AUTHENTICATE,
			],
		]);
		expect(calls.authenticate).toBe(1);
		tell('the Payment Completed poll (a later poll)', wire, calls);
	});
});

/** Billing → Get Many with Return All: the page walker shared with the trigger. */
it("Billing → Get Many with Return All: the first page's road, 7 calls to the wire (router → execute → listRecords → readPages → …)", async () => {
	const history = (p: number) => ({
		count: 6,
		next: p < 3 ? `${BASE_URL}/api/billing/history/?page=${p + 1}` : null,
		previous: null,
		results: [1, 2].map((n) => ({
			id: `r-${p}-${n}`,
			type: 'payment',
			amount: 1000,
			status: 'completed',
			created_at: `2026-11-0${p}T10:00:0${n}Z`,
		})),
	});
	nock(BASE_URL)
		.get('/api/billing/history/')
		.query(true)
		.times(3)
		.reply((uri) => [200, history(Number(new URL(uri, BASE_URL).searchParams.get('page')))]);
	const wire = new Wire(apiKeyCredentials());
	const { output } = await runNode({
		parameters: { resource: 'billing', operation: 'getHistory', returnAll: true },
		helper: wire,
	});
	expect(output).toHaveLength(6);
	// Pages 2 and 3 are asked for together once page 1 gave the count, and awaited later: V8's async stack of such a
	// request ends where it was started, so it shows only a part of the same road.
	expect(wire.roads[0].calls).toEqual([
		'actions/router.ts:router',
		'actions/billing/getHistory.operation.ts:execute',
		'transport/records.ts:listRecords',
		'transport/pages.ts:readPages',
		'transport/exchange.ts:apiRequest',
		'transport/exchange.ts:attemptUntilDecided',
		AUTHENTICATE,
	]);
});

/**
 * The package files the plain Send road (Combine Items and Wait for Delivery, no key) runs code in, by V8's precise
 * coverage: the files a reader walks. Module top levels have no name and do not count.
 */
describe('the files of the Send road', () => {
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
	const accept = () => {
		let sent = 0;
		nock(BASE_URL)
			.post('/api/integration/v1/sms/send/')
			.times(2)
			.reply(200, () => ({ success: true, message_id: `msg-${++sent}`, status: 'sent' }));
		nock(BASE_URL)
			.get(/\/api\/integration\/v1\/sms\/status\/msg-\d\/$/)
			.times(2)
			.reply(200, (uri) => ({ success: true, message_id: uri.split('/')[6], status: 'delivered' }));
	};
	/** The package files in which a named function ran since coverage started. */
	const filesRun = (
		result: Array<{
			url: string;
			functions: Array<{ functionName: string; ranges: Array<{ count: number }> }>;
		}>,
	) =>
		result
			.filter((script) => /\/nodes\/SmsPlatform\//.test(script.url))
			.filter((script) =>
				script.functions.some((f) => f.functionName !== '' && f.ranges[0].count > 0),
			)
			.map((script) => script.url.replace(/.*\/nodes\/SmsPlatform\//, ''))
			.sort();

	/** Records, at the first POST, the files run so far. */
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
				this.files = filesRun(result);
				this.inspector.disconnect();
			}
			return await super.authenticate(credentials, typeName, options);
		}
	}

	const BEFORE_FIRST_REQUEST = [
		'actions/router.ts',
		'actions/sms/prepare.ts',
		'actions/sms/send.operation.ts',
		'actions/sms/sendRequests.ts',
		'actions/sms/sentLedger.ts',
		'endpoints.ts',
		'helpers/numberingPlan.ts',
		'helpers/parameters.ts',
		'helpers/telecom.ts',
		'transport/baseUrl.ts',
		'transport/exchange.ts',
		'transport/familyLearning.ts',
		'transport/index.ts',
		'transport/rateBudget.ts',
		'transport/routes.ts',
		'transport/session.ts',
		'transport/settings.ts',
	];

	it('17 before its first request', async () => {
		// A first run loads every module, so that the measured run counts the code the road runs, not module loading.
		accept();
		await runNode({ ...send, helper: new TestCredentialsHelper(apiKeyCredentials()) });
		accept();
		const helper = new FilesAtWire(apiKeyCredentials());
		await helper.start();
		await runNode({ ...send, helper });
		expect(helper.files).toEqual(BEFORE_FIRST_REQUEST);
	});

	it('24 from execute() to its output', async () => {
		accept();
		await runNode({ ...send, helper: new TestCredentialsHelper(apiKeyCredentials()) });
		accept();
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
		// Those, and what reads the answers, scrubs them and follows delivery.
		expect(filesRun(result)).toEqual(
			[
				...BEFORE_FIRST_REQUEST,
				'actions/sms/delivery.ts',
				'actions/sms/sendOutcome.ts',
				'plainObject.ts',
				'transport/policy.ts',
				'transport/readAnswer.ts',
				'transport/records.ts',
				'transport/secrets.ts',
			].sort(),
		);
	}, 30_000);
});
