/**
 * Fault injection against the real sandbox (a child process): single sends, combined sends, paged lists and trigger
 * polls meet 5xx answers, latency beyond the timeout, dropped connections (before and after the server processed
 * the request), malformed bodies, 429 storms, a real rate limit and a refused connection.
 *
 * Counted at the sandbox: every SMS it sent (GET /__sandbox/messages: the same recipient and text sent twice is a
 * duplicate), every fault it applied (request-log entries marked with a fault). Counted at the node: every input item
 * ends as exactly one output item (a success or an error), paired to it. Each scenario asserts its own outcome, so a
 * filtered run (-t) checks what it runs.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { testSettings as policy } from '../support/testSettings';
import { apiKeyCredentials, pollTrigger, runNode } from '../support/harness';
import type { StaticData } from '../support/harness';
import type { SandboxProcess } from '../support/sandbox-process.cjs';
import { startSandboxProcess } from '../support/sandbox-process.cjs';

const SANDBOX_API_KEY = ['sk', 'test', 'sms', 'platform', 'sandbox'].join('_');
const TENANT_ID = 'a455fe1c-db11-528c-9844-e84add799cc3';
const STARTER_PACKAGE = 'ffa9b1d1-3085-5e9b-b88f-178a34e440c0';
const SEND_PATH = '^/api/integration/v1/sms/send/$';
const HISTORY_PATH = '^/api/billing/history/';
const REFUSED_URL = 'http://127.0.0.1:9';

interface Fault {
	path: string;
	method?: string;
	count?: number;
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
	latencyMs?: number;
	drop?: boolean;
	malformed?: boolean;
	phase?: 'before' | 'after';
}

interface SandboxMessage {
	id: string;
	recipients: string[];
	message: string;
}

interface LogEntry {
	method: string;
	path: string;
	query: IDataObject;
	status: number | null;
	fault?: number;
}

let sandbox: SandboxProcess;

function credentials(baseUrl?: string) {
	return apiKeyCredentials('apiKeyBearer', {
		baseUrl: baseUrl ?? sandbox.url,
		apiKey: SANDBOX_API_KEY,
	});
}

const injected = { sinceReset: 0 };

/** Ids of pass-through faults (1 ms of latency, then the real answer) used only to skip requests: not counted. */
const passThroughIds = new Set<number>();

async function inject(...faults: Fault[]): Promise<void> {
	for (const fault of faults) {
		const added = (await sandbox.admin('POST', 'faults', fault)) as IDataObject;
		expect(added).toHaveProperty('id');
		if (fault.latencyMs === 1) passThroughIds.add(added.id as number);
		else injected.sinceReset += fault.count ?? 1;
	}
}

/** Lets the next `count` sends through unharmed, so that the fault after it meets a chosen request. */
async function passThrough(count: number): Promise<void> {
	if (count > 0) await inject({ path: SEND_PATH, count, latencyMs: 1 });
}

async function requestLog(): Promise<LogEntry[]> {
	return (await sandbox.admin('GET', 'requests')) as LogEntry[];
}

/**
 * Faults the sandbox really applied since the last reset (request-log entries marked with a fault id, pass-throughs
 * not counted). A delayed answer is logged when the sandbox sends it, after the client gave up: wait for it.
 */
async function faultsApplied(): Promise<number> {
	let applied = 0;
	for (let waited = 0; waited <= 3000; waited += 50) {
		const left = (await sandbox.admin('GET', 'faults')) as Array<{ id: number; remaining: number }>;
		const unused = left
			.filter((f) => !passThroughIds.has(f.id))
			.reduce((n, f) => n + f.remaining, 0);
		applied = (await requestLog()).filter(
			(e) => e.fault !== undefined && !passThroughIds.has(e.fault),
		).length;
		if (applied >= injected.sinceReset - unused) break;
		await sleep(50);
	}
	return applied;
}

async function messages(): Promise<SandboxMessage[]> {
	return (await sandbox.admin('GET', 'messages')) as SandboxMessage[];
}

