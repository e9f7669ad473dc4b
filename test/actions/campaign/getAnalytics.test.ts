import nock from 'nock';

import { API_KEY, BASE_URL, apiKeyCredentials, caught, runNode } from '../../support/harness';
import { describeIdHandling } from '../shared';

const CAMPAIGN_ID = '1c9f2e3d-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const ANALYTICS = {
	campaign_id: CAMPAIGN_ID,
	name: 'January promotion',
	status: 'completed',
	total_recipients: 1000,
	sent: 1000,
	delivered: 980,
	failed: 20,
	delivery_rate: 98.0,
	cost: 25000.0,
	currency: 'TZS',
	started_at: '2025-01-15T09:00:00Z',
	completed_at: '2025-01-15T09:05:00Z',
	duration_seconds: 300,
	messages_per_second: 3.33,
};
/** Simplify (on by default): the campaign and its delivery totals, without timings and throughput. */
const SIMPLE = {
	campaign_id: CAMPAIGN_ID,
	name: 'January promotion',
	status: 'completed',
	total_recipients: 1000,
	sent: 1000,
	delivered: 980,
	failed: 20,
	delivery_rate: 98.0,
	cost: 25000.0,
	currency: 'TZS',
};

describe('campaign.getAnalytics', () => {
	it('GETs the analytics with the key as Bearer and outputs them simplified (the default)', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(`/api/messaging/campaigns/${CAMPAIGN_ID}/analytics/`)
			.query({})
			.reply(200, ANALYTICS);
		const { output } = await runNode({
			parameters: { resource: 'campaign', operation: 'getAnalytics', campaignId: CAMPAIGN_ID },
		});
		expect(output).toEqual([{ json: SIMPLE, pairedItem: { item: 0 } }]);
		expect(Object.keys(output[0].json)).toEqual(Object.keys(SIMPLE));
		scope.done();
	});

	it('with Simplify off, outputs all 14 fields', async () => {
		const scope = nock(BASE_URL)
			.get(`/api/messaging/campaigns/${CAMPAIGN_ID}/analytics/`)
			.reply(200, ANALYTICS);
		const { output } = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'getAnalytics',
				campaignId: CAMPAIGN_ID,
				simple: false,
			},
		});
		expect(output).toEqual([{ json: ANALYTICS, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('converts every documented number sent as a string', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(`/api/messaging/campaigns/${CAMPAIGN_ID}/analytics/`)
			.reply(200, {
				...ANALYTICS,
				total_recipients: '1000',
				sent: '1000',
				delivered: '980',
				failed: '20',
				delivery_rate: '98.00',
				cost: '25000.00',
				duration_seconds: '300',
				messages_per_second: '3.33',
			});
		const { output } = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'getAnalytics',
				campaignId: CAMPAIGN_ID,
				simple: false,
			},
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([{ json: ANALYTICS, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('the real server\'s 500 "Failed to get campaign analytics" (an unknown id among others): one request, and the error says the id may not exist (issue 28)', async () => {
		let requests = 0;
		nock(BASE_URL)
			.get(`/api/messaging/campaigns/${CAMPAIGN_ID}/analytics/`)
			.times(5)
			.reply(() => {
				requests++;
				return [500, { success: false, message: 'Failed to get campaign analytics' }];
			});
		const error = await caught(() =>
			runNode({
				parameters: { resource: 'campaign', operation: 'getAnalytics', campaignId: CAMPAIGN_ID },
				credentials: apiKeyCredentials(),
			}),
		);
		expect(requests).toBe(1);
		expect(error.message).toBe(
			'The service could not read the record with this ID: the ID may not exist [item 0]',
		);
		expect(error.description).toMatch(/Failed to get campaign analytics/);
		expect(error.description).toMatch(/not tried again\. Check the ID/);
		expect(error.description).not.toMatch(/try again later/i);
	});

	describeIdHandling({
		kind: 'campaign',
		resource: 'campaign',
		operation: 'getAnalytics',
		param: 'campaignId',
		label: 'Campaign ID',
		path: (id) => `/api/messaging/campaigns/${id}/analytics/`,
		okBody: ANALYTICS,
		okOutput: SIMPLE,
		notFound: 'Campaign not found',
	});
});
