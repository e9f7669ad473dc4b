/**
 * dedupe/keyStore.ts on n8n-core's real execution context and DataDeduplicationService, with n8n's processed-data
 * store in memory (test/support/processedData.ts): the bound on remembered keys, and the states of a key.
 */
import { sleep } from 'n8n-workflow';

import { DedupeStore, KEYS_REMEMBERED, MAX_ENTRIES } from '../../nodes/SmsPlatform/dedupe/keyStore';
import { dedupeWindow } from '../../nodes/SmsPlatform/dedupe/window';
import { actionContext } from '../support/harness';
import { concurrentWriter, processedDataStore, staleWriter } from '../support/processedData';

const store = processedDataStore();
const open = () => DedupeStore.open(actionContext({ resource: 'sms', operation: 'send' }, [{}]), 0);
const keys = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, i) => `${prefix}${i}`);

beforeEach(() => store.reset());

describe('DedupeStore', () => {
	it('a key goes started → sent; released keys are free again; started keys are unknown', async () => {
		const dedupe = open();
		expect([...(await dedupe.claim(['a', 'b', 'c'])).entries()]).toEqual([
			['a', 'claimed'],
			['b', 'claimed'],
			['c', 'claimed'],
		]);
		await dedupe.confirm(['a']);
		await dedupe.release(['b']);
		expect([...(await dedupe.claim(['a', 'b', 'c'])).entries()]).toEqual([
			['b', 'claimed'],
			['a', 'alreadySent'],
			['c', 'unknown'],
		]);
		// Checking whether `c` was sent leaves no trace of it as sent.
		expect(store.has('test-workflow', 'node-under-test', 'd:c')).toBe(false);
		expect((await dedupe.claim(['c'], true)).get('c')).toBe('claimed');
	});

	it(`remembers a sent key while ${KEYS_REMEMBERED} later keys are sent (${MAX_ENTRIES} entries), forgets it after more`, async () => {
		// Each step its own run (a run writes its own keys again at each call).
		const send = async (sent: string[]) => {
			const run = open();
			await run.claim(sent);
			await run.confirm(sent);
		};
		await send(['first']);
		await send(keys('k', KEYS_REMEMBERED));
		expect((await open().claim(['first'])).get('first')).toBe('alreadySent');
		await send(['one-more']);
		expect((await open().claim(['first'])).get('first')).toBe('claimed');
	});
});

describe('sent keys: written again until settled, confirmed together', () => {
	const written = (from: number) =>
		store.calls
			.slice(from)
			.filter((call) => call.method === 'checkProcessedAndRecord')
			.map((call) => call.values.map(String).filter((value) => !value.startsWith('o:')));
	afterEach(() => {
		dedupeWindow.ms = 2;
	});

	it('a sent key is written again by every call until one made a window after it was added finds it; a claimed key is not', async () => {
		dedupeWindow.ms = 60;
		const run = open();
		await run.claim(['a']);
		await run.confirm(['a']);
		let from = store.calls.length;
		await run.claim(['b']);
		// Within the window: both of a's entries in the claim's calls; b's started entry only in its own claim.
		expect(written(from)[0]).toEqual(['s:a', 'd:a', 's:b']);
		await sleep(70);
		// A call a window after a's entries were added finds them (and writes them once more): settled.
		await run.finish();
		from = store.calls.length;
		await run.claim(['c']);
		expect(await run.finish()).toBe(true);
		// The claim's two calls (record, then check a window later) carry c only; finish has nothing left to check.
		expect(written(from)).toEqual([['s:c'], ['s:c']]);
	});

	it('confirmSoon: keys confirmed while a store call is due go out in one call; finish writes the rest', async () => {
		const run = open();
		await run.claim(keys('k', 10));
		const from = store.calls.length;
		for (const key of keys('k', 10)) run.confirmSoon([key]);
		expect(await run.finish()).toBe(true);
		// The first confirm queues a call, which takes all ten; finish finds them present.
		expect(written(from)[0]).toHaveLength(20);
		expect(written(from).length).toBeLessThanOrEqual(2);
		expect(
			[...(await open().claim(keys('k', 10))).values()].every((s) => s === 'alreadySent'),
		).toBe(true);
	});

	it("a failed call to record keys as sent leaves them to the run's next call", async () => {
		const run = open();
		await run.claim(['a']);
		const call = store.checkProcessedAndRecord.bind(store);
		const spy = jest
			.spyOn(store, 'checkProcessedAndRecord')
			.mockRejectedValueOnce(new Error('database gone'))
			.mockRejectedValueOnce(new Error('database gone'));
		run.confirmSoon(['a']);
		await run.flush();
		spy.mockImplementation(call);
		expect(await run.finish()).toBe(true);
		spy.mockRestore();
		expect((await open().claim(['a'])).get('a')).toBe('alreadySent');
	});
});

