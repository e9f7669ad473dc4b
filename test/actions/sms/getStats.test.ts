import nock from 'nock';
import { NodeApiError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { caught } from '../shared';

const STATS = {
	total_sent: 1500,
	total_delivered: 1450,
	total_failed: 50,
	delivery_rate: 96.67,
	total_cost: 37500.5,
	currency: 'TZS',
	period: { start: '2025-01-01T00:00:00Z', end: '2025-01-31T23:59:59Z' },
};

describe('sms.getStats', () => {
	it('GETs the statistics with the key as Bearer and outputs the stats inside {success, stats}', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get('/api/messaging/sms/stats/')
			.query({})
			.reply(200, { success: true, stats: STATS });
		const { output } = await runNode({ parameters: { resource: 'sms', operation: 'getStats' } });
		expect(output).toEqual([{ json: STATS, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('reads the stats from their documented wrapper when the answer holds other objects beside them', async () => {
		const scope = nock(BASE_URL)
			.get('/api/messaging/sms/stats/')
			.reply(200, { success: true, account: { id: 'a1' }, stats: STATS });
		const { output } = await runNode({ parameters: { resource: 'sms', operation: 'getStats' } });
		expect(output).toEqual([{ json: STATS, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('converts the documented numbers sent as strings; the currency and period stay text', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get('/api/messaging/sms/stats/')
			.reply(200, {
				success: true,
				stats: {
					...STATS,
					total_sent: '1500',
					total_delivered: '1450',
					total_failed: '50',
					delivery_rate: '96.67',
					total_cost: '37500.50',
				},
			});
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStats' },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([{ json: STATS, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('gives one output item per input item', async () => {
		const scope = nock(BASE_URL)
			.get('/api/messaging/sms/stats/')
			.twice()
			.reply(200, { success: true, stats: STATS });
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStats' },
			items: [{}, {}],
		});
		expect(output).toEqual([
			{ json: STATS, pairedItem: { item: 0 } },
			{ json: STATS, pairedItem: { item: 1 } },
		]);
		scope.done();
	});

	it('treats success: false in a 200 as an error in the server’s words', async () => {
		nock(BASE_URL).get('/api/messaging/sms/stats/').reply(200, {
			success: false,
			message: 'Statistics are not available for this account',
			error_code: 'STATS_UNAVAILABLE',
		});
		const error = await caught(
			async () => await runNode({ parameters: { resource: 'sms', operation: 'getStats' } }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service says the request did not go through [item 0]');
		expect(error.description).toContain('"Statistics are not available for this account"');
	});

	it('with Continue On Fail, a 401 gives an error item that says to check the credential', async () => {
		nock(BASE_URL)
			.get('/api/messaging/sms/stats/')
			.reply(401, { error: 'Invalid API key', code: 'INVALID_API_KEY', details: {} });
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStats' },
			continueOnFail: true,
		});
		expect(output).toEqual([
			{
				json: {
					error: 'The service did not accept the credential [item 0]',
					description: expect.stringContaining(
						`The service said: "Invalid API key" (HTTP 401, code INVALID_API_KEY). The API key, sent as 'Authorization: Bearer', was not accepted`,
					) as unknown as string,
					httpCode: '401',
					errorCode: 'INVALID_API_KEY',
					itemIndex: 0,
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
