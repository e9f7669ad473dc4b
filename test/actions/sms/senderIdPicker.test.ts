import nock from 'nock';

import { BASE_URL, runNode } from '../../support/harness';

// Send's Sender ID is a picker (resource locator): From List or By Name. A plain string saved by an earlier version
// of the node still sends.

const PATH = '/api/integration/v1/sms/send/';
const TEXT = 'Your order #1042 has shipped';
const base = { resource: 'sms', operation: 'send', message: TEXT, recipients: '+255712345678' };
const sent = (id: string) => ({ success: true, message_id: id, status: 'sent' });

describe('sms.send: Sender ID picker', () => {
	it.each([
		[
			'picked From List',
			{ __rl: true, mode: 'list', value: 'N8NDEMO', cachedResultName: 'N8NDEMO' },
		],
		['typed By Name', { __rl: true, mode: 'name', value: 'N8NDEMO' }],
		['a plain string saved by an earlier version', 'N8NDEMO'],
	])('%s: sends sender_id N8NDEMO', async (_, senderId) => {
		const scope = nock(BASE_URL)
			.post(PATH, { message: TEXT, recipients: ['+255712345678'], sender_id: 'N8NDEMO' })
			.reply(200, sent('m-1'));
		const { output } = await runNode({ parameters: { ...base, senderId } });
		expect(output).toHaveLength(1);
		expect(output[0].json.message_id).toBe('m-1');
		scope.done();
	});

	it('By Name with an expression: each item its own sender ID', async () => {
		const bodies: unknown[] = [];
		const scope = nock(BASE_URL)
			.post(PATH, (body: { sender_id: string }) => bodies.push(body.sender_id) > 0)
			.times(2)
			.reply(200, sent('m-2'));
		const { output } = await runNode({
			parameters: { ...base, senderId: { __rl: true, mode: 'name', value: '={{ $json.brand }}' } },
			items: [{ brand: 'SHOPA' }, { brand: 'SHOPB' }],
		});
		expect(bodies).toEqual(['SHOPA', 'SHOPB']);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		scope.done();
	});
});
