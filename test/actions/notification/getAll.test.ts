import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { describeListOperation, listRunner } from '../listContract';

const PATH = '/api/notifications/';

function notification(n: number, isRead = n % 3 === 0): IDataObject {
	return {
		id: `4c3b2a19-0000-4000-8000-${String(n).padStart(12, '0')}`,
		title: n % 2 ? 'Payment received' : 'Campaign completed',
		message:
			n % 2 ? `Your payment ${n} of 25000 TZS was received.` : `Campaign ${n} finished sending.`,
		type: 'success',
		is_read: isRead,
		created_at: '2025-01-15T10:35:00Z',
	};
}
const notifications = (from: number, count: number, isRead?: boolean) =>
	Array.from({ length: count }, (_, i) => notification(from + i, isRead));
describeListOperation({
	resource: 'notification',
	operation: 'getAll',
	path: PATH,
	noun: 'notifications',
	record: (n) => notification(n),
});

const { run, items } = listRunner('notification', 'getAll');

describe('notification.getAll', () => {
	it('filters.unreadOnly sends both servers’ unread filters: unread_only=true (the reference) and status=unread (the real service)', async () => {
		const unread = notifications(1, 4, false);
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(PATH)
			.query({ page: '1', page_size: '100', unread_only: 'true', status: 'unread' })
			.reply(200, { count: 4, next: null, previous: null, results: unread });
		const { output } = await run(
			{ returnAll: true, filters: { unreadOnly: true } },
			apiKeyCredentials('apiKeyHeader'),
		);
		expect(output).toEqual(items(unread));
		scope.done();
	});

	it('filters.unreadOnly off sends no unread filter', async () => {
		const all = notifications(1, 3);
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '10' })
			.reply(200, { count: 3, next: null, previous: null, results: all });
		const { output } = await run({ returnAll: false, limit: 10, filters: { unreadOnly: false } });
		expect(output).toEqual(items(all));
		scope.done();
	});

	it('a Limit of 5 with the unread filter asks for page_size=5 and makes one request', async () => {
		const unread = notifications(1, 5, false);
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '5', unread_only: 'true', status: 'unread' })
			.reply(200, {
				count: 40,
				next: `${BASE_URL}${PATH}?page=2&page_size=5&unread_only=true`,
				previous: null,
				results: unread,
			});
		const { output } = await run({ returnAll: false, limit: 5, filters: { unreadOnly: true } });
		expect(output).toEqual(items(unread));
		scope.done();
	});

	it('with several input items, each gets its own list, paired to it', async () => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '2' })
			.twice()
			.reply(200, {
				count: 9,
				next: `${BASE_URL}${PATH}?page=2&page_size=2`,
				results: notifications(1, 2),
			});
		const { output } = await runNode({
			parameters: { resource: 'notification', operation: 'getAll', limit: 2 },
			items: [{}, {}],
		});
		expect(output).toEqual([
			...notifications(1, 2).map((json) => ({ json, pairedItem: { item: 0 } })),
			...notifications(1, 2).map((json) => ({ json, pairedItem: { item: 1 } })),
		]);
		scope.done();
	});
});
