import nock from 'nock';
import { NodeApiError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { caught } from '../shared';

const PATH = '/api/integration/v1/sms/balance/';

describe('account.getBalance', () => {
	it('GETs the balance with the key as Bearer and outputs the balance itself', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(PATH)
			.query({})
			.reply(200, { balance: 1250, currency: 'credits' });
		const { output } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
		});
		expect(output).toEqual([
			{ json: { balance: 1250, currency: 'credits' }, pairedItem: { item: 0 } },
		]);
		scope.done();
	});

	it('converts a balance sent as a string, as the reference documents an integer', async () => {
		nock(BASE_URL).get(PATH).reply(200, { balance: '42', currency: 'credits' });
		const { output } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output[0].json).toEqual({ balance: 42, currency: 'credits' });
	});

	it('sends the key as X-API-Key and no Authorization header in API-key-header mode', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(PATH)
			.reply(200, { balance: 1250, currency: 'credits' });
		const { output } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([
			{ json: { balance: 1250, currency: 'credits' }, pairedItem: { item: 0 } },
		]);
		scope.done();
	});

	it('outputs the balance itself when the service wraps it in {success, data}', async () => {
		nock(BASE_URL)
			.get(PATH)
			.reply(200, { success: true, data: { balance: '0', currency: 'credits' } });
		const { output } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
		});
		expect(output).toEqual([
			{ json: { balance: 0, currency: 'credits' }, pairedItem: { item: 0 } },
		]);
	});

	it('one output item per input item', async () => {
		const scope = nock(BASE_URL).get(PATH).twice().reply(200, { balance: 7, currency: 'credits' });
		const { output } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
			items: [{}, {}],
		});
		expect(output).toEqual([
			{ json: { balance: 7, currency: 'credits' }, pairedItem: { item: 0 } },
			{ json: { balance: 7, currency: 'credits' }, pairedItem: { item: 1 } },
		]);
		scope.done();
	});

	it('a 401 rejects with the server’s words, the status and what to check', async () => {
		nock(BASE_URL).get(PATH).reply(401, { detail: 'Invalid API key.' });
		const error = await caught(
			async () => await runNode({ parameters: { resource: 'account', operation: 'getBalance' } }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service did not accept the credential [item 0]');
		expect((error as unknown as NodeApiError).description).toContain(
			"The API key, sent as 'Authorization: Bearer', was not accepted",
		);
	});

	it('with Continue On Fail, a 401 gives an error item paired to the item', async () => {
		nock(BASE_URL)
			.get(PATH)
			.reply(401, { error: 'Invalid API key', code: 'INVALID_API_KEY', details: {} });
		const { output } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
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
