import nock from 'nock';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';

describe('account.getBalance', () => {
	it('GETs the balance with the key as Bearer and outputs the balance itself', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get('/api/integration/v1/sms/balance/')
			.reply(200, { balance: 1250, currency: 'credits' });
		const { output } = await runNode({ parameters: { resource: 'account', operation: 'getBalance' } });
		expect(output).toEqual([{ json: { balance: 1250, currency: 'credits' }, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('converts a balance sent as a string, as the reference documents an integer', async () => {
		nock(BASE_URL).get('/api/integration/v1/sms/balance/').reply(200, { balance: '42', currency: 'credits' });
		const { output } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output[0].json).toEqual({ balance: 42, currency: 'credits' });
	});
});
