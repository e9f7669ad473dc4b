import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { caught } from '../shared';

const PATH = '/api/messaging/activity/recent/';

function activity(n: number): IDataObject {
	return {
		id: `2d3e4f50-0000-4000-8000-${String(n).padStart(12, '0')}`,
		type: n % 2 ? 'sms_sent' : 'campaign_created',
		description:
			n % 2
				? `SMS sent to +25571234${String(n).padStart(4, '0')}`
				: `Campaign "Promo ${n}" created`,
		user: { id: 7, email: 'ops@example.com', name: 'Ops Team' },
		timestamp: `2025-01-15T10:${String(n % 60).padStart(2, '0')}:00Z`,
	};
}
const activities = (count: number) => Array.from({ length: count }, (_, i) => activity(i + 1));
const items = (list: IDataObject[], item = 0) =>
	list.map((json) => ({ json, pairedItem: { item } }));

describe('activity.getRecent', () => {
	it('sends the default limit=50 with the key as Bearer; {count, activities} gives one item per activity', async () => {
		const list = activities(50);
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(PATH)
			.query({ limit: '50' })
			.reply(200, { count: 50, activities: list });
		const { output } = await runNode({
			parameters: { resource: 'activity', operation: 'getRecent' },
		});
		expect(output).toEqual(items(list));
		scope.done();
	});

	it('sends the Limit as limit (X-API-Key mode, no Authorization header)', async () => {
		const list = activities(5);
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(PATH)
			.query({ limit: '5' })
			.reply(200, { count: 5, activities: list });
		const { output } = await runNode({
			parameters: { resource: 'activity', operation: 'getRecent', limit: 5 },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual(items(list));
		scope.done();
	});

	it('keeps at most Limit activities when the server ignores the limit', async () => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ limit: '3' })
			.reply(200, { count: 20, activities: activities(20) });
		const { output } = await runNode({
			parameters: { resource: 'activity', operation: 'getRecent', limit: 3 },
		});
		expect(output).toEqual(items(activities(3)));
		scope.done();
	});

	it('no activities gives no output items', async () => {
		nock(BASE_URL).get(PATH).query({ limit: '50' }).reply(200, { count: 0, activities: [] });
		const { output } = await runNode({
			parameters: { resource: 'activity', operation: 'getRecent' },
		});
		expect(output).toEqual([]);
	});

	it('pairs each input item’s activities to it', async () => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ limit: '1' })
			.reply(200, { count: 1, activities: activities(1) })
			.get(PATH)
			.query({ limit: '2' })
			.reply(200, { count: 2, activities: activities(2) });
		const { output } = await runNode({
			parameters: { resource: 'activity', operation: 'getRecent', limit: '={{ $json.n }}' },
			items: [{ n: 1 }, { n: 2 }],
		});
		expect(output).toEqual([...items(activities(1), 0), ...items(activities(2), 1)]);
		scope.done();
	});

	it('refuses a limit above 100 before any request, naming the item and value', async () => {
		const scope = nock(BASE_URL).get(PATH).query(true).reply(200, { count: 0, activities: [] });
		const error = await caught(
			async () =>
				await runNode({ parameters: { resource: 'activity', operation: 'getRecent', limit: 500 } }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe("'Limit' must be a whole number from 1 to 100, not 500 [item 0]");
		expect(scope.isDone()).toBe(false);
	});
});