/** Sends of the same recipient with the same text beyond the first. */
function duplicatesIn(sent: SandboxMessage[]): number {
	const counts = new Map<string, number>();
	for (const message of sent) {
		for (const recipient of message.recipients) {
			const key = `${recipient}\u0000${message.message}`;
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
	}
	return [...counts.values()].reduce((n, c) => n + (c - 1), 0);
}

/** Input items without exactly one output item paired to them (send and single-record operations). */
function lostIn(inputs: number, output: INodeExecutionData[]): number {
	const perItem = new Array<number>(inputs).fill(0);
	for (const item of output) {
		const paired = item.pairedItem as { item: number };
		perItem[paired.item]++;
	}
	return perItem.filter((n) => n !== 1).length + Math.abs(output.length - inputs);
}

const phone = (scenario: number, i: number) =>
	`+2557${String(scenario).padStart(2, '0')}${String(100000 + i).padStart(6, '0')}`;

/**
 * Checks one send scenario at the sandbox and adds it to the totals: no duplicate, no lost item, every success
 * item's recipients really sent (with the message id it reports), no error item's recipients sent twice.
 */
async function audit(
	scenario: number,
	inputs: IDataObject[],
	output: INodeExecutionData[],
	expected: { errors: number; sentErrorItems?: number },
): Promise<{ errors: INodeExecutionData[]; sent: SandboxMessage[] }> {
	const sent = await messages();
	const applied = await faultsApplied();
	const duplicates = duplicatesIn(sent);
	const lost = lostIn(inputs.length, output);
	expect(duplicates).toBe(0);
	expect(lost).toBe(0);

	expect(duplicates).toBe(0);
	expect(lost).toBe(0);
	output.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
	const byId = new Map(sent.map((m) => [m.id, m]));
	const sentTo = new Set(sent.flatMap((m) => m.recipients));
	const errors = output.filter((item) => item.json.error !== undefined);
	expect(errors).toHaveLength(expected.errors);
	for (const [i, item] of output.entries()) {
		const to = inputs[i].to as string;
		if (item.json.error === undefined) {
			const message = byId.get(item.json.message_id as string);
			expect(message?.recipients).toContain(to);
			expect(message?.message).toBe(inputs[i].text);
		} else {
			expect(item.json.itemIndex).toBe(i);
			expect(typeof item.json.description).toBe('string');
		}
	}
	if (expected.sentErrorItems !== undefined) {
		const sentErrors = output.filter(
			(item, i) => item.json.error !== undefined && sentTo.has(inputs[i].to as string),
		);
		expect(sentErrors).toHaveLength(expected.sentErrorItems);
	}
	expect(applied).toBeGreaterThan(0);
	return { errors, sent };
}

function sendItems(
	scenario: number,
	count: number,
	text = `Hardening scenario ${scenario}`,
): IDataObject[] {
	return Array.from({ length: count }, (_, i) => ({ to: phone(scenario, i), text }));
}

async function send(
	items: IDataObject[],
	options: {
		combine?: boolean;
		batchSize?: number;
		timeout?: number;
		continueOnFail?: boolean;
		baseUrl?: string;
	} = {},
) {
	const sendOptions: IDataObject = {};
	if (options.combine) sendOptions.combineItems = true;
	if (options.batchSize) sendOptions.batchSize = options.batchSize;
	return await runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipients: '={{ $json.to }}',
			message: '={{ $json.text }}',
			senderId: 'HARDEN',
			options: sendOptions,
			requestOptions: options.timeout ? { timeout: options.timeout } : {},
		},
		items,
		credentials: credentials(options.baseUrl),
		continueOnFail: options.continueOnFail ?? true,
	});
}

beforeAll(async () => {
	sandbox = await startSandboxProcess({
		SANDBOX_DELIVERY_DELAY_MS: 0,
		SANDBOX_PAYMENT_DELAY_MS: 0,
	});
});

afterAll(async () => {
	await sandbox.stop();
});

beforeEach(async () => {
	await sandbox.admin('POST', 'reset');
	injected.sinceReset = 0;
	await sandbox.admin('POST', 'config', { paymentDelayMs: 0, deliveryDelayMs: 0 });
});

