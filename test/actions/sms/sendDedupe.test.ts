/**
 * Send with a Dedupe Key: once per key across executions, through n8n-core's real execution contexts (and its
 * WorkflowExecute for Retry On Fail), with n8n's processed-data store in memory (test/support/processedData.ts).
 * The mocked service counts what each number received.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { claimSize } from '../../../nodes/SmsPlatform/dedupe/claimAhead';
import { dedupeWindow } from '../../../nodes/SmsPlatform/dedupe/window';
import { SmsPlatform } from '../../../nodes/SmsPlatform/SmsPlatform.node';
import { actionContext, BASE_URL, runInWorkflow, runNode } from '../../support/harness';
import {
	concurrentWriter,
	ProcessedDataStore,
	processedDataStore,
} from '../../support/processedData';
import { caught } from '../shared';

const PATH = '/api/integration/v1/sms/send/';
const numbers = Array.from({ length: 8 }, (_, i) => `+25571200000${i}`);
const [A, B, C] = numbers;
const base = { resource: 'sms', operation: 'send', message: 'Hello', senderId: 'MYSHOP' };
const keyed = (options: IDataObject = {}) => ({
	...base,
	recipients: '={{ $json.to }}',
	options: { dedupeKey: '={{ $json.key }}', ...options },
});

const netError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** The mocked service: answers each send with `answer(recipients, attempt)`, and counts sends per number. */
function service(
	answer: (recipients: string[], attempt: number) => [number, IDataObject] | Error = ok,
	delayMs = 0,
) {
	const counts: Record<string, number> = {};
	let attempt = 0;
	nock(BASE_URL)
		.post(PATH)
		.query(true)
		.times(100)
		.delay(delayMs)
		.reply((_uri, body, callback) => {
			const recipients = (body as { recipients: string[] }).recipients;
			for (const number of recipients) counts[number] = (counts[number] ?? 0) + 1;
			const answered = answer(recipients, ++attempt);
			if (answered instanceof Error) callback(answered, [0, '']);
			else callback(null, answered);
		});
	return counts;
}

function ok(recipients: string[], attempt: number): [number, IDataObject] {
	return [200, { success: true, message_id: `msg-${attempt}`, status: 'sent', recipients }];
}

const json = (output: INodeExecutionData[] | undefined) => output?.map((item) => item.json) ?? [];
const outcomes = (output: INodeExecutionData[] | undefined) =>
	json(output).map((item) => item.outcome);

const store = processedDataStore();

beforeEach(() => store.reset());
afterEach(() => {
	claimSize.keys = 500;
	dedupeWindow.ms = 2;
});
afterEach(() => nock.cleanAll());

