/**
 * Initiate Payment with a Dedupe Key: the node's keys in n8n's processed-data store, through n8n-core's real
 * execution context and DataDeduplicationService (test/support/processedData.ts is n8n's store in memory).
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { claimSize } from '../../../nodes/SmsPlatform/dedupe/claimAhead';
import { BASE_URL, runNode } from '../../support/harness';
import { processedDataStore } from '../../support/processedData';
import { caught } from '../shared';

const TENANT_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const PACKAGE_ID = '9b1d0e2f-0000-4000-8000-000000000002';
const PATH = `/api/integration/v1/partner/tenants/${TENANT_ID}/payments/initiate/`;
const INITIATED = {
	transaction_id: '8d7e6f5a-4b3c-4d2e-9f1a-0b9c8d7e6f5a',
	order_id: 'ORD-20250115-X7Y8Z9',
	amount: 110000,
	currency: 'TZS',
	status: 'pending',
};

const parameters = (options: IDataObject): IDataObject => ({
	resource: 'partnerTenant',
	operation: 'initiatePayment',
	tenantId: TENANT_ID,
	packageId: { __rl: true, mode: 'id', value: PACKAGE_ID },
	buyerEmail: 'buyer@acme.example',
	buyerName: 'Neema Mushi',
	buyerPhone: '0712345678',
	mobileMoneyProvider: 'vodacom',
	options,
});

const netError = (code: string, message: string) => Object.assign(new Error(message), { code });

const store = processedDataStore();

beforeEach(() => store.reset());
afterEach(() => {
	claimSize.keys = 500;
	nock.cleanAll();
});

describe('partnerTenant.initiatePayment: Dedupe Keys of several items', () => {
	const items = ['pay-0', 'pay-1', 'pay-2'].map((key) => ({ key }));
	const keyed = (options: IDataObject = {}) =>
		parameters({ dedupeKey: '={{ $json.key }}', ...options });

	it('the next items are claimed while a payment is made: one window in all, each payment once', async () => {
		claimSize.keys = 1;
		const scope = nock(BASE_URL)
			.post(PATH)
			.times(3)
			.delay(1100)
			.reply(201, { success: true, data: INITIATED });
		const begin = performance.now();
		const first = await runNode({ parameters: keyed({ dedupeWait: 1 }), items });
		const ms = performance.now() - begin;
		scope.done();
		expect(first.output?.map((item) => item.json.outcome)).toEqual(['sent', 'sent', 'sent']);
		// One window (1 s) and three payments (1.1 s each); a window per item would be 3 s of waits.
		expect(ms).toBeGreaterThanOrEqual(1000 + 3 * 1100);
		expect(ms).toBeLessThan(1000 + 3 * 1100 + 900);
		expect(first.hints.map((hint) => hint.message)).toEqual([
			expect.stringMatching(/^Waited 1\.\d s in all \(3 claims/),
		]);
		const again = nock(BASE_URL).post(PATH).reply(201, { success: true, data: INITIATED });
		const second = await runNode({ parameters: keyed({ dedupeWait: 0 }), items });
		expect(second.output?.map((item) => item.json.outcome)).toEqual([
			'alreadySent',
			'alreadySent',
			'alreadySent',
		]);
		expect(again.isDone()).toBe(false);
	}, 20_000);

	it('a run stopped by a refused payment frees the keys claimed ahead; an item failing its checks claims nothing', async () => {
		nock(BASE_URL).post(PATH).reply(400, { detail: 'Invalid package' });
		const withBadPhone = [
			{ key: 'pay-0' },
			{ key: 'pay-1', phone: 'not a phone' },
			{ key: 'pay-2' },
		];
		const error = await caught(
			async () =>
				await runNode({
					parameters: { ...keyed(), buyerPhone: '={{ $json.phone ?? "0712345678" }}' },
					items: withBadPhone,
				}),
		);
		expect(error.message).toBe('The service refused the request as invalid [item 0]');
		// Item 1 failed its checks: never claimed; items 0 (refused, nothing started) and 2 (never reached): freed.
		const owners = store.calls
			.flatMap((call) => call.values.map(String))
			.filter((v) => v.startsWith('o:'));
		expect(new Set(owners.map((v) => v.split(':')[2]))).toEqual(new Set(['pay-0', 'pay-2']));
		expect(store.has('test-workflow', 'node-under-test', 's:pay-0')).toBe(false);
		expect(store.has('test-workflow', 'node-under-test', 's:pay-2')).toBe(false);
	});
});

describe('partnerTenant.initiatePayment: Dedupe Key', () => {
	it('initiates once per key: a second run with the same key sends nothing and says alreadySent', async () => {
		const scope = nock(BASE_URL).post(PATH).reply(201, { success: true, data: INITIATED });
		const first = await runNode({ parameters: parameters({ dedupeKey: 'order-17' }) });
		expect(first.output).toEqual([
			{ json: { ...INITIATED, outcome: 'sent', dedupeKey: 'order-17' }, pairedItem: { item: 0 } },
		]);
		scope.done();
		// The key is recorded as started and as sent, in this node's row of the store.
		expect(store.has('test-workflow', 'node-under-test', 's:order-17')).toBe(true);
		expect(store.has('test-workflow', 'node-under-test', 'd:order-17')).toBe(true);

		const again = nock(BASE_URL).post(PATH).reply(201, { success: true, data: INITIATED });
		const second = await runNode({ parameters: parameters({ dedupeKey: ' order-17 ' }) });
		expect(second.output).toEqual([
			{
				json: {
					outcome: 'alreadySent',
					dedupeKey: 'order-17',
					message:
						"Not initiated: a payment with this 'Dedupe Key' was initiated before. Find it in 'Billing' → 'Get Many'.",
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(again.isDone()).toBe(false);
	});

	it('a dropped connection leaves the key unknown: the next run initiates nothing and fails the item', async () => {
		const scope = nock(BASE_URL)
			.post(PATH)
			.replyWithError(netError('ECONNRESET', 'socket hang up'));
		const first = await runNode({
			parameters: parameters({ dedupeKey: 'order-18' }),
			continueOnFail: true,
		});
		expect(first.output[0].json).toMatchObject({
			error: 'The connection to the SMS Platform service broke off (ECONNRESET) [item 0]',
			outcome: 'unknown',
			dedupeKey: 'order-18',
		});
		scope.done();

		const again = nock(BASE_URL).post(PATH).reply(201, { success: true, data: INITIATED });
		const error = await caught(
			async () => await runNode({ parameters: parameters({ dedupeKey: 'order-18' }) }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			`'Dedupe Key' "order-18" was started before and never confirmed: it may have gone out [item 0]`,
		);
		expect(error.description).toContain("Check in 'Billing' → 'Get Many'");
		expect(again.isDone()).toBe(false);

		// Retry Unknown Keys: the user checked, and sends it once more; then it is sent.
		const retried = await runNode({
			parameters: parameters({ dedupeKey: 'order-18', retryUnknownKeys: true }),
		});
		expect(retried.output[0].json).toMatchObject({ outcome: 'sent', dedupeKey: 'order-18' });
		again.done();
	});

	it('a refusal before processing (400) frees the key: the next run initiates it', async () => {
		const scope = nock(BASE_URL)
			.post(PATH)
			.reply(400, { error: 'Invalid package', code: 'VALIDATION_ERROR', details: {} })
			.post(PATH)
			.reply(201, { success: true, data: INITIATED });
		const first = await runNode({
			parameters: parameters({ dedupeKey: 'order-19' }),
			continueOnFail: true,
		});
		expect(first.output[0].json).toMatchObject({
			httpCode: '400',
			outcome: 'notSent',
			dedupeKey: 'order-19',
		});
		expect(store.has('test-workflow', 'node-under-test', 's:order-19')).toBe(false);
		const second = await runNode({ parameters: parameters({ dedupeKey: 'order-19' }) });
		expect(second.output[0].json).toMatchObject({ outcome: 'sent', dedupeKey: 'order-19' });
		scope.done();
	});

	it('keys are per node: a copy of the node (another node ID) initiates the same key again', async () => {
		const scope = nock(BASE_URL).post(PATH).times(2).reply(201, { success: true, data: INITIATED });
		await runNode({ parameters: parameters({ dedupeKey: 'order-20' }) });
		const copy = await runNode({
			parameters: parameters({ dedupeKey: 'order-20' }),
			nodeId: 'copy-of-node',
		});
		expect(copy.output[0].json).toMatchObject({ outcome: 'sent' });
		scope.done();
	});

	it('five executions at the same moment with the same key: one payment; the others find the key in flight (unknown)', async () => {
		// The node's row exists already (an earlier key): the store's update path, where two reads can both miss a key.
		await store.checkProcessedAndRecord(
			['s:order-0'],
			'node',
			{ workflow: { id: 'test-workflow' }, node: { id: 'node-under-test' } } as never,
			{ mode: 'entries' },
		);
		let initiated = 0;
		nock(BASE_URL)
			.post(PATH)
			.times(5)
			.reply(() => {
				initiated++;
				return [201, { success: true, data: INITIATED }];
			});
		const runs = await Promise.all(
			[1, 2, 3, 4, 5].map(
				async () =>
					await runNode({
						parameters: parameters({ dedupeKey: 'order-21' }),
						continueOnFail: true,
					}),
			),
		);
		const outcomes = runs.map((run) => run.output[0].json.outcome).sort();
		expect(outcomes).toEqual(['sent', 'unknown', 'unknown', 'unknown', 'unknown']);
		expect(initiated).toBe(1);
	});

	it('a store that fails: nothing is initiated, the item says why', async () => {
		const scope = nock(BASE_URL).post(PATH).reply(201, { success: true, data: INITIATED });
		// The node tries a store call twice: fail both.
		const failing = store.checkProcessedAndRecord.bind(store);
		let calls = 0;
		jest.spyOn(store, 'checkProcessedAndRecord').mockImplementation(async (...args) => {
			calls++;
			if (calls <= 2) throw new Error('connection to the database lost');
			return await failing(...args);
		});
		const error = await caught(
			async () => await runNode({ parameters: parameters({ dedupeKey: 'order-22' }) }),
		);
		expect(error.message).toBe(
			"Could not check the 'Dedupe Key' in n8n's database: connection to the database lost [item 0]",
		);
		expect(scope.isDone()).toBe(false);
		jest.restoreAllMocks();
	});

	it('without a Dedupe Key, nothing is asked of the store and the output is as before', async () => {
		const scope = nock(BASE_URL).post(PATH).reply(201, { success: true, data: INITIATED });
		const { output } = await runNode({ parameters: parameters({ dedupeKey: '  ' }) });
		expect(output).toEqual([{ json: INITIATED, pairedItem: { item: 0 } }]);
		expect(store.calls).toEqual([]);
		scope.done();
	});
});
