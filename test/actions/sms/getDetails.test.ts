import nock from 'nock';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { describeIdHandling } from '../shared';

const MESSAGE_ID = '3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';
const MESSAGE = {
	id: MESSAGE_ID,
	recipient: '+255712345678',
	message: 'Your order #1042 has shipped',
	sender_id: 'MYSHOP',
	status: 'delivered',
	sent_at: '2025-01-15T10:30:00Z',
	delivered_at: '2025-01-15T10:30:05Z',
	cost: 25.5,
	currency: 'TZS',
};

describe('sms.getDetails', () => {
	it('GETs the messaging status endpoint and outputs the message inside {success, message}', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(`/api/messaging/sms/${MESSAGE_ID}/status/`)
			.query({})
			.reply(200, { success: true, message: MESSAGE });
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getDetails', messageId: MESSAGE_ID },
		});
		expect(output).toEqual([{ json: MESSAGE, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('reads the message from its documented wrapper when the answer holds other objects beside it', async () => {
		const scope = nock(BASE_URL)
			.get(`/api/messaging/sms/${MESSAGE_ID}/status/`)
			.reply(200, { success: true, campaign: { id: 'c1' }, message: MESSAGE });
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getDetails', messageId: MESSAGE_ID },
		});
		expect(output).toEqual([{ json: MESSAGE, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('converts a cost sent as a string and keeps the message text (a string field named message)', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(`/api/messaging/sms/${MESSAGE_ID}/status/`)
			.reply(200, { success: true, message: { ...MESSAGE, cost: '25.50' } });
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getDetails', messageId: MESSAGE_ID },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([{ json: MESSAGE, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('outputs a bare message (not wrapped) as it is, its text field included', async () => {
		nock(BASE_URL).get(`/api/messaging/sms/${MESSAGE_ID}/status/`).reply(200, MESSAGE);
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getDetails', messageId: MESSAGE_ID },
		});
		expect(output).toEqual([{ json: MESSAGE, pairedItem: { item: 0 } }]);
	});

	describeIdHandling({
		kind: 'message',
		resource: 'sms',
		operation: 'getDetails',
		param: 'messageId',
		label: 'Message ID',
		path: (id) => `/api/messaging/sms/${id}/status/`,
		okBody: { success: true, message: MESSAGE },
		okOutput: MESSAGE,
		notFound: 'SMS message not found',
	});
});