describe('single sends under faults (one request per item, Continue On Fail)', () => {
	it.each<[string, number, Fault[], { errors: number; sentErrorItems: number }, RegExp]>([
		[
			'503 before processing on two sends',
			1,
			[{ path: SEND_PATH, count: 2, status: 503 }],
			{ errors: 2, sentErrorItems: 0 },
			/^The service could not answer \[item \d+\]$/,
		],
		[
			'500 after processing (the SMS went out, the answer did not)',
			2,
			[{ path: SEND_PATH, count: 2, status: 500, phase: 'after' }],
			{ errors: 2, sentErrorItems: 2 },
			/^The service could not answer \[item \d+\]$/,
		],
		[
			'dropped connection before processing',
			3,
			[{ path: SEND_PATH, count: 1, drop: true }],
			{ errors: 1, sentErrorItems: 0 },
			/connection to the SMS Platform service broke off/,
		],
		[
			'dropped connection after processing',
			4,
			[{ path: SEND_PATH, count: 2, drop: true, phase: 'after' }],
			{ errors: 2, sentErrorItems: 2 },
			/connection to the SMS Platform service broke off/,
		],
		[
			'latency beyond the 1 s timeout after processing',
			5,
			[{ path: SEND_PATH, count: 1, latencyMs: 1500, phase: 'after' }],
			{ errors: 1, sentErrorItems: 1 },
			/did not answer within 1 s/,
		],
		[
			'malformed 200 body after processing',
			6,
			[{ path: SEND_PATH, count: 1, malformed: true, phase: 'after' }],
			{ errors: 1, sentErrorItems: 1 },
			/not valid JSON/,
		],
		[
			'HTML 502 page from a proxy',
			7,
			[
				{
					path: SEND_PATH,
					count: 1,
					status: 502,
					body: '<html><head><title>502 Bad Gateway</title></head></html>',
				},
			],
			{ errors: 1, sentErrorItems: 0 },
			/^The service could not answer \[item \d+\]$/,
		],
	])('%s: 0 duplicates, 0 lost', async (_name, scenario, faults, expected, message) => {
		await inject(...faults);
		const items = sendItems(scenario, 6);
		const { output } = await send(items, { timeout: 1 });
		const { errors } = await audit(scenario, items, output, expected);
		for (const error of errors) {
			expect(error.json.error).toMatch(message);
			// A send is never repeated after the server may have accepted it: the user is told so.
			expect(error.json.description).toMatch(/not re-sent|NOT repeated|may have been processed/);
		}
		// Nothing was retried: one request per item reached the sandbox.
		const sends = (await requestLog()).filter((e) => e.path === '/api/integration/v1/sms/send/');
		expect(sends).toHaveLength(items.length);
	});

	it('a 429 storm (4 in a row) is waited out: every item sent once', async () => {
		await inject({ path: SEND_PATH, count: 4, status: 429, headers: { 'Retry-After': '0' } });
		const items = sendItems(8, 5);
		const { output } = await send(items);
		await audit(8, items, output, { errors: 0 });
		const statuses = (await requestLog()).map((e) => e.status);
		expect(statuses).toEqual([429, 429, 429, 429, 200, 200, 200, 200, 200]);
	});

	it('a 429 storm longer than the retry bound fails the item cleanly, nothing sent for it', async () => {
		await inject({ path: SEND_PATH, count: 6, status: 429, headers: { 'Retry-After': '0' } });
		const items = sendItems(9, 3);
		const { output } = await send(items);
		const { errors } = await audit(9, items, output, { errors: 1, sentErrorItems: 0 });
		expect(errors[0].json).toMatchObject({ httpCode: '429', itemIndex: 0 });
		expect(errors[0].json.error).toMatch(/^The service's rate limit is used up \[item \d+\]$/);
		expect(errors[0].json.description).toContain(
			'"Rate limit exceeded (injected fault)" (HTTP 429',
		);
	});

	it('a real rate limit (5 requests a second) is paced: 12 sends, all once', async () => {
		await sandbox.admin('POST', 'config', { rateLimit: 5, rateWindowSeconds: 1 });
		const items = sendItems(10, 12);
		const { output } = await send(items);
		const sent = await messages();
		expect(duplicatesIn(sent)).toBe(0);
		expect(lostIn(items.length, output)).toBe(0);
		// Pacing: the rate-limit headers are read, the node waits for the reset instead of earning 429s.
		expect(output.every((o) => o.json.error === undefined)).toBe(true);
		expect(sent).toHaveLength(12);
		expect(duplicatesIn(sent)).toBe(0);
	});

	it('connection refused: every item fails cleanly, nothing sent', async () => {
		const items = sendItems(11, 4);
		const { output } = await send(items, { baseUrl: REFUSED_URL });
		expect(lostIn(items.length, output)).toBe(0);
		expect(lostIn(items.length, output)).toBe(0);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.error).toBe(
				`Could not connect to the SMS Platform service at ${REFUSED_URL} (ECONNREFUSED) [item ${i}]`,
			);
			expect(item.json.itemIndex).toBe(i);
		});
		expect(await messages()).toHaveLength(0);
	});

	it('without Continue On Fail a fault stops the run: earlier items sent once, nothing after', async () => {
		await inject({ path: SEND_PATH, count: 1, status: 503, phase: 'after' });
		const items = sendItems(12, 4);
		// The first send is processed, its answer replaced by a 503: the run fails on item 0.
		await expect(send(items, { continueOnFail: false })).rejects.toMatchObject({
			message: 'The service could not answer [item 0]',
			context: expect.objectContaining({ itemIndex: 0 }),
		});
		const sent = await messages();
		expect(sent.map((m) => m.recipients)).toEqual([[items[0].to]]);
		await faultsApplied(); // waits until the injected faults were used
		expect(duplicatesIn(sent)).toBe(0);
	});
});

