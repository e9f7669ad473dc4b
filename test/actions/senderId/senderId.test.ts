import nock from 'nock';

import { BASE_URL, caught, jwtCredentials, listSearch, runNode } from '../../support/harness';

const SENDERS = [
	{
		id: '11111111-1111-4111-8111-111111111111',
		sender_id: 'MIFUMO',
		sample_content: 'Your code is 1234',
		status: 'active',
		created_at: '2026-11-01T08:00:00+00:00',
		updated_at: '2026-11-01T08:00:00+00:00',
	},
	{
		id: '22222222-2222-4222-8222-222222222222',
		sender_id: 'Taarifa-SMS',
		sample_content: 'Default sender',
		status: 'active',
		created_at: '2026-10-01T08:00:00+00:00',
		updated_at: '2026-10-01T08:00:00+00:00',
	},
];

describe('senderId.getAll', () => {
	it('GETs the sender IDs once (not paged) and outputs one item each, up to Limit', async () => {
		const scope = nock(BASE_URL)
			.get('/api/messaging/sender-ids/')
			.query({})
			.reply(200, { success: true, data: SENDERS });
		const { output } = await runNode({
			parameters: { resource: 'senderId', operation: 'getAll', limit: 1 },
		});
		expect(output).toEqual([{ json: SENDERS[0], pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('the Sender ID picker lists the names, filtered by the search text', async () => {
		const scope = nock(BASE_URL)
			.get('/api/messaging/sender-ids/')
			.twice()
			.reply(200, { success: true, data: SENDERS });
		expect(await listSearch('searchSenderIds', { resource: 'sms', operation: 'send' })).toEqual({
			results: [
				{ name: 'MIFUMO', value: 'MIFUMO' },
				{ name: 'Taarifa-SMS', value: 'Taarifa-SMS' },
			],
		});
		expect(
			await listSearch('searchSenderIds', { resource: 'sms', operation: 'send' }, 'taar'),
		).toEqual({
			results: [{ name: 'Taarifa-SMS', value: 'Taarifa-SMS' }],
		});
		scope.done();
	});
});

describe('senderId.request', () => {
	const REQUEST = {
		id: '33333333-3333-4333-8333-333333333333',
		request_type: 'custom',
		requested_sender_id: 'MYSHOP',
		sample_content: 'Your order is ready.',
		status: 'pending',
	};

	it('POSTs requested_sender_id, sample_content and request_type custom; outputs the request', async () => {
		const scope = nock(BASE_URL)
			.post('/api/auth/login/')
			.reply(200, { access_token: 'jwt-1' })
			.post('/api/messaging/sender-requests/submit/', {
				requested_sender_id: 'MyShop',
				sample_content: 'Your order is ready.',
				request_type: 'custom',
			})
			.reply(201, {
				success: true,
				message: 'Sender ID request submitted successfully',
				data: REQUEST,
			});
		const { output } = await runNode({
			credentials: jwtCredentials(),
			parameters: {
				resource: 'senderId',
				operation: 'request',
				senderId: 'MyShop',
				sampleMessage: 'Your order is ready.',
			},
		});
		expect(output).toEqual([{ json: REQUEST, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('a sender ID over 11 characters, or a sample over 170, fails before any request', async () => {
		const long = await caught(() =>
			runNode({
				parameters: {
					resource: 'senderId',
					operation: 'request',
					senderId: 'MYSHOPISBIGGER',
					sampleMessage: 'Hi',
				},
			}),
		);
		expect(long.message).toBe(
			'\'Sender ID\' "MYSHOPISBIGGER" is 14 characters long: at most 11 [item 0]',
		);
		const sample = await caught(() =>
			runNode({
				parameters: {
					resource: 'senderId',
					operation: 'request',
					senderId: 'MYSHOP',
					sampleMessage: 'x'.repeat(171),
				},
			}),
		);
		expect(sample.message).toBe("'Sample Message' is 171 characters long: at most 170 [item 0]");
	});

	it("the service's refusal (a request for this sender ID exists) comes in its words", async () => {
		const scope = nock(BASE_URL)
			.post('/api/messaging/sender-requests/submit/')
			.reply(400, {
				success: false,
				message: 'Invalid request data',
				errors: { non_field_errors: ['A request for this sender ID already exists.'] },
			});
		const error = await caught(() =>
			runNode({
				parameters: {
					resource: 'senderId',
					operation: 'request',
					senderId: 'MYSHOP',
					sampleMessage: 'Hi',
				},
			}),
		);
		expect(error.description).toContain(
			'The service said: "Invalid request data (A request for this sender ID already exists.)" (HTTP 400)',
		);
		scope.done();
	});
});