describe('DedupeStore with a concurrent writer in another n8n process (lost updates)', () => {
	const has = (value: string) => store.has('test-workflow', 'node-under-test', value);

	it('a key is claimed only once a store call finds its started entry present, however often it was dropped', async () => {
		await open().claim(['seed']);
		// The claim's write and the next two calls are lost.
		const writer = concurrentWriter(store, (call) => call <= 3);
		const states = await open().claim(['a']);
		writer.restore();
		expect(states.get('a')).toBe('claimed');
		expect(has('s:a')).toBe(true);
		expect(writer.calls()).toBe(5);
	});

	it('keys whose records were dropped after they were claimed and confirmed are written again; the run ends with all present', async () => {
		await open().claim(['seed']);
		// Every third call is lost: the confirm of a, b's claim, the last check...
		const writer = concurrentWriter(store, (call) => call % 3 === 0);
		const run = open();
		for (const key of ['a', 'b', 'c']) {
			await run.claim([key]);
			await run.confirm([key]);
		}
		expect(await run.finish()).toBe(true);
		writer.restore();
		for (const key of ['a', 'b', 'c']) {
			expect(has(`s:${key}`)).toBe(true);
			expect(has(`d:${key}`)).toBe(true);
		}
		expect(run.rewritten).toBeGreaterThan(0);
		expect([...(await open().claim(['a', 'b', 'c'])).values()]).toEqual([
			'alreadySent',
			'alreadySent',
			'alreadySent',
		]);
	});

	it('a claim whose records are dropped at every call fails (nothing to send) and frees its key', async () => {
		await open().claim(['seed']);
		const writer = concurrentWriter(store, () => true);
		await expect(open().claim(['a'])).rejects.toThrow(
			'concurrent writes dropped its records 5 times in a row; nothing was sent',
		);
		writer.restore();
		expect(has('s:a')).toBe(false);
	});
});

describe('the window: a slow write of another process, from a read before the claim, lands later', () => {
	const has = (value: string) => store.has('test-workflow', 'node-under-test', value);
	afterEach(() => {
		dedupeWindow.ms = 2;
	});

	// The run claims `a` (and would send it), then its worker dies: no call of it writes `a` again. The stale write
	// lands; then another run (the caller sending the same input again) claims `a`.
	async function claimThenDie(settleMs: number, staleMs: number) {
		dedupeWindow.ms = settleMs;
		await open().claim(['seed']);
		const writer = staleWriter(store, staleMs);
		const claimed = (await open().claim(['a'])).get('a');
		await writer.landed();
		writer.restore();
		const kept = has('s:a');
		return { claimed, kept, again: (await open().claim(['a'])).get('a') };
	}

	it('with the window longer than the write takes, the started entry stays: the second run finds it unknown', async () => {
		expect(await claimThenDie(300, 100)).toEqual({
			claimed: 'claimed',
			kept: true,
			again: 'unknown',
		});
	});

	it('without the window, the write lands after the presence check and drops it: the second run sends it again', async () => {
		expect(await claimThenDie(0, 100)).toEqual({
			claimed: 'claimed',
			kept: false,
			again: 'claimed',
		});
	});

	it('a write slower than the window drops it as well (the window rests on how long store calls take)', async () => {
		expect(await claimThenDie(20, 200)).toEqual({
			claimed: 'claimed',
			kept: false,
			again: 'claimed',
		});
	});

	it('the wait is once per claim call, not per key, and outside the lane: two runs claim at once in one window', async () => {
		dedupeWindow.ms = 300;
		const start = performance.now();
		const [first, second] = await Promise.all([
			open().claim(keys('x', 40)),
			open().claim(keys('y', 40)),
		]);
		const ms = performance.now() - start;
		expect([...first.values(), ...second.values()].every((s) => s === 'claimed')).toBe(true);
		// One window, not two (each run its own, one after the other) nor 80 (one per key).
		expect(ms).toBeGreaterThanOrEqual(300);
		expect(ms).toBeLessThan(590);
	});
});

describe('two runs in two n8n processes claim the same keys at the same moment', () => {
	// The other process: its own copy of the helpers (its own lane: nothing keeps the two runs' calls apart).
	let Other!: typeof DedupeStore;
	let otherWindow!: typeof dedupeWindow;
	jest.isolateModules(() => {
		/* eslint-disable @typescript-eslint/no-require-imports -- a second copy of the module, as another process has */
		Other = require('../../nodes/SmsPlatform/dedupe/keyStore').DedupeStore;
		otherWindow = require('../../nodes/SmsPlatform/dedupe/window').dedupeWindow;
		/* eslint-enable @typescript-eslint/no-require-imports */
	});

	it('both find the keys new, and still each key is claimed by one run: the other reports it unknown', async () => {
		await open().claim(['seed']);
		dedupeWindow.ms = 30;
		otherWindow.ms = 30;
		// Which calls found each started entry new.
		const foundNew = new Map<string, number>();
		const call = store.checkProcessedAndRecord.bind(store);
		const spy = jest.spyOn(store, 'checkProcessedAndRecord').mockImplementation(async (...args) => {
			const result = await call(...args);
			for (const value of result.new.map(String))
				if (value.startsWith('s:')) foundNew.set(value, (foundNew.get(value) ?? 0) + 1);
			return result;
		});
		const ctx = () => actionContext({ resource: 'sms', operation: 'send' }, [{}]);
		const pairKeys = keys('pair-', 20);
		const [mine, theirs] = await Promise.all([
			DedupeStore.open(ctx(), 0).claim(pairKeys),
			Other.open(ctx(), 0).claim(pairKeys),
		]);
		spy.mockRestore();
		dedupeWindow.ms = 2;
		otherWindow.ms = 2;
		const raced = pairKeys.filter((key) => foundNew.get(`s:${key}`) === 2);
		expect(raced.length).toBeGreaterThan(0);
		for (const key of pairKeys)
			expect([mine.get(key), theirs.get(key)].sort()).toEqual(['claimed', 'unknown']);
		// Every key stays started. (Not asserted: that no owner entry is left. The two runs remove theirs at the same
		// moment, and one removal can undo the other, as any two writes can.)
		for (const key of pairKeys)
			expect(store.has('test-workflow', 'node-under-test', `s:${key}`)).toBe(true);
	});
});
