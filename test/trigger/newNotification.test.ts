import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, pollTrigger } from '../support/harness';
import { ServiceList, T0, notification, ids, pollSequence as pollAll } from './support/service';

const PARAMS: IDataObject = { event: 'newNotification' };

const pollSequence = (steps: Array<() => void>, parameters: IDataObject = PARAMS) =>
	pollAll(steps, parameters);

function inbox(requiredQuery: Record<string, string> = {}): ServiceList {
	const list = new ServiceList('/api/notifications/', requiredQuery);
	list.mount();
	return list;
}

describe('trigger newNotification', () => {
	it('baseline: the first poll reads one page (X-API-Key auth too), remembers the newest and emits nothing', async () => {
		const list = new ServiceList('/api/notifications/');
		for (let i = 0; i < 130; i++) list.add(notification(`n-${i}`, T0 - 1000 + i));
		const scope = nock(BASE_URL, { reqheaders: { 'x-api-key': API_KEY } })
			.get('/api/notifications/')
			.query({ page: '1', page_size: '100' })
			.reply(200, list.page(1, 100));
		const { items, staticData } = await pollTrigger({
			parameters: PARAMS,
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(items).toBeNull();
		expect(staticData).toEqual({
			newNotification: {
				config: JSON.stringify({ event: 'newNotification', unreadOnly: false }),
				timeline: {
					since: new Date((T0 - 1000 + 129) * 1000).toISOString(),
					atSince: ['n-129'],
					pending: {},
				},
			},
		});
		scope.done();
	});

	it('emits one new notification, then several at once oldest first, each once, as the service returned them', async () => {
		const list = inbox();
		list.add(notification('n-0', T0));
		const { emitted } = await pollSequence([
			() => {},
			() => list.add(notification('n-1', T0 + 3, { is_read: true })),
			() => {
				list.add(notification('n-4', T0 + 9));
				list.add(notification('n-2', T0 + 4));
				list.add(notification('n-3', T0 + 4));
			},
			() => {},
		]);
		expect(emitted.map(ids)).toEqual([[], ['n-1'], ['n-2', 'n-3', 'n-4'], []]);
		expect(emitted[1]).toEqual([notification('n-1', T0 + 3, { is_read: true })]);
	});

	it('notifications sharing the boundary second are remembered by id: late arrivals in that second fire once', async () => {
		const list = inbox();
		const { emitted } = await pollSequence([
			() => {
				list.add(notification('n-b', T0));
				list.add(notification('n-d', T0));
			},
			() => list.add(notification('n-a', T0)),
			() => {
				list.add(notification('n-c', T0));
				list.add(notification('n-e', T0));
			},
			() => {},
		]);
		expect(emitted.map(ids)).toEqual([[], ['n-a'], ['n-c', 'n-e'], []]);
	});

	it('after an empty baseline, reads the whole list when more than a page arrived (none lost)', async () => {
		const list = inbox();
		const { emitted } = await pollSequence(
			[
				() => {},
				() => {
					for (let i = 0; i < 230; i++)
						list.add(notification(`n-${String(i).padStart(3, '0')}`, T0 + i));
				},
				() => {},
				() => {},
			],
			{ event: 'newNotification', options: { maxEvents: 200 } },
		);
		expect(emitted.map((items) => (items ?? []).length)).toEqual([0, 200, 30, 0]);
		expect(emitted.flatMap(ids)).toEqual(
			Array.from({ length: 230 }, (_, i) => `n-${String(i).padStart(3, '0')}`),
		);
	});

	it('Unread Only asks the service for unread ones and passes over read ones it sends anyway', async () => {
		const list = inbox({ unread_only: 'true' });
		list.add(notification('n-0', T0));
		const params = { event: 'newNotification', options: { unreadOnly: true } };
		const { emitted } = await pollSequence(
			[
				() => {},
				() => {
					list.add(notification('n-1', T0 + 1));
					list.add(notification('n-2', T0 + 2, { is_read: true }));
					list.add(notification('n-3', T0 + 3));
				},
				() => {},
			],
			params,
		);
		expect(emitted.map(ids)).toEqual([[], ['n-1', 'n-3'], []]);
	});

	it('in steady state makes exactly one request per poll', async () => {
		const list = inbox();
		for (let i = 0; i < 300; i++) list.add(notification(`n-h${i}`, T0 - 1000 + Math.floor(i / 4)));
		let staticData: IDataObject = {};
		const perPoll: number[] = [];
		const emitted: unknown[] = [];
		for (let poll = 0; poll < 12; poll++) {
			for (let k = 0; k < poll % 3; k++) list.add(notification(`n-${poll}-${k}`, T0 + poll));
			const before = list.requests;
			const result = await pollTrigger({ parameters: PARAMS, staticData });
			staticData = result.staticData;
			emitted.push(...ids(result.items));
			perPoll.push(list.requests - before);
		}
		expect(perPoll).toEqual(Array(12).fill(1));
		expect(emitted).toHaveLength(12);
	});

	it('manual mode returns the newest notification, leaves the state untouched, and the next poll still emits it', async () => {
		const list = inbox();
		list.add(notification('n-0', T0));
		const { staticData } = await pollTrigger({ parameters: PARAMS });
		list.add(notification('n-1', T0 + 1));
		list.add(notification('n-2', T0 + 2));
		const manual = await pollTrigger({ parameters: PARAMS, staticData, mode: 'manual' });
		expect(manual.items).toEqual([notification('n-2', T0 + 2)]);
		expect(manual.staticData).toEqual(staticData);
		const next = await pollTrigger({ parameters: PARAMS, staticData: manual.staticData });
		expect(ids(next.items)).toEqual(['n-1', 'n-2']);
	});

	it('manual mode with no notification at all fails with a clear message', async () => {
		inbox();
		await expect(pollTrigger({ parameters: PARAMS, mode: 'manual' })).rejects.toThrow(
			'No notification found yet to show as a test event',
		);
	});
});