describe('combined sends under faults (Combine Items, 45 items, batches of 10)', () => {
	/** Makes the n-th send request (1-based) meet `fault`. */
	async function onBatch(n: number, fault: Fault): Promise<void> {
		await passThrough(n - 1);
		await inject(fault);
	}

	it.each<[string, number, number, Fault, number, RegExp]>([
		[
			'503 before processing on batch 2',
			20,
			2,
			{ path: SEND_PATH, status: 503 },
			0,
			/^The service could not answer \[item \d+\]$/,
		],
		[
			'503 after processing on batch 3',
			21,
			3,
			{ path: SEND_PATH, status: 503, phase: 'after' },
			10,
			/^The service could not answer \[item \d+\]$/,
		],
		[
			'dropped connection after processing on batch 1',
			22,
			1,
			{ path: SEND_PATH, drop: true, phase: 'after' },
			10,
			/broke off/,
		],
		[
			'dropped connection before processing on batch 5',
			23,
			5,
			{ path: SEND_PATH, drop: true },
			0,
			/broke off/,
		],
		[
			'latency beyond the timeout on batch 4',
			24,
			4,
			{ path: SEND_PATH, latencyMs: 1500, phase: 'after' },
			10,
			/within 1 s/,
		],
		[
			'malformed answer on batch 2',
			25,
			2,
			{ path: SEND_PATH, malformed: true, phase: 'after' },
			10,
			/not valid JSON/,
		],
	])(
		"%s: the batch's items become error items, the others succeed, 0 duplicates, 0 lost",
		async (_n, scenario, batch, fault, sentErrorItems, message) => {
			await onBatch(batch, fault);
			const items = sendItems(scenario, 45);
			const { output } = await send(items, { combine: true, batchSize: 10, timeout: 1 });
			const batchSize = batch === 5 ? 5 : 10;
			const { errors } = await audit(scenario, items, output, {
				errors: batchSize,
				sentErrorItems,
			});
			const failedIndexes = errors.map((e) => e.json.itemIndex);
			expect(failedIndexes).toEqual(
				Array.from({ length: batchSize }, (_, i) => (batch - 1) * 10 + i),
			);
			for (const error of errors) expect(error.json.error).toMatch(message);
			// One request a batch, none repeated.
			const sends = (await requestLog()).filter((e) => e.path === '/api/integration/v1/sms/send/');
			expect(sends).toHaveLength(5);
		},
	);

	it('a 429 storm on the combined sends is waited out: 45 items, 5 requests that count, all sent once', async () => {
		await inject({ path: SEND_PATH, count: 3, status: 429, headers: { 'Retry-After': '0' } });
		const items = sendItems(26, 45);
		const { output } = await send(items, { combine: true, batchSize: 10 });
		await audit(26, items, output, { errors: 0 });
		expect((await messages()).map((m) => m.recipients.length)).toEqual([10, 10, 10, 10, 5]);
	});

	it('faults on several batches at once, with invalid items mixed in: each item accounted for', async () => {
		await inject({ path: SEND_PATH, count: 1, status: 429, headers: { 'Retry-After': '0' } });
		await passThrough(1);
		await inject(
			{ path: SEND_PATH, count: 1, status: 500, phase: 'after' },
			{ path: SEND_PATH, count: 1, drop: true },
		);
		const items = sendItems(27, 40);
		items[7] = { to: '0712 not a number', text: items[7].text };
		items[33] = { to: '+255 712', text: items[33].text };
		const { output } = await send(items, { combine: true, batchSize: 10 });
		const sent = await messages();
		const lost = lostIn(items.length, output);
		await faultsApplied(); // waits until the injected faults were used
		expect(duplicatesIn(sent)).toBe(0);
		expect(lost).toBe(0);
		expect(lost).toBe(0);
		expect(duplicatesIn(sent)).toBe(0);
		expect(output[7].json.error).toBe(
			'Recipient "0712 not a number" is not a usable phone number: a phone number may only contain digits, an initial +, spaces, dashes, dots and parentheses [item 7]',
		);
		expect(output[33].json.error).toMatch(
			/^Recipient "\+255 712" is not a usable phone number: a number in Tanzania \(\+255\) has 9 digits after the country code, this one has 3 \[item 33\]$/,
		);
		// 38 valid numbers in 4 batches: 1 ok (after a 429), 2 processed but answered 500, 3 dropped unprocessed, 4 ok.
		const failed = output
			.map((o, i) => (o.json.error === undefined ? -1 : i))
			.filter((i) => i >= 0);
		expect(failed).toHaveLength(2 + 20);
		expect(sent.map((m) => m.recipients.length)).toEqual([10, 10, 8]);
	});
});

