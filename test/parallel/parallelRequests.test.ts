/**
 * Bounded parallel requests (Request Options → Parallel Requests): combined sends and Return All keep several
 * requests in flight, never more than asked for nor than the rate limit has left; outputs stay paired and in input
 * order; a failed batch fails exactly the items it carried, and a send that may have been accepted is not repeated.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { BASE_URL, runNode } from '../support/harness';

const SEND = '/api/integration/v1/sms/send/';
const NOTIFICATIONS = '/api/notifications/';

const phone = (i: number) => `+2557${String(10000000 + i).padStart(8, '0')}`;

/** Counts requests in flight at the service: each answer takes `delayMs`. */
class Concurrency {
	now = 0;
	max = 0;
	async hold<T>(delayMs: number, answer: () => T): Promise<T> {
		this.now++;
		this.max = Math.max(this.max, this.now);
		await sleep(delayMs);
		this.now--;
		return answer();
	}
}

interface SendService {
	bodies: IDataObject[];
	concurrency: Concurrency;
	/** Statuses of the answers, in the order they were given. */
	statuses: number[];
}

/**
 * A send endpoint answering each request after `delayMs`. `failOn(n)` gives a status for the n-th request (1-based);
 * `window` makes it a rate-limited service: `limit` requests per `ms`, with X-RateLimit headers, 429 beyond.
 */
function sendService(
	options: {
		delayMs?: number;
		failOn?: (n: number) => number | undefined;
		window?: { limit: number; ms: number };
	} = {},
): SendService {
	const service: SendService = { bodies: [], concurrency: new Concurrency(), statuses: [] };
	let windowStart = Date.now();
	let used = 0;
	nock(BASE_URL)
		.persist()
		.post(SEND)
		.reply(async (_uri, body) => {
			const n = service.bodies.length + 1;
			service.bodies.push(body as IDataObject);
			const headers: Record<string, string> = {};
			if (options.window) {
				const now = Date.now();
				if (now - windowStart >= options.window.ms) {
					windowStart = now;
					used = 0;
				}
				used++;
				headers['X-RateLimit-Limit'] = String(options.window.limit);
				headers['X-RateLimit-Remaining'] = String(Math.max(0, options.window.limit - used));
				headers['X-RateLimit-Reset'] = String(windowStart + options.window.ms);
				if (used > options.window.limit) {
					service.statuses.push(429);
					return [429, { detail: 'Request was throttled.' }, headers];
				}
			}
			return service.concurrency.hold(options.delayMs ?? 20, () => {
				const status = options.failOn?.(n) ?? 200;
				service.statuses.push(status);
				return status === 200
					? [200, { success: true, message_id: `msg-${n}`, status: 'sent' }, headers]
					: [status, { error: `Provider failed batch ${n}` }, headers];
			});
		});
	return service;
}

function broadcast(count: number, requestOptions: IDataObject = {}) {
	return {
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipients: '={{ $json.to }}',
			message: 'Hello',
			senderId: 'ACME',
			options: { combineItems: true, batchSize: 100 },
			requestOptions,
		},
		items: Array.from({ length: count }, (_, i) => ({ to: phone(i) })),
	};
}

/** Every recipient carried by exactly one request, and every output item paired to its input, in order. */
function expectEachSentOnce(service: SendService, count: number) {
	const sent = service.bodies.flatMap((b) => b.recipients as string[]);
	expect(sent.sort()).toEqual(Array.from({ length: count }, (_, i) => phone(i)).sort());
}

