/**
 * Real servers at the transport: how a 401, a 404 and a "No … matches the given query" 500 of real servers are read, and
 * how many requests they cost.
 */
import nock from 'nock';

import { useQuickRetries } from '../support/testSettings';
import {
	BASE_URL,
	TestCredentialsHelper,
	apiKeyCredentials,
	caught,
	jwtCredentials,
	runNode,
} from '../support/harness';

const STATS = '/api/messaging/sms/stats/';
const BALANCE = '/api/integration/v1/sms/balance/';
const LOGIN = '/api/auth/login/';
const CAMPAIGN = '/api/messaging/campaigns/c-1/analytics/';

describe('real servers at the transport', () => {
	useQuickRetries();

	it('JWT: a token the login has just issued that is refused costs one request a route family and no second login', async () => {
		let requests = 0;
		let loginRouteRequests = 0;
		nock(BASE_URL)
			.get(BALANCE)
			.times(3)
			.reply(() => {
				requests++;
				return [401, { success: false, message: 'Invalid API key', error_code: 'INVALID_API_KEY' }];
			});
		nock(BASE_URL)
			.get('/api/billing/sms/balance/')
			.times(3)
			.reply(() => {
				loginRouteRequests++;
				return [401, { detail: 'Given token not valid for any token type' }];
			});
		nock(BASE_URL)
			.post(LOGIN)
			.times(2)
			.reply(200, { tokens: { access: 'fresh', refresh: 'r' } });
		const helper = new TestCredentialsHelper(jwtCredentials());
		const error = await caught(() =>
			runNode({ parameters: { resource: 'account', operation: 'getBalance' }, helper }),
		);
		expect(requests).toBe(1);
		expect(loginRouteRequests).toBe(1);
		expect(helper.logins).toBe(1);
		expect(error.message).toBe(
			'This endpoint does not accept the email and password login [item 0]',
		);
		expect(error.description).toMatch(/'Email' and 'Password' are right/);
		expect(error.description).toMatch(/API key/);
	});

	it('API key: refused by a JWT-only endpoint while the balance accepts it — the endpoint needs the login', async () => {
		nock(BASE_URL)
			.get(STATS)
			.reply(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' })
			.get(BALANCE)
			.reply(200, { success: true, data: { balance: 5, currency: 'credits' } });
		const error = await caught(() =>
			runNode({
				parameters: { resource: 'sms', operation: 'getStats' },
				credentials: apiKeyCredentials(),
			}),
		);
		expect(error.message).toMatch(/^This endpoint does not accept an API key/);
		expect(error.description).toMatch(/'Email and Password'/);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('API key: refused by the balance too — the key itself is refused', async () => {
		nock(BASE_URL)
			.get(STATS)
			.reply(401, { detail: 'Invalid key' })
			.get(BALANCE)
			.reply(401, { detail: 'Invalid key' });
		const error = await caught(() =>
			runNode({
				parameters: { resource: 'sms', operation: 'getStats' },
				credentials: apiKeyCredentials(),
			}),
		);
		expect(error.message).toBe('The service did not accept the credential [item 0]');
		expect(error.description).toMatch(
			/The API key, sent as 'Authorization: Bearer', was not accepted/,
		);
	});

	it('an HTML 404 is "no such endpoint", a DRF 404 an id that does not exist', async () => {
		nock(BASE_URL)
			.get(CAMPAIGN)
			.reply(
				404,
				'<!doctype html><html><head><title>Not Found</title></head><body><h1>Not Found</h1></body></html>',
				{
					'Content-Type': 'text/html',
				},
			);
		const page = await caught(() =>
			runNode({
				parameters: { resource: 'campaign', operation: 'getAnalytics', campaignId: 'c-1' },
			}),
		);
		expect(page.message).toBe(
			'The service has no such endpoint: GET /api/messaging/campaigns/c-1/analytics/ [item 0]',
		);
		expect(page.description).toMatch(
			/Check 'Base URL' in the credential, or the service may not offer this operation/,
		);
		nock(BASE_URL).get(CAMPAIGN).reply(404, { detail: 'Not found.' });
		const id = await caught(() =>
			runNode({
				parameters: { resource: 'campaign', operation: 'getAnalytics', campaignId: 'c-1' },
			}),
		);
		expect(id.message).toBe('The service has no campaign with the ID "c-1" [item 0]');
		expect(id.description).toMatch(/Check the ID/);
	});

	it('a 500 "No Campaign matches the given query." is a not-found, asked once', async () => {
		let requests = 0;
		nock(BASE_URL)
			.get(CAMPAIGN)
			.times(4)
			.reply(() => {
				requests++;
				return [500, { error: 'No Campaign matches the given query.' }];
			});
		const error = await caught(() =>
			runNode({
				parameters: { resource: 'campaign', operation: 'getAnalytics', campaignId: 'c-1' },
			}),
		);
		expect(requests).toBe(1);
		expect(error.message).toBe('The service has no campaign with the ID "c-1" [item 0]');
		expect(error.description).toMatch(/ID that does not exist.*not tried again/);
	});

	it('an ordinary 500 is still retried', async () => {
		nock(BASE_URL)
			.get(CAMPAIGN)
			.reply(500, { error: 'boom' })
			.get(CAMPAIGN)
			.reply(200, {
				success: true,
				analytics: { campaign_id: 'c-1', sent: '3' },
			});
		const { output } = await runNode({
			parameters: { resource: 'campaign', operation: 'getAnalytics', campaignId: 'c-1' },
		});
		expect(output[0].json).toEqual({ campaign_id: 'c-1', sent: 3 });
	});
});