describe('combined sends: what each item is told', () => {
	it('an item whose recipients were all on the failed request is not told that part of it was sent', async () => {
		// Batch Size 2: item 0 has 3 numbers (a1 a2 | a3 …), item 1 has 1 (… b1). The second request fails unprocessed.
		await passThrough(1);
		await inject({ path: SEND_PATH, count: 1, status: 503 });
		const text = 'Hardening scenario 28';
		const items = [
			{ to: [phone(28, 1), phone(28, 2), phone(28, 3)].join(','), text },
			{ to: phone(28, 4), text },
		];
		const { output } = await send(items, { combine: true, batchSize: 2 });
		const sent = await messages();
		expect(sent.map((m) => m.recipients)).toEqual([[phone(28, 1), phone(28, 2)]]);
		expect(output.map((o) => o.json.itemIndex)).toEqual([0, 1]);
		expect(output[0].json.description).toMatch(/Part of this item was sent: 2 recipient\(s\)/);
		expect(output[1].json.description).not.toMatch(/Part of this item was sent/);
		expect(String(output[0].json.description).match(/Part of this item was sent/g)).toHaveLength(1);
		await faultsApplied(); // waits until the injected faults were used
		expect(duplicatesIn(sent)).toBe(0);
		expect(lostIn(items.length, output)).toBe(0);
	});
});