describe('combined sends in parallel', () => {
	afterEach(() => nock.cleanAll());

	it('keeps 4 requests in flight by default, the first alone, and outputs every item paired, in order', async () => {
		const service = sendService();
		const { output } = await runNode(broadcast(1000));
		expect(service.bodies).toHaveLength(10);
		expect(service.concurrency.max).toBe(4);
		expectEachSentOnce(service, 1000);
		expect(output).toHaveLength(1000);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.recipients).toEqual([phone(i)]);
			// The message id is the one of the request that carried this item's number.
			const carrier = service.bodies.findIndex((b) =>
				(b.recipients as string[]).includes(phone(i)),
			);
			expect(item.json.message_id).toBe(`msg-${carrier + 1}`);
		});
	});

	it('Parallel Requests 1 sends one batch after another; 2 keeps at most 2 in flight', async () => {
		const one = sendService();
		await runNode(broadcast(500, { parallelRequests: 1 }));
		expect(one.bodies).toHaveLength(5);
		expect(one.concurrency.max).toBe(1);
		nock.cleanAll();
		const two = sendService();
		await runNode(broadcast(500, { parallelRequests: 2 }));
		expect(two.concurrency.max).toBe(2);
		expectEachSentOnce(two, 500);
	});

	it('never more in flight than X-RateLimit-Remaining, paced to the reset: no 429', async () => {
		// 3 requests per 400 ms window: 10 batches need 4 windows.
		const service = sendService({ window: { limit: 3, ms: 400 }, delayMs: 5 });
		const { output } = await runNode(broadcast(1000, { parallelRequests: 10 }));
		expect(service.statuses.filter((s) => s === 429)).toHaveLength(0);
		expect(service.concurrency.max).toBeLessThanOrEqual(3);
		expect(service.bodies).toHaveLength(10);
		expectEachSentOnce(service, 1000);
		expect(output.every((item) => typeof item.json.message_id === 'string')).toBe(true);
	});

	it('a failed batch (HTTP 500) fails exactly the items it carried, and is not sent again', async () => {
		const service = sendService({ failOn: (n) => (n === 3 ? 500 : undefined) });
		const { output } = await runNode({ ...broadcast(1000), continueOnFail: true });
		// 10 requests: the 500 may have been accepted, so it was not repeated.
		expect(service.bodies).toHaveLength(10);
		expectEachSentOnce(service, 1000);
		const failedRecipients = new Set(service.bodies[2].recipients as string[]);
		expect(output).toHaveLength(1000);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			if (failedRecipients.has(phone(i))) {
				expect(item.json.error).toMatch(/^The service could not answer \[item \d+\]$/);
				expect(item.json.description).toContain('"Provider failed batch 3" (HTTP 500)');
				expect(item.json.itemIndex).toBe(i);
			} else {
				expect(item.json.error).toBeUndefined();
				expect(item.json.message_id).toMatch(/^msg-/);
			}
		});
		expect(output.filter((item) => item.json.error)).toHaveLength(100);
	});

	it('without Continue On Fail, no batch starts after a failure; the run fails on the first failed item', async () => {
		const service = sendService({ failOn: (n) => (n === 2 ? 400 : undefined), delayMs: 30 });
		await expect(runNode(broadcast(1000))).rejects.toThrow(
			/^The service refused the request as invalid \[item \d+\]$/,
		);
		// Batch 1 alone, then 2–5 in flight together: 2 fails, 3–5 were already on their way; nothing after.
		expect(service.bodies.length).toBeLessThanOrEqual(5);
		expect(service.bodies.length).toBeGreaterThanOrEqual(2);
	});
});

describe('Return All in parallel', () => {
	afterEach(() => nock.cleanAll());

	/** A newest-first notification list of `count` records, paged with `count`, `next` and `results`. */
	function notificationList(count: number, remaining?: () => number) {
		const concurrency = new Concurrency();
		const pages: number[] = [];
		const records = Array.from({ length: count }, (_, i) => ({
			id: `n-${String(count - i).padStart(5, '0')}`,
			title: 'Hello',
			created_at: new Date(Date.UTC(2026, 0, 1) + (count - i) * 1000).toISOString(),
		}));
		nock(BASE_URL)
			.persist()
			.get(NOTIFICATIONS)
			.query(true)
			.reply(async (uri) => {
				const url = new URL(uri, BASE_URL);
				const page = Number(url.searchParams.get('page'));
				const size = Number(url.searchParams.get('page_size'));
				pages.push(page);
				const headers: Record<string, string> = {};
				if (remaining) {
					headers['X-RateLimit-Remaining'] = String(remaining());
					headers['X-RateLimit-Reset'] = String(Date.now() + 3600_000);
				}
				return concurrency.hold(20, () => [
					200,
					{
						count,
						next: page * size < count ? `${BASE_URL}${NOTIFICATIONS}?page=${page + 1}` : null,
						previous: null,
						results: records.slice((page - 1) * size, page * size),
					},
					headers,
				]);
			});
		return { records, pages, concurrency };
	}

	const returnAll = (requestOptions: IDataObject = {}) => ({
		parameters: { resource: 'notification', operation: 'getAll', returnAll: true, requestOptions },
	});

	it('reads the pages the count announces 4 at a time, with as many requests as one after another', async () => {
		const list = notificationList(1050);
		const { output } = await runNode(returnAll());
		expect(list.pages.sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
		expect(list.concurrency.max).toBe(4);
		expect(output.map((item) => item.json.id)).toEqual(list.records.map((r) => r.id));
	});

	it('Parallel Requests 1 reads one page after another', async () => {
		const list = notificationList(450);
		const { output } = await runNode(returnAll({ parallelRequests: 1 }));
		expect(list.pages).toEqual([1, 2, 3, 4, 5]);
		expect(list.concurrency.max).toBe(1);
		expect(output).toHaveLength(450);
	});

	it('never more pages in flight than X-RateLimit-Remaining', async () => {
		const list = notificationList(1050, () => 2);
		const { output } = await runNode(returnAll({ parallelRequests: 8 }));
		expect(list.concurrency.max).toBe(2);
		expect(list.pages).toHaveLength(11);
		expect(output).toHaveLength(1050);
	});

	it('a Limit reads only the pages it needs', async () => {
		const list = notificationList(1050);
		const { output } = await runNode({
			parameters: { resource: 'notification', operation: 'getAll', returnAll: false, limit: 250 },
		});
		expect(output).toHaveLength(250);
		// page_size is 100 for a limit over 100: pages 1–3, nothing more.
		expect(list.pages.sort()).toEqual([1, 2, 3]);
	});
});
