import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials } from '../../support/harness';
import { describeListOperation, listRunner } from '../listContract';
import { caught } from '../shared';

const PATH = '/api/billing/history/';
const TYPES = ['purchase', 'payment', 'usage'];

/** A billing record as the reference documents it (usage amounts are negative). */
function record(n: number, type = TYPES[n % 3]): IDataObject {
	return {
		id: `0b1e0000-0000-4000-8000-${String(n).padStart(12, '0')}`,
		type,
		description: type === 'usage' ? `SMS sent (${n})` : `Package purchase ${n}`,
		amount: type === 'usage' ? -25.5 : 10000.0 + n,
		currency: 'TZS',
		status: 'completed',
		created_at: `2025-01-${String((n % 28) + 1).padStart(2, '0')}T10:00:00Z`,
	};
}

function records(from: number, count: number, type?: string): IDataObject[] {
	return Array.from({ length: count }, (_, i) => record(from + i, type));
}

function page(
	results: IDataObject[],
	count: number,
	next: string | null,
	previous: string | null = null,
) {
	return { count, next, previous, results };
}

const { run, items } = listRunner('billing', 'getHistory');

// Return All over pages, Limit as the page size, both key modes, a 403: the list contract, as for every list.
describeListOperation({
	resource: 'billing',
	operation: 'getHistory',
	path: PATH,
	noun: 'records',
	record: (n) => record(n),
});

describe('billing.getHistory', () => {
	it('the default Limit is 50', async () => {
		const all = records(1, 50);
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '50' })
			.reply(200, page(all, 480, `${BASE_URL}${PATH}?page=2&page_size=50`));
		const { output } = await run({});
		expect(output).toEqual(items(all));
		scope.done();
	});

	it.each(['payment', 'purchase', 'usage'])(
		'filters.type = %s is sent as type=%s',
		async (type) => {
			const all = records(1, 3, type);
			const scope = nock(BASE_URL, {
				reqheaders: { 'x-api-key': API_KEY },
				badheaders: ['authorization'],
			})
				.get(PATH)
				.query({ page: '1', page_size: '100', type })
				.reply(200, page(all, 3, null));
			const { output } = await run(
				{ returnAll: true, filters: { type } },
				apiKeyCredentials('apiKeyHeader'),
			);
			expect(output).toEqual(items(all));
			scope.done();
		},
	);

	it('converts amounts sent as strings to numbers, negative usage included', async () => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(
				200,
				page(
					[
						{ ...record(2), amount: '-25.50' },
						{ ...record(1), amount: '10001.00' },
					],
					2,
					null,
				),
			);
		const { output } = await run({ returnAll: true });
		expect(output).toEqual(items([record(2), record(1)]));
		scope.done();
	});

	it('an empty history gives no output items', async () => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(200, page([], 0, null));
		const { output } = await run({ returnAll: true });
		expect(output).toEqual([]);
		scope.done();
	});

	it('refuses a Limit that is not a whole number of at least 1 before any request', async () => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query(true)
			.reply(200, page([], 0, null));
		const error = await caught(async () => await run({ returnAll: false, limit: 0 }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('Limit');
		expect(error.message).toContain('item 0');
		expect(scope.isDone()).toBe(false);
	});

	it('a 400 for an unknown type gives the server’s words', async () => {
		nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '100', type: 'usage' })
			.reply(400, {
				error: 'Invalid filter',
				code: 'INVALID_FILTER',
				details: { type: ['Select a valid choice.'] },
			});
		const error = await caught(
			async () => await run({ returnAll: true, filters: { type: 'usage' } }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service refused the request as invalid [item 0]');
	});
});