describe('paged lists under faults (Billing → Get Many, Return All)', () => {
	async function history(options: { timeout?: number; items?: IDataObject[] } = {}) {
		return await runNode({
			parameters: {
				resource: 'billing',
				operation: 'getHistory',
				returnAll: true,
				requestOptions: options.timeout ? { timeout: options.timeout } : {},
			},
			items: options.items,
			credentials: credentials(),
			continueOnFail: true,
		});
	}

	it('5xx, drops, latency and a 429 storm on different pages: all 1260 records once each', async () => {
		await sandbox.admin('POST', 'billing-records', { count: 1000 });
		const state = (await sandbox.admin('GET', 'state')) as IDataObject;
		await inject(
			{ path: 'page=3&', method: 'GET', count: 2, status: 503 },
			{ path: 'page=5&', method: 'GET', count: 1, drop: true },
			{ path: 'page=7&', method: 'GET', count: 1, latencyMs: 1500 },
			{ path: 'page=9&', method: 'GET', count: 3, status: 429, headers: { 'Retry-After': '0' } },
			{
				path: 'page=11&',
				method: 'GET',
				count: 1,
				status: 502,
				body: '<html><title>Bad Gateway</title></html>',
			},
		);
		const { output } = await history({ timeout: 1 });
		const ids = output.map((o) => o.json.id);
		expect(output).toHaveLength(state.billingRecords as number);
		expect(new Set(ids).size).toBe(ids.length);
		expect(output.every((o) => o.json.error === undefined)).toBe(true);
		const applied = await faultsApplied();
		expect(applied).toBe(2 + 1 + 1 + 3 + 1);
	});

	it('a page that keeps failing past the retries fails its item only; the next item reads the whole list', async () => {
		await inject({ path: 'page=2&', method: 'GET', count: 4, status: 503 });
		const { output } = await history({ items: [{}, {}] });
		const failed = output.filter((o) => o.json.error !== undefined);
		expect(failed).toHaveLength(1);
		expect(failed[0]).toEqual({
			json: expect.objectContaining({
				error: 'The service could not answer [item 0]',
				httpCode: '503',
				itemIndex: 0,
			}),
			pairedItem: { item: 0 },
		});
		const second = output.filter((o) => o.json.error === undefined);
		expect(second).toHaveLength(260);
		expect(second.every((o) => (o.pairedItem as { item: number }).item === 1)).toBe(true);
		await faultsApplied(); // waits until the injected faults were used
	});

	it('a malformed page is an error item, not a silently shorter list', async () => {
		await inject({ path: 'page=2&', method: 'GET', count: 1, malformed: true });
		const { output } = await history();
		expect(output).toHaveLength(1);
		expect(output[0].json.error).toMatch(/^The service's answer is not valid JSON \[item \d+\]$/);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		await faultsApplied(); // waits until the injected faults were used
	});

	it('a record added while the pages are read (the list shifts) is not output twice', async () => {
		await inject({ path: 'page=2&', method: 'GET', count: 1, latencyMs: 600 });
		const listing = history();
		await sleep(250);
		// A payment puts a new record on top of the newest-first list while page 2 is on its way.
		const payment = await runNode({
			parameters: {
				resource: 'partnerTenant',
				operation: 'initiatePayment',
				tenantId: TENANT_ID,
				packageId: { __rl: true, mode: 'id', value: STARTER_PACKAGE },
				buyerEmail: 'buyer@example.com',
				buyerName: 'Buyer',
				buyerPhone: '0712345678',
				mobileMoneyProvider: 'tigo',
			},
			credentials: credentials(),
		});
		expect(payment.output[0].json.status).toBe('pending');
		const { output } = await listing;
		const ids = output.map((o) => o.json.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.length).toBeGreaterThanOrEqual(260);
		await faultsApplied(); // waits until the injected faults were used
	});

	it('connection refused on a list: an error item naming the address', async () => {
		const { output } = await runNode({
			parameters: { resource: 'notification', operation: 'getAll', returnAll: true },
			credentials: credentials(REFUSED_URL),
			continueOnFail: true,
		});
		expect(output).toEqual([
			{
				json: expect.objectContaining({
					error: `Could not connect to the SMS Platform service at ${REFUSED_URL} (ECONNREFUSED) [item 0]`,
					itemIndex: 0,
				}),
				pairedItem: { item: 0 },
			},
		]);
	});
});

describe('trigger polls across faults and restarts: every event exactly once', () => {
	const defaultTimeout = policy.timeoutMs;

	afterEach(() => {
		policy.timeoutMs = defaultTimeout;
	});

	/**
	 * One poll as n8n runs it, the static data carried as JSON (a restart between polls loses nothing else). A poll that
	 * fails keeps the previous static data, as n8n does.
	 */
	async function poll(
		parameters: IDataObject,
		staticData: StaticData,
		baseUrl?: string,
	): Promise<{ items: IDataObject[]; staticData: StaticData; error?: Error }> {
		const carried = JSON.parse(JSON.stringify(staticData)) as StaticData;
		try {
			const result = await pollTrigger({
				parameters,
				staticData: carried,
				credentials: credentials(baseUrl),
			});
			return { items: result.items ?? [], staticData: result.staticData };
		} catch (error) {
			return { items: [], staticData, error: error as Error };
		}
	}

	function countEvents(seen: string[], expected: string[]): void {
		const counts = new Map<string, number>();
		for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
		const duplicates = [...counts.values()].reduce((n, c) => n + c - 1, 0);
		const missed = expected.filter((id) => !counts.has(id)).length;
		expect(duplicates).toBe(0);
		expect(missed).toBe(0);
		expect([...counts.keys()].sort()).toEqual([...expected].sort());
	}

	it('New Notification: 5xx, drops, timeouts, 429s, malformed pages and restarts', async () => {
		policy.timeoutMs = 1000;
		const parameters = { event: 'newNotification' };
		const seen: string[] = [];
		const expected: string[] = [];
		const add = async (n: number, tag: string) => {
			for (let i = 0; i < n; i++) {
				const created = (await sandbox.admin('POST', 'notifications', {
					title: `${tag} ${i}`,
					message: `Hardening ${tag} ${i}`,
					type: 'info',
				})) as IDataObject;
				expect(created.id).toEqual(expect.any(String));
				expected.push(`${tag} ${i}`);
			}
		};
		const collect = (items: IDataObject[]) => seen.push(...items.map((item) => String(item.title)));

		// Activation: the baseline, nothing fires.
		let state: StaticData = {};
		let result = await poll(parameters, state);
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		state = result.staticData;

		// 3 new; the poll meets 503s past the retries: it fails, the cursor stays.
		await add(3, 'A');
		await inject({ path: '^/api/notifications/', count: 4, status: 503 });
		result = await poll(parameters, state);
		expect(result.error?.message).toBe('The service could not answer');
		expect(result.staticData).toEqual(state);
		// The next poll delivers them.
		result = await poll(parameters, state);
		collect(result.items);
		state = result.staticData;

		// A restart (only the static data JSON survives): nothing fires again.
		result = await poll(parameters, JSON.parse(JSON.stringify(state)) as StaticData);
		expect(result.items).toEqual([]);
		state = result.staticData;

		// 2 new, a dropped connection (retried), then latency beyond the timeout (retried), then a 429 storm.
		await add(2, 'B');
		await inject(
			{ path: '^/api/notifications/', count: 1, drop: true },
			{ path: '^/api/notifications/', count: 1, latencyMs: 1500 },
			{ path: '^/api/notifications/', count: 3, status: 429, headers: { 'Retry-After': '0' } },
		);
		result = await poll(parameters, state);
		expect(result.error).toBeUndefined();
		collect(result.items);
		state = result.staticData;

		// A malformed answer fails the poll (not retried), the next one delivers.
		await add(1, 'C');
		await inject({ path: '^/api/notifications/', count: 1, malformed: true });
		result = await poll(parameters, state);
		expect(result.error?.message).toMatch(/not valid JSON/);
		result = await poll(parameters, state);
		collect(result.items);
		state = result.staticData;

		// 150 new at once: more than a page and more than Max Events per Poll (100). Page 2 fails once past retries.
		await add(150, 'D');
		await inject({ path: 'page=2&', count: 4, drop: true });
		result = await poll(parameters, state);
		expect(result.error?.message).toMatch(/connection to the SMS Platform service broke off/);
		for (let i = 0; i < 3; i++) {
			result = await poll(parameters, JSON.parse(JSON.stringify(state)) as StaticData);
			expect(result.error).toBeUndefined();
			collect(result.items);
			state = result.staticData;
		}

		// Connection refused: the poll fails cleanly, the cursor stays; then a quiet poll.
		result = await poll(parameters, state, REFUSED_URL);
		expect(result.error?.message).toBe(
			`Could not connect to the SMS Platform service at ${REFUSED_URL} (ECONNREFUSED)`,
		);
		result = await poll(parameters, state);
		expect(result.items).toEqual([]);

		countEvents(seen, expected);
	});

	it('Payment Completed: payments pending across faulty polls and restarts fire once each when completed', async () => {
		const parameters = { event: 'paymentCompleted' };
		const seen: string[] = [];
		const initiate = async () => {
			const { output } = await runNode({
				parameters: {
					resource: 'partnerTenant',
					operation: 'initiatePayment',
					tenantId: TENANT_ID,
					packageId: { __rl: true, mode: 'id', value: STARTER_PACKAGE },
					buyerEmail: 'buyer@example.com',
					buyerName: 'Buyer',
					buyerPhone: '0712345678',
					mobileMoneyProvider: 'vodacom',
				},
				credentials: credentials(),
			});
			return output[0].json.transaction_id as string;
		};
		const complete = async (id: string) => {
			const done = (await sandbox.admin('POST', `payments/${id}/complete`)) as IDataObject;
			expect(JSON.stringify(done)).toContain('completed');
		};
		const collect = (items: IDataObject[]) =>
			seen.push(...items.map((item) => String(item.transaction_id ?? item.id)));

		let state: StaticData = {};
		let result = await poll(parameters, state);
		expect(result.items).toEqual([]);
		state = result.staticData;

		const payments = [await initiate(), await initiate(), await initiate()];
		// Pending payments are remembered, nothing fires.
		result = await poll(parameters, state);
		expect(result.items).toEqual([]);
		state = result.staticData;

		// The first completes; the poll fails past its retries: nothing lost.
		await complete(payments[0]);
		await inject({ path: HISTORY_PATH, count: 4, status: 500 });
		result = await poll(parameters, state);
		expect(result.error?.message).toBe('The service could not answer');
		result = await poll(parameters, state);
		collect(result.items);
		state = result.staticData;
		expect(seen).toEqual([payments[0]]);

		// Restart; the other two complete; a drop and a 429 on the way (retried).
		await complete(payments[1]);
		await complete(payments[2]);
		await inject(
			{ path: HISTORY_PATH, count: 1, drop: true },
			{ path: HISTORY_PATH, count: 2, status: 429, headers: { 'Retry-After': '0' } },
		);
		result = await poll(parameters, JSON.parse(JSON.stringify(state)) as StaticData);
		expect(result.error).toBeUndefined();
		collect(result.items);
		state = result.staticData;

		// A fourth payment initiated and completed between two polls, the first of which is malformed.
		const fourth = await initiate();
		await complete(fourth);
		await inject({ path: HISTORY_PATH, count: 1, malformed: true });
		result = await poll(parameters, state);
		expect(result.error?.message).toMatch(/not valid JSON/);
		result = await poll(parameters, state);
		collect(result.items);
		state = result.staticData;

		// Quiet polls and another restart: nothing fires again.
		for (let i = 0; i < 2; i++) {
			result = await poll(parameters, JSON.parse(JSON.stringify(state)) as StaticData);
			expect(result.items).toEqual([]);
			state = result.staticData;
		}
		countEvents(seen, [...payments, fourth]);
		await faultsApplied(); // waits until the injected faults were used
	});

	it('Low Balance: fires once per drop below the threshold, across failed polls and restarts', async () => {
		const parameters = { event: 'lowBalance', threshold: 1000 };
		const fired: number[] = [];
		let state: StaticData = {};
		let result = await poll(parameters, state);
		expect(result.items).toEqual([]);
		state = result.staticData;

		await sandbox.admin('POST', 'balance', { balance: 500 });
		await inject({ path: 'balance', count: 4, status: 503 });
		result = await poll(parameters, state);
		expect(result.error?.message).toBe('The service could not answer');
		result = await poll(parameters, state);
		fired.push(...result.items.map((item) => item.balance as number));
		state = result.staticData;
		for (let i = 0; i < 2; i++) {
			await inject({ path: 'balance', count: 1, drop: true });
			result = await poll(parameters, JSON.parse(JSON.stringify(state)) as StaticData);
			expect(result.items).toEqual([]);
			state = result.staticData;
		}
		// Back above, then below again: fires once more.
		await sandbox.admin('POST', 'balance', { balance: 5000 });
		result = await poll(parameters, state);
		state = result.staticData;
		await sandbox.admin('POST', 'balance', { balance: 20 });
		await inject({ path: 'balance', count: 2, status: 429, headers: { 'Retry-After': '0' } });
		result = await poll(parameters, state);
		fired.push(...result.items.map((item) => item.balance as number));
		state = result.staticData;
		result = await poll(parameters, state);
		expect(result.items).toEqual([]);

		expect(fired).toEqual([500, 20]);
		await faultsApplied(); // waits until the injected faults were used
	});
});
