/**
 * The cost of a Dedupe Key on a 1,000-item broadcast (and, with the shipped window, on a 10,000-recipient one), with n8n's processed-data store in memory
 * (test/support/processedData.ts, MD5 per value as n8n): store calls, the time in them, the values the store hashed
 * (each call writes the run's re-asserted sent keys again, dedupe/keyStore.ts), printed. Asserted: every item sent; no store call
 * without a key. Measured before and after re-assertion in docs/queue-mode.md.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { DEDUPE_WINDOW_MS, dedupeWindow } from '../../nodes/SmsPlatform/dedupe/window';
import { BASE_URL, runNode } from '../../test/support/harness';
import { processedDataStore } from '../../test/support/processedData';

const PATH = '/api/integration/v1/sms/send/';
const ITEMS = 1_000;
const store = processedDataStore();

function service() {
	let attempt = 0;
	nock(BASE_URL)
		.post(PATH)
		.query(true)
		.times(ITEMS)
		.reply(200, (_uri, body) => ({
			success: true,
			message_id: `msg-${++attempt}`,
			status: 'sent',
			recipients: (body as { recipients: string[] }).recipients,
		}));
}

const items = Array.from({ length: ITEMS }, (_, i) => ({
	to: `+2557${String(10_000_000 + i)}`,
	key: `order-${i}`,
}));
/** A 10,000-recipient broadcast: 1,000 items (keys) of 10 recipients, combined into 100 requests. */
const broadcast = Array.from({ length: ITEMS }, (_, i) => ({
	to: Array.from({ length: 10 }, (_, j) => `+2557${String(20_000_000 + i * 10 + j)}`),
	key: `bulk-${i}`,
}));

async function measure(
	label: string,
	options: IDataObject,
	count = ITEMS,
	input: Array<{ to: string | string[]; key: string }> = items,
) {
	store.reset();
	service();
	// The time spent in the store's calls, apart from the requests.
	let inStore = 0;
	const call = store.checkProcessedAndRecord.bind(store);
	const spy = jest.spyOn(store, 'checkProcessedAndRecord').mockImplementation(async (...args) => {
		const begin = performance.now();
		try {
			return await call(...args);
		} finally {
			inStore += performance.now() - begin;
		}
	});
	const start = performance.now();
	const { output } = await runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			message: 'Hello',
			senderId: 'MYSHOP',
			recipients: '={{ $json.to }}',
			options: label.startsWith('without')
				? options
				: { dedupeKey: '={{ $json.key }}', ...options },
		},
		items: input.slice(0, count),
	});
	const ms = performance.now() - start;
	spy.mockRestore();
	const values = store.calls.reduce((sum, call) => sum + call.values.length, 0);
	// eslint-disable-next-line no-console -- the figure is what this file is for
	console.log(
		`[dedupe cost] ${label}: ${count} items in ${ms.toFixed(0)} ms, ${store.calls.length} store calls (${inStore.toFixed(0)} ms in them), ${values} values hashed`,
	);
	nock.cleanAll();
	return { output, calls: store.calls.length, ms, inStore };
}

afterEach(() => nock.cleanAll());

describe('Dedupe Key: the cost on 1,000 items', () => {
	it('one request per item, without a Dedupe Key (the baseline)', async () => {
		const { output, calls } = await measure('without a Dedupe Key, one request per item', {});
		expect(output?.every((item) => item.json.outcome === 'sent')).toBe(true);
		expect(calls).toBe(0);
	}, 120_000);

	it('one request per item', async () => {
		const { output } = await measure('one request per item', {});
		expect(output?.every((item) => item.json.outcome === 'sent')).toBe(true);
	}, 120_000);

	it('Combine Items, Batch Size 10', async () => {
		const { output } = await measure('Combine Items, Batch Size 10', {
			combineItems: true,
			batchSize: 10,
		});
		expect(output?.every((item) => item.json.outcome === 'sent')).toBe(true);
	}, 120_000);
});

describe('Dedupe Key: the window as shipped (DEDUPE_WINDOW_MS), paid once a run', () => {
	afterEach(() => {
		dedupeWindow.ms = 2;
	});

	// What the keyed run takes beyond the same run without a key: one window in all (a window per claim would be two
	// or more here), its store calls included, with 2 s of room for a loaded machine. The two runs alternate, ROUNDS
	// times, and the fastest of each is compared: 1,000 requests without a key took 5.6 to 7.6 s within one file
	// (garbage collection, the JIT, the machine's other work), a spread as large as the room, and noise only ever adds
	// time. Every round is printed.
	const ROUNDS = 3;
	const beyond = async (
		label: string,
		options: IDataObject,
		input: Array<{ to: string | string[]; key: string }>,
	) => {
		const without: number[] = [];
		const keyed: number[] = [];
		for (let round = 1; round <= ROUNDS; round++) {
			dedupeWindow.ms = 2;
			without.push(
				(await measure(`without a Dedupe Key, ${label}, round ${round}`, options, ITEMS, input)).ms,
			);
			dedupeWindow.ms = DEDUPE_WINDOW_MS;
			const run = await measure(
				`window ${DEDUPE_WINDOW_MS} ms, ${label}, round ${round}`,
				options,
				ITEMS,
				input,
			);
			expect(run.output?.every((item) => item.json.outcome === 'sent')).toBe(true);
			keyed.push(run.ms);
		}
		const ms = Math.min(...keyed) - Math.min(...without);
		// eslint-disable-next-line no-console -- the figure is what this file is for
		console.log(
			`[dedupe cost] ${label}: ${ms.toFixed(0)} ms beyond the run without a key, the fastest of ${ROUNDS} each (window ${DEDUPE_WINDOW_MS} ms)`,
		);
		expect(Math.min(...keyed)).toBeGreaterThanOrEqual(DEDUPE_WINDOW_MS);
		return ms;
	};

	it('1,000 one-recipient items, one request per item', async () => {
		expect(await beyond('1,000 items one request per item', {}, items)).toBeLessThan(
			DEDUPE_WINDOW_MS + 2_000,
		);
	}, 600_000);

	it('a 10,000-recipient broadcast: 1,000 items of 10 recipients, Combine Items (100 requests)', async () => {
		expect(
			await beyond(
				'10,000 recipients (1,000 keys), Combine Items',
				{ combineItems: true },
				broadcast,
			),
		).toBeLessThan(DEDUPE_WINDOW_MS + 2_000);
	}, 600_000);
});
