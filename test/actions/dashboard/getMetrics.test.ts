import nock from 'nock';
import { NodeOperationError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { caught } from '../shared';

const PATH = '/api/messaging/dashboard/metrics/';

const METRICS = {
	period: '7d',
	metrics: {
		messages_sent: 1250,
		messages_delivered: 1200,
		delivery_rate: 96.0,
		cost: 31250.5,
		contacts_added: 45,
		campaigns_created: 3,
	},
	daily_breakdown: [
		{ date: '2025-01-14', sent: 200, delivered: 195, cost: 5000.0 },
		{ date: '2025-01-15', sent: 180, delivered: 170, cost: 4500.25 },
	],
};

const STRINGLY = {
	period: '7d',
	metrics: {
		messages_sent: '1250',
		messages_delivered: '1200',
		delivery_rate: '96.00',
		cost: '31250.50',
		contacts_added: '45',
		campaigns_created: '3',
	},
	daily_breakdown: [
		{ date: '2025-01-14', sent: '200', delivered: '195', cost: '5000.00' },
		{ date: '2025-01-15', sent: '180', delivered: '170', cost: '4500.25' },
	],
};

describe('dashboard.getMetrics', () => {
	it('sends the period as period with the key as Bearer and outputs the metrics', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(PATH)
			.query({ period: '7d' })
			.reply(200, METRICS);
		const { output } = await runNode({
			parameters: { resource: 'dashboard', operation: 'getMetrics', period: '7d' },
		});
		expect(output).toEqual([{ json: METRICS, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('the default period is 30d', async () => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ period: '30d' })
			.reply(200, { ...METRICS, period: '30d' });
		const { output } = await runNode({
			parameters: { resource: 'dashboard', operation: 'getMetrics' },
		});
		expect(output).toEqual([{ json: { ...METRICS, period: '30d' }, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it.each(['90d', '1y'])('sends period=%s', async (period) => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ period })
			.reply(200, { ...METRICS, period });
		const { output } = await runNode({
			parameters: { resource: 'dashboard', operation: 'getMetrics', period },
		});
		expect(output).toEqual([{ json: { ...METRICS, period }, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('converts the documented numbers sent as strings, in metrics and in each day; dates and period stay text', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(PATH)
			.query({ period: '7d' })
			.reply(200, STRINGLY);
		const { output } = await runNode({
			parameters: { resource: 'dashboard', operation: 'getMetrics', period: '7d' },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([{ json: METRICS, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('outputs the metrics themselves when the service wraps them in {success, data}', async () => {
		nock(BASE_URL).get(PATH).query({ period: '7d' }).reply(200, { success: true, data: STRINGLY });
		const { output } = await runNode({
			parameters: { resource: 'dashboard', operation: 'getMetrics', period: '7d' },
		});
		expect(output).toEqual([{ json: METRICS, pairedItem: { item: 0 } }]);
	});

	it('refuses a period from an expression that is not one of 7d, 30d, 90d, 1y, before any request', async () => {
		const scope = nock(BASE_URL).get(PATH).query(true).reply(200, METRICS);
		const error = await caught(
			async () =>
				await runNode({
					parameters: {
						resource: 'dashboard',
						operation: 'getMetrics',
						period: '={{ $json.period }}',
					},
					items: [{ period: '2w' }],
				}),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Period "2w" in item 0 is not one of 7d, 30d, 90d, 1y');
		expect(scope.isDone()).toBe(false);
	});
});
