/**
 * Responses are read tolerantly: single objects bare or wrapped, lists as a page envelope, `results`,
 * `activities` or a bare array, numbers that arrive as strings.
 */

import { groupedRecords } from '../../nodes/SmsPlatform/helpers/billing';
import { isRead } from '../../nodes/SmsPlatform/helpers/notifications';
import { hasNext, listCount, listIn } from '../../nodes/SmsPlatform/transport/pages';
import { coerceNumbers, unwrapObject } from '../../nodes/SmsPlatform/transport/records';

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
		[
			'any envelope: {success, analytics}',
			{ success: true, analytics: { campaign_id: 'c1', sent: 3 } },
			undefined,
			{ campaign_id: 'c1', sent: 3 },
		],
		[
			'{success, timestamp, data, message}',
			{
				success: true,
				timestamp: '2026-11-22T10:00:00.123456+03:00',
				data: { id: 't1', status: 'completed', amount: '18.00' },
				message: 'Transaction status retrieved',
			},
			undefined,
			{ id: 't1', status: 'completed', amount: '18.00' },
		],
		[
			'a resource with success and an object field of its own stays whole',
			{ success: true, period: '7d', metrics: { cost: 1 } },
			undefined,
			{ success: true, period: '7d', metrics: { cost: 1 } },
		],
		['not an object', 'text', undefined, {}],
		['a list', [{ a: 1 }], undefined, {}],
	])('%s', (_label, body, preferred, expected) => {
		expect(unwrapObject(body, preferred)).toEqual(expected);
	});
});

describe('listIn, listCount, hasNext', () => {
	const records = [{ id: 1 }, { id: 2 }];

	it.each<[string, unknown, string | undefined]>([
		['a page envelope', { count: 2, next: null, previous: null, results: records }, undefined],
		['{count, results}', { count: 2, results: records }, undefined],
		[
			'{count, activities} (the endpoint names it)',
			{ count: 2, activities: records },
			'activities',
		],
		[
			'{success, data: {count, activities}}',
			{ success: true, data: { count: 2, activities: records } },
			'activities',
		],
		['a bare array', records, undefined],
		['{success, data: [...]}', { success: true, data: records }, undefined],
		[
			'{success, data: {results}}',
			{ success: true, data: { count: 2, results: records } },
			undefined,
		],
	])('reads %s', (_label, body, listKey) => {
		expect(listIn(body, listKey)).toEqual(records);
	});

	it("reads an endpoint's own key only for that endpoint (endpoints.ts), not for every list", () => {
		const body = { count: 2, activities: records };
		expect(listIn(body)).toBeUndefined();
		expect(listIn({ results: records, activities: [{ id: 9 }] }, 'activities')).toEqual([
			{ id: 9 },
		]);
	});

	it('an empty list inside one key is still a list, and does not hide records under a later key', () => {
		expect(listIn({ success: true, data: { count: 0, results: [] } })).toEqual([]);
		expect(listIn({ data: { results: [] }, items: records })).toEqual(records);
	});

	it('drops entries that are not records', () => {
		expect(listIn([{ id: 1 }, 'x', null, 3, [1]])).toEqual([{ id: 1 }]);
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
		// The real server's own lists keep them in a `pagination` object beside the list.
		const usage = {
			success: true,
			data: { usage_records: [], pagination: { count: 3, next: null } },
		};
		expect(listCount(usage)).toBe(3);
		expect(hasNext(usage)).toBe(false);
		expect(hasNext({ data: { pagination: { next: '?page=2&page_size=100' } } })).toBe(true);
	});
});

describe('groupedRecords: a billing history grouped by kind, unpaginated', () => {
	const body = {
		success: true,
		data: {
			summary: { total_purchases: 1, total_spent: '18.00' },
			purchases: [{ id: 'p1', amount: '18.00', created_at: '2026-11-20T10:00:00.000001Z' }],
			payments: [{ id: 'y1', amount: '18.00', created_at: '2026-11-21T12:00:00.5+03:00' }],
			usage_records: [
				{ id: 'u1', amount: '-0.25', created_at: '2026-11-22T08:00:00.123456+00:00' },
				{ id: 'u0', amount: '-0.25', created_at: '2026-11-19T08:00:00Z' },
			],
			custom_purchases: [],
		},
	};

	it('reads every record with its type, newest first (offsets and microseconds compared as instants)', () => {
		expect(groupedRecords(body)?.map((r) => [r.id, r.type])).toEqual([
			['u1', 'usage'],
			['y1', 'payment'],
			['p1', 'purchase'],
			['u0', 'usage'],
		]);
		// The transport's generic reader does not take it for a list: the billing history reads it with groupedRecords.
		expect(listIn(body)).toBeUndefined();
	});

	it('keeps a type the record carries, and every field of the server', () => {
		const own = { data: { payments: [{ id: 'x', type: 'refund', extra: 1 }] } };
		expect(groupedRecords(own)).toEqual([{ id: 'x', type: 'refund', extra: 1 }]);
	});

	it('is not fooled by a page envelope or a plain object', () => {
		expect(groupedRecords({ count: 1, results: [{ id: 1 }] })).toBeUndefined();
		expect(groupedRecords({ success: true, data: { balance: 1 } })).toBeUndefined();
		expect(groupedRecords([])).toBeUndefined();
	});
});

describe('isRead: whichever read flag a notification carries', () => {
	it.each<[string, object, boolean | undefined]>([
		['is_read true', { is_read: true }, true],
		['is_read false', { is_read: false }, false],
		['is_unread true', { is_unread: true, status: 'unread' }, false],
		['is_unread false', { is_unread: false }, true],
		['status read', { status: 'read' }, true],
		['status unread', { status: 'UNREAD' }, false],
		['read_at set', { read_at: '2026-11-22T10:00:00Z' }, true],
		['read_at null', { read_at: null }, false],
		['no flag', { title: 'x' }, undefined],
	])('%s', (_label, record, expected) => {
		expect(isRead(record as never)).toBe(expected);
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
