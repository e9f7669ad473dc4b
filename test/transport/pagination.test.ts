/**
 * Pagination (`page` and `page_size`, 100 when returning all), through billing.getHistory node runs:
 * the page envelope's `next`/`count`, a limit, bare arrays, and servers that ignore `page`.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { PAGE_SIZE as MAX_PAGE_SIZE } from '../../nodes/SmsPlatform/transport/pages';
import { BASE_URL, runNode } from '../support/harness';

const HISTORY = '/api/billing/history/';

function record(n: number): IDataObject {
	return {
		id: `rec-${n}`,
		type: 'usage',
		description: `SMS batch ${n}`,
		amount: String(-n),
		currency: 'TZS',
		status: 'completed',
		created_at: '2024-05-01T10:00:00Z',
	};
}

function range(from: number, to: number): IDataObject[] {
	const out: IDataObject[] = [];
	for (let n = from; n <= to; n++) out.push(record(n));
	return out;
}

/** A paged server: answers `page`/`page_size` from `total` records with the documented envelope. */
function pagedServer(total: number, shape: 'envelope' | 'countOnly' | 'bare' = 'envelope') {
	const queries: IDataObject[] = [];
	nock(BASE_URL)
		.get(HISTORY)
		.query(true)
		.times(100)
		.reply((uri) => {
			const url = new URL(uri, BASE_URL);
			const query = Object.fromEntries(url.searchParams.entries());
			queries.push(query);
			const page = Number(query.page ?? 1);
			const size = Number(query.page_size ?? 20);
			const start = (page - 1) * size + 1;
			const results = start > total ? [] : range(start, Math.min(total, start + size - 1));
			const hasMore = start + size - 1 < total;
			const next = hasMore ? `${BASE_URL}${HISTORY}?page=${page + 1}&page_size=${size}` : null;
			const previous = page > 1 ? `${BASE_URL}${HISTORY}?page=${page - 1}&page_size=${size}` : null;
			if (shape === 'bare') return [200, results];
			if (shape === 'countOnly') return [200, { count: total, results }];
			return [200, { count: total, next, previous, results }];
		});
	return queries;
}

const history = (extra: IDataObject = {}) => ({
	resource: 'billing',
	operation: 'getHistory',
	...extra,
});

describe('pagination', () => {
	it('Return All follows the pages, 100 a page, and outputs one item per record', async () => {
		const queries = pagedServer(250);
		const { output } = await runNode({ parameters: history({ returnAll: true }) });
		expect(queries).toEqual([
			{ page: '1', page_size: '100' },
			{ page: '2', page_size: '100' },
			{ page: '3', page_size: '100' },
		]);
		expect(MAX_PAGE_SIZE).toBe(100);
		expect(output).toHaveLength(250);
		expect(output[0]).toEqual({ json: { ...record(1), amount: -1 }, pairedItem: { item: 0 } });
		expect(output[249].json.id).toBe('rec-250');
		expect(new Set(output.map((item) => item.json.id)).size).toBe(250);
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('passes the type filter on every page', async () => {
		const queries = pagedServer(120);
		await runNode({ parameters: history({ returnAll: true, filters: { type: 'usage' } }) });
		expect(queries).toEqual([
			{ page: '1', page_size: '100', type: 'usage' },
			{ page: '2', page_size: '100', type: 'usage' },
		]);
	});

	it('a limit below 100 asks for that many in one request', async () => {
		const queries = pagedServer(250);
		const { output } = await runNode({ parameters: history({ returnAll: false, limit: 5 }) });
		expect(queries).toEqual([{ page: '1', page_size: '5' }]);
		expect(output.map((item) => item.json.id)).toEqual([
			'rec-1',
			'rec-2',
			'rec-3',
			'rec-4',
			'rec-5',
		]);
	});

	it('a limit above 100 reads pages of 100 and stops as soon as it has enough', async () => {
		const queries = pagedServer(1000);
		const { output } = await runNode({ parameters: history({ returnAll: false, limit: 150 }) });
		expect(queries).toEqual([
			{ page: '1', page_size: '100' },
			{ page: '2', page_size: '100' },
		]);
		expect(output).toHaveLength(150);
		expect(output[149].json.id).toBe('rec-150');
	});

	it('a limit larger than the list returns the whole list', async () => {
		const queries = pagedServer(7);
		const { output } = await runNode({ parameters: history({ returnAll: false, limit: 50 }) });
		expect(queries).toEqual([{ page: '1', page_size: '50' }]);
		expect(output).toHaveLength(7);
	});

	it('stops on the count when the envelope has no `next`', async () => {
		const queries = pagedServer(200, 'countOnly');
		const { output } = await runNode({ parameters: history({ returnAll: true }) });
		expect(queries).toHaveLength(2);
		expect(output).toHaveLength(200);
	});

	it('stops on a short page of a bare array', async () => {
		const queries = pagedServer(230, 'bare');
		const { output } = await runNode({ parameters: history({ returnAll: true }) });
		expect(queries.map((q) => q.page)).toEqual(['1', '2', '3']);
		expect(output).toHaveLength(230);
	});

	it('stops when a server ignores `page` and repeats the same records', async () => {
		let requests = 0;
		nock(BASE_URL)
			.get(HISTORY)
			.query(true)
			.times(10)
			.reply(() => {
				requests++;
				return [200, { next: `${BASE_URL}${HISTORY}?page=2`, results: range(1, 100) }];
			});
		const { output } = await runNode({ parameters: history({ returnAll: true }) });
		expect(requests).toBe(2);
		expect(output).toHaveLength(100);
	});

	it('an empty list outputs no items', async () => {
		nock(BASE_URL).get(HISTORY).query({ page: '1', page_size: '100' }).reply(200, {
			count: 0,
			next: null,
			previous: null,
			results: [],
		});
		const { output } = await runNode({ parameters: history({ returnAll: true }) });
		expect(output).toEqual([]);
	});

	it('a failing page fails the item with the server’s words', async () => {
		nock(BASE_URL)
			.get(HISTORY)
			.query({ page: '1', page_size: '100' })
			.reply(200, { count: 150, next: 'x', results: range(1, 100) })
			.get(HISTORY)
			.query({ page: '2', page_size: '100' })
			.reply(400, { page: ['Invalid page.'] });
		await expect(runNode({ parameters: history({ returnAll: true }) })).rejects.toThrow(
			'The service refused the request as invalid [item 0]',
		);
	});
});
