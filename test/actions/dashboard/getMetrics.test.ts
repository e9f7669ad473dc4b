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
		expect(error.message).toBe('\'Period\' "2w" is not one of 7d, 30d, 90d, 1y [item 0]');
		expect(scope.isDone()).toBe(false);
	});

	describe('a service that ignores the period (issue 23)', () => {
		const HINT_7D =
			'The service ignored Period "Last 7 Days" (7d): its answer is for "Last 30 days". The output keeps the service\'s figures and period and says so in periodIgnored and requestedPeriod.';

		it('answers "Last 30 days" for 7d: the output keeps its figures and period, adds periodIgnored and requestedPeriod, and a hint says so', async () => {
			const scope = nock(BASE_URL)
				.get(PATH)
				.query({ period: '7d' })
				.reply(200, { success: true, data: { ...STRINGLY, period: 'Last 30 days' } });
			const { output, hints } = await runNode({
				parameters: { resource: 'dashboard', operation: 'getMetrics', period: '7d' },
			});
			expect(output).toEqual([
				{
					json: { ...METRICS, period: 'Last 30 days', periodIgnored: true, requestedPeriod: '7d' },
					pairedItem: { item: 0 },
				},
			]);
			expect(hints).toEqual([{ message: HINT_7D, location: 'outputPane' }]);
			scope.done();
		});

		it('the real server states its period only in each card\'s description ("Last 30 days"): 7d is reported as ignored, 30d is not (issue 28)', async () => {
			const cards = {
				total_messages: {
					value: 12,
					change: '+0.0%',
					change_type: 'neutral',
					description: 'Last 30 days',
				},
				active_contacts: {
					value: 3,
					change: '+0.0%',
					change_type: 'neutral',
					description: 'Engaged this month',
				},
				campaign_success: {
					value: '0%',
					change: '+0.0%',
					change_type: 'neutral',
					description: 'Delivery rate',
				},
				current_credits: {
					value: 1200,
					change: '+0.0%',
					change_type: 'neutral',
					description: 'Available credits',
				},
			};
			nock(BASE_URL).get(PATH).query({ period: '7d' }).reply(200, { success: true, data: cards });
			const week = await runNode({
				parameters: { resource: 'dashboard', operation: 'getMetrics', period: '7d' },
			});
			expect(week.output[0].json).toEqual({ ...cards, periodIgnored: true, requestedPeriod: '7d' });
			expect(week.hints).toEqual([{ message: HINT_7D, location: 'outputPane' }]);
			nock(BASE_URL).get(PATH).query({ period: '30d' }).reply(200, { success: true, data: cards });
			const month = await runNode({
				parameters: { resource: 'dashboard', operation: 'getMetrics', period: '30d' },
			});
			expect(month.output[0].json).toEqual(cards);
			expect(month.hints).toEqual([]);
		});

		it('answers with another period code (30d for 90d): reported the same way', async () => {
			nock(BASE_URL)
				.get(PATH)
				.query({ period: '90d' })
				.reply(200, { ...METRICS, period: '30d' });
			const { output, hints } = await runNode({
				parameters: { resource: 'dashboard', operation: 'getMetrics', period: '90d' },
			});
			expect(output[0].json).toEqual({
				...METRICS,
				period: '30d',
				periodIgnored: true,
				requestedPeriod: '90d',
			});
			expect(hints).toEqual([
				{
					message:
						'The service ignored Period "Last 90 Days" (90d): its answer is for "30d". The output keeps the service\'s figures and period and says so in periodIgnored and requestedPeriod.',
					location: 'outputPane',
				},
			]);
		});

		it('three items asking 7d, each answered for 30 days: each output says so, one hint', async () => {
			nock(BASE_URL)
				.get(PATH)
				.query({ period: '7d' })
				.times(3)
				.reply(200, { ...METRICS, period: 'Last 30 days' });
			const { output, hints } = await runNode({
				parameters: { resource: 'dashboard', operation: 'getMetrics', period: '7d' },
				items: [{}, {}, {}],
			});
			expect(output.map((item) => [item.json.periodIgnored, item.json.requestedPeriod])).toEqual([
				[true, '7d'],
				[true, '7d'],
				[true, '7d'],
			]);
			expect(hints).toEqual([{ message: HINT_7D, location: 'outputPane' }]);
		});

		it.each([
			['7d', '7d'],
			['7d', 'Last 7 days'],
			['7d', 'last_7_days'],
			['7d', '1 week'],
			['7d', { start: '2025-01-09T00:00:00Z', end: '2025-01-16T00:00:00Z' }],
			['30d', 'Last 30 Days'],
			['30d', 'This month'],
			['90d', '3 months'],
			['1y', 'Last year'],
			['1y', '12 months'],
			['1y', '365 days'],
		])('asked %s, the answer states %j: the same period, nothing added', async (period, stated) => {
			nock(BASE_URL)
				.get(PATH)
				.query({ period })
				.reply(200, { ...METRICS, period: stated });
			const { output, hints } = await runNode({
				parameters: { resource: 'dashboard', operation: 'getMetrics', period },
			});
			expect(output[0].json).toEqual({ ...METRICS, period: stated });
			expect(hints).toEqual([]);
		});

		it.each([
			['states no period', { metrics: METRICS.metrics, daily_breakdown: METRICS.daily_breakdown }],
			['states one it cannot read', { ...METRICS, period: 'custom' }],
		])('an answer that %s: the node cannot tell, and adds nothing', async (_case, answer) => {
			nock(BASE_URL).get(PATH).query({ period: '7d' }).reply(200, answer);
			const { output, hints } = await runNode({
				parameters: { resource: 'dashboard', operation: 'getMetrics', period: '7d' },
			});
			expect(output[0].json).toEqual(answer);
			expect(hints).toEqual([]);
		});
	});
});
