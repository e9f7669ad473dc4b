import nock from 'nock';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { describeIdHandling } from '../shared';

const MESSAGE_ID = '3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';
const STATUS = {
	message_id: MESSAGE_ID,
	status: 'delivered',
	delivered_at: '2025-01-15T10:30:05Z',
};

describe('sms.getStatus', () => {
	it('GETs the integration status of the message with the key as Bearer and outputs it', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { authorization: `Bearer ${API_KEY}`, accept: 'application/json' },
		})
			.get(`/api/integration/v1/sms/status/${MESSAGE_ID}/`)
			.query({})
			.reply(200, STATUS);
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStatus', messageId: MESSAGE_ID },
		});
		expect(output).toEqual([{ json: STATUS, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('sends the key as X-API-Key and no Authorization header in API-key-header mode', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(`/api/integration/v1/sms/status/${MESSAGE_ID}/`)
			.reply(200, STATUS);
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStatus', messageId: MESSAGE_ID },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([{ json: STATUS, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('runs once per input item, each id from an expression, each output paired to its item', async () => {
		const second = 'b7c6d5e4-0000-4000-8000-000000000002';
		const scope = nock(BASE_URL)
			.get(`/api/integration/v1/sms/status/${MESSAGE_ID}/`)
			.reply(200, STATUS)
			.get(`/api/integration/v1/sms/status/${second}/`)
			.reply(200, { message_id: second, status: 'sent', delivered_at: null });
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStatus', messageId: '={{ $json.message_id }}' },
			items: [{ message_id: MESSAGE_ID }, { message_id: second }],
		});
		expect(output).toEqual([
			{ json: STATUS, pairedItem: { item: 0 } },
			{ json: { message_id: second, status: 'sent', delivered_at: null }, pairedItem: { item: 1 } },
		]);
		scope.done();
	});

	it('outputs the status itself when the service wraps it in data', async () => {
		nock(BASE_URL)
			.get(`/api/integration/v1/sms/status/${MESSAGE_ID}/`)
			.reply(200, { success: true, data: STATUS });
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStatus', messageId: MESSAGE_ID },
		});
		expect(output).toEqual([{ json: STATUS, pairedItem: { item: 0 } }]);
	});

	describeIdHandling({
		kind: 'message',
		resource: 'sms',
		operation: 'getStatus',
		param: 'messageId',
		label: 'Message ID',
		path: (id) => `/api/integration/v1/sms/status/${id}/`,
		okBody: STATUS,
		okOutput: STATUS,
		notFound: 'Message not found',
	});
});