describe('sms.send: Dedupe Key', () => {
	it('two executions of the same workflow with the same key: the service receives one send; the second item is alreadySent', async () => {
		const counts = service();
		const first = await runNode({ parameters: keyed(), items: [{ to: A, key: 'order-1' }] });
		const second = await runNode({ parameters: keyed(), items: [{ to: A, key: 'order-1' }] });
		expect(counts).toEqual({ [A]: 1 });
		expect(json(first.output)).toEqual([
			expect.objectContaining({ message_id: 'msg-1', outcome: 'sent', dedupeKey: 'order-1' }),
		]);
		expect(json(second.output)).toEqual([
			{
				outcome: 'alreadySent',
				dedupeKey: 'order-1',
				recipients: [A],
				message:
					"Not sent: an SMS with this 'Dedupe Key' was sent before by this node. Its message ID is in the output of the execution that sent it.",
			},
		]);
	});

	it('a dropped connection leaves the key unknown: never re-sent by the node, unless Retry Unknown Keys is on', async () => {
		const counts = service((recipients, attempt) =>
			attempt === 1 ? netError('ECONNRESET', 'socket hang up') : ok(recipients, attempt),
		);
		const first = await runNode({
			parameters: keyed(),
			items: [{ to: A, key: 'order-2' }],
			continueOnFail: true,
		});
		expect(json(first.output)[0]).toMatchObject({
			error: 'The connection to the SMS Platform service broke off (ECONNRESET) [item 0]',
			outcome: 'unknown',
			dedupeKey: 'order-2',
		});
		const second = await runNode({
			parameters: keyed(),
			items: [{ to: A, key: 'order-2' }],
			continueOnFail: true,
		});
		expect(json(second.output)[0]).toMatchObject({
			error: `'Dedupe Key' "order-2" was started before and never confirmed: it may have gone out [item 0]`,
			outcome: 'unknown',
			dedupeKey: 'order-2',
		});
		expect(counts).toEqual({ [A]: 1 });
		const retried = await runNode({
			parameters: keyed({ retryUnknownKeys: true }),
			items: [{ to: A, key: 'order-2' }],
		});
		expect(outcomes(retried.output)).toEqual(['sent']);
		expect(counts).toEqual({ [A]: 2 });
	});

	it('a send refused before processing (402) frees its key: the next execution sends it', async () => {
		const counts = service((recipients, attempt) =>
			attempt === 1 ? [402, { error: 'Insufficient credits' }] : ok(recipients, attempt),
		);
		const first = await runNode({
			parameters: keyed(),
			items: [{ to: A, key: 'order-3' }],
			continueOnFail: true,
		});
		expect(json(first.output)[0]).toMatchObject({ httpCode: '402', outcome: 'notSent' });
		const second = await runNode({ parameters: keyed(), items: [{ to: A, key: 'order-3' }] });
		expect(outcomes(second.output)).toEqual(['sent']);
		expect(counts).toEqual({ [A]: 2 });
	});

	it('one request per item: keys are claimed in claims of claimSize.keys, two open at once; a run stopped by a failed item frees the keys it claimed ahead', async () => {
		claimSize.keys = 2;
		const items = numbers.slice(0, 6).map((to, i) => ({ to, key: `wave-${i}` }));
		const counts = service((recipients, attempt) =>
			attempt === 2 ? [402, { error: 'Insufficient credits' }] : ok(recipients, attempt),
		);
		const error = await caught(
			async () => await runNode({ parameters: keyed({ batchSize: 1 }), items }),
		);
		expect(error.message).toBe('The account has too few credits [item 1]');
		// Two claims made at once (each: its first call and its check carry the run's owner entries): items 0 and 1,
		// items 2 and 3. Item 1 failed the run: no third claim.
		const claimCalls = store.calls.filter(
			(call) =>
				call.method === 'checkProcessedAndRecord' &&
				call.values.some((value) => String(value).startsWith('o:')),
		);
		const owned = claimCalls.map((call) =>
			call.values.filter((v) => String(v).startsWith('o:')).map((v) => String(v).split(':')[2]),
		);
		expect(owned.flat().sort()).toEqual(
			['wave-0', 'wave-0', 'wave-1', 'wave-1', 'wave-2', 'wave-2', 'wave-3', 'wave-3'].sort(),
		);
		// Item 1 was refused, items 2 and 3 never reached: their keys are free, the next execution sends them.
		const second = await runNode({ parameters: keyed(), items, continueOnFail: true });
		expect(outcomes(second.output)).toEqual([
			'alreadySent',
			'sent',
			'sent',
			'sent',
			'sent',
			'sent',
		]);
		expect(Object.values(counts)).toEqual([1, 2, 1, 1, 1, 1]);
	});

	it('the next claim overlaps the sends: claims of one key, sends slower than the window, one window in all; never more than two claims started and unsent', async () => {
		claimSize.keys = 1;
		dedupeWindow.ms = 1000;
		const keys = ['lap-0', 'lap-1', 'lap-2'];
		const items = keys.map((key, i) => ({ to: numbers[i], key }));
		// Keys started and not sent, seen by each request as it arrives: what a crash then would leave unknown.
		const open: number[] = [];
		const started = (key: string) =>
			[...store.rows.values()].some((row) =>
				row.data.includes(ProcessedDataStore.hash(`s:${key}`)),
			);
		const sent = (key: string) =>
			[...store.rows.values()].some((row) =>
				row.data.includes(ProcessedDataStore.hash(`d:${key}`)),
			);
		const counts = service((recipients, attempt) => {
			open.push(keys.filter((key) => started(key) && !sent(key)).length);
			return ok(recipients, attempt);
		}, 1100);
		const begin = performance.now();
		const first = await runNode({ parameters: keyed({ dedupeWait: 1 }), items });
		const ms = performance.now() - begin;
		expect(outcomes(first.output)).toEqual(['sent', 'sent', 'sent']);
		// One window (1 s) and three sends (1.1 s each); a window per claim would be 3 s of waits.
		expect(ms).toBeGreaterThanOrEqual(1000 + 3 * 1100);
		expect(ms).toBeLessThan(1000 + 3 * 1100 + 900);
		expect(open.every((count) => count <= 2)).toBe(true);
		expect(first.hints.map((hint) => hint.message)).toEqual([
			expect.stringMatching(
				/^Waited 1\.\d s in all \(3 claims of up to 1 keys, each claimed while the one before was sent\) after recording the Dedupe Keys/,
			),
		]);
		const second = await runNode({ parameters: keyed({ dedupeWait: 0 }), items });
		expect(outcomes(second.output)).toEqual(['alreadySent', 'alreadySent', 'alreadySent']);
		expect(Object.values(counts)).toEqual([1, 1, 1]);
	}, 20_000);

	it('fast sends: their keys are recorded sent in few store calls, claim by claim, so at most two claims are started and unsent when a request goes out', async () => {
		claimSize.keys = 2;
		const keys = Array.from({ length: 8 }, (_, i) => `fast-${i}`);
		const items = keys.map((key, i) => ({ to: numbers[i], key }));
		const has = (value: string) =>
			[...store.rows.values()].some((row) => row.data.includes(ProcessedDataStore.hash(value)));
		const open: number[] = [];
		service((recipients, attempt) => {
			open.push(keys.filter((key) => has(`s:${key}`) && !has(`d:${key}`)).length);
			return ok(recipients, attempt);
		});
		const first = await runNode({ parameters: keyed({ dedupeWait: 0 }), items });
		expect(outcomes(first.output)).toEqual(keys.map(() => 'sent'));
		expect(Math.max(...open)).toBeLessThanOrEqual(2 * claimSize.keys);
		// Recorded sent claim by claim (four claims), not item by item: fewer calls than items.
		const recorded = new Set<string>();
		const confirms = store.calls.filter((call) => {
			const fresh = call.values.map(String).filter((v) => v.startsWith('d:') && !recorded.has(v));
			for (const value of fresh) recorded.add(value);
			return call.method === 'checkProcessedAndRecord' && fresh.length > 0;
		});
		expect(confirms.length).toBeLessThan(keys.length);
		for (const key of keys) expect(has(`d:${key}`)).toBe(true);
	});

	it("a Schedule Time no send route can carry (a tenant's send: the documented route only) fails the item before any key is claimed, without the wait", async () => {
		dedupeWindow.ms = 5000;
		const counts = service();
		const begin = performance.now();
		const error = await caught(
			async () =>
				await runNode({
					parameters: keyed({
						scheduleTime: new Date(Date.now() + 86_400_000).toISOString(),
						tenantAccountId: 'tenant-1',
					}),
					items: [{ to: A, key: 'later-1' }],
				}),
		);
		expect(error.message).toBe(
			"'Schedule Time' cannot be sent on this route: POST /api/integration/v1/sms/send/ has no schedule field [item 0]",
		);
		expect(performance.now() - begin).toBeLessThan(1000);
		expect(store.calls).toEqual([]);
		expect(counts).toEqual({});
	});

	it('Combine Items: the items of one request share its fate; sent ones are alreadySent and the unknown ones stay unknown next time', async () => {
		const counts = service((recipients, attempt) =>
			recipients.includes(numbers[2]) ? [500, { detail: 'Server error' }] : ok(recipients, attempt),
		);
		const items = numbers.slice(0, 6).map((to, i) => ({ to, key: `k${i}` }));
		const parameters = keyed({ combineItems: true, batchSize: 2 });
		const first = await runNode({ parameters, items, continueOnFail: true });
		expect(outcomes(first.output)).toEqual(['sent', 'sent', 'unknown', 'unknown', 'sent', 'sent']);
		const second = await runNode({ parameters, items, continueOnFail: true });
		expect(outcomes(second.output)).toEqual([
			'alreadySent',
			'alreadySent',
			'unknown',
			'unknown',
			'alreadySent',
			'alreadySent',
		]);
		// Each number once: the second execution sent nothing.
		expect(Object.values(counts)).toEqual([1, 1, 1, 1, 1, 1]);
	});

	it('Combine Items with Parallel Requests: every key of every request is recorded, none lost between parallel requests', async () => {
		const counts = service();
		const items = Array.from({ length: 20 }, (_, i) => ({
			to: `+2557130000${String(i).padStart(2, '0')}`,
			key: `p${i}`,
		}));
		const parameters = {
			...keyed({ combineItems: true, batchSize: 1 }),
			requestOptions: { parallelRequests: 5 },
		};
		const first = await runNode({ parameters, items });
		expect(outcomes(first.output)).toEqual(items.map(() => 'sent'));
		for (const { key } of items) {
			expect(store.has('test-workflow', 'node-under-test', `s:${key}`)).toBe(true);
			expect(store.has('test-workflow', 'node-under-test', `d:${key}`)).toBe(true);
		}
		const second = await runNode({ parameters, items });
		expect(outcomes(second.output)).toEqual(items.map(() => 'alreadySent'));
		expect(Object.values(counts)).toEqual(items.map(() => 1));
	});

	it('another n8n process dropping every third write: each key is recorded before its request and stays recorded; the next execution sends nothing', async () => {
		const items = numbers.slice(0, 6).map((to, i) => ({ to, key: `w${i}` }));
		const keyOf = new Map(items.map((item) => [item.to, item.key]));
		const has = (value: string) => store.has('test-workflow', 'node-under-test', value);
		// At each request: is its key in the store as started?
		const startedAtSend: boolean[] = [];
		const counts = service((recipients, attempt) => {
			const key = keyOf.get(recipients[0]);
			if (key) startedAtSend.push(has(`s:${key}`));
			return ok(recipients, attempt);
		});
		await runNode({ parameters: keyed(), items: [{ to: numbers[7], key: 'seed' }] });
		const writer = concurrentWriter(store, (call) => call % 3 === 0);
		const first = await runNode({ parameters: keyed(), items });
		writer.restore();
		expect(outcomes(first.output)).toEqual(items.map(() => 'sent'));
		expect(startedAtSend).toEqual(items.map(() => true));
		for (const { key } of items) {
			expect(has(`s:${key}`)).toBe(true);
			expect(has(`d:${key}`)).toBe(true);
		}
		const second = await runNode({ parameters: keyed(), items });
		expect(outcomes(second.output)).toEqual(items.map(() => 'alreadySent'));
		expect(Object.values(counts)).toEqual([1, 1, 1, 1, 1, 1, 1]);
	});

	it('two items of one run with the same key: one SMS; the second follows the first', async () => {
		const counts = service();
		const { output } = await runNode({
			parameters: keyed(),
			items: [
				{ to: A, key: 'same' },
				{ to: B, key: 'same' },
				{ to: C, key: 'other' },
			],
		});
		expect(counts).toEqual({ [A]: 1, [C]: 1 });
		expect(json(output)[1]).toEqual({
			outcome: 'alreadySent',
			dedupeKey: 'same',
			recipients: [B],
			sameKeyAs: 0,
			message_id: 'msg-1',
			message: "Not sent: item 0 of this run has the same 'Dedupe Key' and carries it.",
		});
	});

	it('n8n Retry On Fail and the execution ledger agree with the keys: each number once, then a new execution says the same', async () => {
		const counts = service((recipients, attempt) =>
			attempt === 2 ? [503, { detail: 'Service unavailable' }] : ok(recipients, attempt),
		);
		const items = [
			{ to: A, key: 'r-a' },
			{ to: B, key: 'r-b' },
			{ to: C, key: 'r-c' },
		];
		const retried = await runInWorkflow({ parameters: keyed(), items, maxTries: 3 });
		expect(retried.error?.message).toBe('The service could not answer [item 1]');
		expect(counts).toEqual({ [A]: 1, [B]: 1 });
		// A new execution with the same input: A sent before, B unknown (the 503), C sent now.
		const next = await runNode({ parameters: keyed(), items, continueOnFail: true });
		expect(outcomes(next.output)).toEqual(['alreadySent', 'unknown', 'sent']);
		expect(counts).toEqual({ [A]: 1, [B]: 1, [C]: 1 });
	});

	it('Dedupe Key Wait: the keys wait that long before their request, and the run says why once; 0 waits not and says nothing', async () => {
		const counts = service();
		const items = [
			{ to: A, key: 'wait-1' },
			{ to: B, key: 'wait-2' },
		];
		const started = performance.now();
		const waited = await runNode({ parameters: keyed({ dedupeWait: 1 }), items });
		expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
		expect(outcomes(waited.output)).toEqual(['sent', 'sent']);
		expect(waited.hints.map((hint) => hint.message)).toEqual([
			expect.stringMatching(
				/^Waited 1\.\d s in all after recording the Dedupe Keys before sending, so that no other queue-mode worker.s database write can erase them\. If this n8n runs as one process \(not in queue mode\), set .Dedupe Key Wait \(Seconds\). in the options to 0\.$/,
			),
		]);
		const unwaited = await runNode({
			parameters: keyed({ dedupeWait: 0 }),
			items: [{ to: C, key: 'wait-3' }],
		});
		expect(outcomes(unwaited.output)).toEqual(['sent']);
		expect(unwaited.hints.filter((hint) => hint.message.includes('Dedupe'))).toEqual([]);
		expect(counts).toEqual({ [A]: 1, [B]: 1, [C]: 1 });
	});

	it('without a Dedupe Key nothing is asked of the store', async () => {
		service();
		await runNode({ parameters: { ...base, recipients: A }, items: [{}] });
		expect(store.calls).toEqual([]);
	});

	it('an n8n without the processed-data store: the item fails clearly, nothing is sent', async () => {
		const counts = service();
		const context = actionContext(keyed(), [{ to: A, key: 'order-9' }]);
		const helpers = context.helpers as unknown as Record<string, unknown>;
		delete helpers.checkProcessedAndRecord;
		const error = await caught(async () => await new SmsPlatform().execute.call(context));
		expect(error.message).toBe(
			"'Dedupe Key' needs n8n's processed-data store, which this n8n does not offer [item 0]",
		);
		expect(counts).toEqual({});
	});
});

describe("n8n's processed-data store itself (what the node is built on)", () => {
	const contextData = {
		workflow: { id: 'wf-store' },
		node: { id: 'n1' },
	} as never;
	const options = { mode: 'entries' as const, maxEntries: 10 };

	it('is not atomic: two calls at the same moment both find the same key new', async () => {
		const raw = new ProcessedDataStore();
		await raw.checkProcessedAndRecord(['seed'], 'node', contextData, options);
		const [one, two] = await Promise.all([
			raw.checkProcessedAndRecord(['k'], 'node', contextData, options),
			raw.checkProcessedAndRecord(['k'], 'node', contextData, options),
		]);
		expect([one.new, two.new]).toEqual([['k'], ['k']]);
	});

	it('drops the oldest entries beyond maxEntries', async () => {
		const raw = new ProcessedDataStore();
		for (let i = 0; i < 12; i++)
			await raw.checkProcessedAndRecord([`v${i}`], 'node', contextData, options);
		const again = await raw.checkProcessedAndRecord(['v0', 'v2', 'v11'], 'node', contextData, {
			mode: 'entries',
		});
		expect(again).toEqual({ new: ['v0'], processed: ['v2', 'v11'] });
	});
});
