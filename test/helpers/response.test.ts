/**
 * Responses are read tolerantly (design §3): single objects bare or wrapped, lists as a page envelope, `results`,
 * `activities` or a bare array, numbers that arrive as strings.
 */

import {
	coerceNumbers,
	hasNext,
	listCount,
	unwrapList,
	unwrapObject,
} from '../../nodes/SmsPlatform/helpers/response';

describe('unwrapObject', () => {
	const tx = { transaction_id: 't1', status: 'completed' };

	it.each<[string, unknown, string | undefined, object]>([
		[
			'a bare object',
			{ balance: 5, currency: 'credits' },
			undefined,
			{ balance: 5, currency: 'credits' },
		],
		['{success, data}', { success: true, data: { tenant_id: 'x' } }, undefined, { tenant_id: 'x' }],
		['{success, transaction}', { success: true, transaction: tx }, undefined, tx],
		[
			'{success, message} (message an object)',
			{ success: true, message: { id: 'm' } },
			undefined,
			{ id: 'm' },
		],
		['{stats} alone', { stats: { total_sent: 3 } }, undefined, { total_sent: 3 }],
		[
			'the preferred wrapper first',
			{ success: true, data: { a: 1 }, transaction: tx },
			'transaction',
			tx,
		],
		[
			'a send result whose `message` is text stays as it is',
			{ success: true, message: 'queued', message_id: 'm1' },
			undefined,
			{ success: true, message: 'queued', message_id: 'm1' },
		],
		['not an object', 'text', undefined, {}],
		['a list', [{ a: 1 }], undefined, {}],
	])('%s', (_label, body, preferred, expected) => {
		expect(unwrapObject(body, preferred)).toEqual(expected);
	});
});

describe('unwrapList, listCount, hasNext', () => {
	const records = [{ id: 1 }, { id: 2 }];

	it.each<[string, unknown]>([
		['a page envelope', { count: 2, next: null, previous: null, results: records }],
		['{count, results}', { count: 2, results: records }],
		['{count, activities}', { count: 2, activities: records }],
		['a bare array', records],
		['{success, data: [...]}', { success: true, data: records }],
		['{success, data: {results}}', { success: true, data: { count: 2, results: records } }],
	])('reads %s', (_label, body) => {
		expect(unwrapList(body)).toEqual(records);
	});

	it('drops entries that are not records', () => {
		expect(unwrapList([{ id: 1 }, 'x', null, 3, [1]])).toEqual([{ id: 1 }]);
	});

	it('counts and next', () => {
		expect(listCount({ count: '250', results: [] })).toBe(250);
		expect(listCount({ data: { count: 7 } })).toBe(7);
		expect(listCount({ results: [] })).toBeUndefined();
		expect(listCount([])).toBeUndefined();
		expect(hasNext({ next: 'https://x/?page=2' })).toBe(true);
		expect(hasNext({ next: null })).toBe(false);
		expect(hasNext({ next: '' })).toBe(false);
		expect(hasNext({ results: [] })).toBeUndefined();
		expect(hasNext([])).toBeUndefined();
	});
});

describe('coerceNumbers', () => {
	it('converts the named fields sent as strings, and only those', () => {
		const record = {
			balance: '1250',
			amount: '-3.50',
			id: '00123',
			blank: '',
			metrics: { cost: '12.5', label: '7' },
			daily_breakdown: [{ sent: '4', date: '2024-05-01' }, { sent: 5 }],
			word: 'many',
		};
		expect(
			coerceNumbers(record, [
				'balance',
				'amount',
				'blank',
				'word',
				'metrics.cost',
				'daily_breakdown[].sent',
			]),
		).toEqual({
			balance: 1250,
			amount: -3.5,
			id: '00123',
			blank: '',
			metrics: { cost: 12.5, label: '7' },
			daily_breakdown: [{ sent: 4, date: '2024-05-01' }, { sent: 5 }],
			word: 'many',
		});
	});
});
