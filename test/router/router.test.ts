/**
 * The router's item loop: every input item ends as its output item(s), paired to it, or with
 * "Continue On Fail" as an error item paired to it; errors carry the item index; without "Continue On Fail" the run
 * stops at the failing item and later items are not processed.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { errorJson } from '../../nodes/SmsPlatform/actions/router';
import { ACTION_TYPE, BASE_URL, caught, makeNode, runNode } from '../support/harness';
import { SEND, sendServer } from './sendServer';

const sendParameters = {
	resource: 'sms',
	operation: 'send',
	recipients: '={{ $json.to }}',
	message: '={{ "Hello " + $json.name }}',
	senderId: 'ACME',
};

const items: IDataObject[] = [
	{ name: 'Asha', to: '+255712345678' },
	{ name: 'Baraka', to: 'not-a-number' },
	{ name: 'Chausiku', to: '+255713000111' },
];

const pairs = (output: INodeExecutionData[]) => output.map((item) => item.pairedItem);

describe('router: sms.send with an invalid middle item', () => {
	it('with Continue On Fail: three outputs paired 0, 1, 2, the middle an error naming item 1 and the value', async () => {
		const bodies = sendServer();
		const { output } = await runNode({ parameters: sendParameters, items, continueOnFail: true });

		expect(output).toHaveLength(3);
		expect(pairs(output)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);

		expect(output[0].json).toMatchObject({
			message_id: 'msg-1',
			recipients: ['+255712345678'],
			status: 'sent',
		});
		expect(output[2].json).toMatchObject({
			message_id: 'msg-2',
			recipients: ['+255713000111'],
			status: 'sent',
		});

		const error = output[1].json;
		expect(error.error).toBe(
			'Recipient "not-a-number" is not a usable phone number: a phone number may only contain digits, an initial +, spaces, dashes, dots and parentheses [item 1]',
		);
		expect(error.description).toMatch(/Nothing was sent for this item/);
		expect(error.itemIndex).toBe(1);
		expect(error.message_id).toBeUndefined();

		// Only two sends happened, for items 0 and 2, each with its own recipient and message.
		expect(bodies).toEqual([
			{ message: 'Hello Asha', recipients: ['+255712345678'], sender_id: 'ACME' },
			{ message: 'Hello Chausiku', recipients: ['+255713000111'], sender_id: 'ACME' },
		]);
	});

	it('without Continue On Fail: the run rejects with item index 1, and item 2 is not sent', async () => {
		const bodies = sendServer();
		const error = await caught(() => runNode({ parameters: sendParameters, items }));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(1);
		expect(error.message).toMatch(
			/^Recipient "not-a-number" is not a usable phone number: .* \[item 1\]$/,
		);
		expect(bodies).toEqual([
			{ message: 'Hello Asha', recipients: ['+255712345678'], sender_id: 'ACME' },
		]);
	});

	it('with Combine Items and Continue On Fail: the valid items go out together, every item still paired', async () => {
		const bodies = sendServer();
		const { output } = await runNode({
			parameters: {
				...sendParameters,
				message: 'Same text for all',
				options: { combineItems: true },
			},
			items,
			continueOnFail: true,
		});
		expect(pairs(output)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(bodies).toEqual([
			{
				message: 'Same text for all',
				recipients: ['+255712345678', '+255713000111'],
				sender_id: 'ACME',
			},
		]);
		expect(output[0].json.message_id).toBe('msg-1');
		expect(output[2].json.message_id).toBe('msg-1');
		expect(output[1].json.error).toMatch(
			/^Recipient "not-a-number" is not a usable phone number: .* \[item 1\]$/,
		);
		expect(output[1].json.itemIndex).toBe(1);
	});

	it('with Combine Items and without Continue On Fail: nothing is sent and the error names item 1', async () => {
		const bodies = sendServer();
		const error = await caught(() =>
			runNode({
				parameters: {
					...sendParameters,
					message: 'Same text for all',
					options: { combineItems: true },
				},
				items,
			}),
		);
		expect(error.context.itemIndex).toBe(1);
		expect(bodies).toEqual([]);
	});

	it('an API error on the middle item is an error item with the status, and the others are sent', async () => {
		const bodies: IDataObject[] = [];
		nock(BASE_URL)
			.post(SEND)
			.times(3)
			.reply((_uri, body) => {
				bodies.push(body as IDataObject);
				const recipients = (body as IDataObject).recipients as string[];
				return recipients[0] === '+255799999999'
					? [400, { error: 'Recipient is blocklisted', code: 'RECIPIENT_BLOCKED', details: {} }]
					: [200, { success: true, message_id: `msg-${bodies.length}`, status: 'sent' }];
			});
		const { output } = await runNode({
			parameters: sendParameters,
			items: [items[0], { name: 'Blocked', to: '+255799999999' }, items[2]],
			continueOnFail: true,
		});
		expect(pairs(output)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(bodies).toHaveLength(3);
		expect(output[1].json).toEqual({
			error: 'The service refused the request as invalid [item 1]',
			description: expect.stringContaining(
				'The service said: "Recipient is blocklisted" (HTTP 400, code RECIPIENT_BLOCKED).',
			),
			httpCode: '400',
			errorCode: 'RECIPIENT_BLOCKED',
			outcome: 'notSent',
			itemIndex: 1,
		});
		expect(output[2].json.message_id).toBe('msg-3');
	});
});

describe('router: item by item (sms.getStatus)', () => {
	const statusParameters = {
		resource: 'sms',
		operation: 'getStatus',
		messageId: '={{ $json.id }}',
	};
	const ids = [{ id: 'm-0' }, { id: 'm-missing' }, { id: 'm-2' }];

	function statusServer() {
		const paths: string[] = [];
		nock(BASE_URL)
			.get(/\/api\/integration\/v1\/sms\/status\/.*/)
			.times(10)
			.reply((uri) => {
				paths.push(uri);
				return uri.includes('m-missing')
					? [404, { error: 'Message not found', code: 'NOT_FOUND', details: {} }]
					: [200, { message_id: uri.split('/')[6], status: 'delivered' }];
			});
		return paths;
	}

	it('with Continue On Fail: outputs paired 0, 1, 2, the middle a 404 error item', async () => {
		const paths = statusServer();
		const { output } = await runNode({
			parameters: statusParameters,
			items: ids,
			continueOnFail: true,
		});
		expect(output).toEqual([
			{ json: { message_id: 'm-0', status: 'delivered' }, pairedItem: { item: 0 } },
			{
				json: {
					error: 'The service has no message with the ID "m-missing" [item 1]',
					description: `The service said: "Message not found" (HTTP 404, code NOT_FOUND). Check the ID (it may belong to another account) and the credential's 'Base URL'. Request: GET /api/integration/v1/sms/status/m-missing/.`,
					httpCode: '404',
					errorCode: 'NOT_FOUND',
					itemIndex: 1,
				},
				pairedItem: { item: 1 },
			},
			{ json: { message_id: 'm-2', status: 'delivered' }, pairedItem: { item: 2 } },
		]);
		expect(paths).toHaveLength(3);
	});

	it('without Continue On Fail: rejects with item index 1 and never asks for item 2', async () => {
		const paths = statusServer();
		const error = await caught(() => runNode({ parameters: statusParameters, items: ids }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.context.itemIndex).toBe(1);
		expect(error.message).toBe('The service has no message with the ID "m-missing" [item 1]');
		expect(paths).toEqual([
			'/api/integration/v1/sms/status/m-0/',
			'/api/integration/v1/sms/status/m-missing/',
		]);
	});

	it('a list operation pairs every record to the item that asked for it', async () => {
		nock(BASE_URL)
			.get('/api/billing/history/')
			.query(true)
			.times(2)
			.reply((uri) => {
				const type = new URL(uri, BASE_URL).searchParams.get('type');
				return [
					200,
					{
						count: 2,
						next: null,
						previous: null,
						results: [{ id: `${type}-1` }, { id: `${type}-2` }],
					},
				];
			});
		const { output } = await runNode({
			parameters: {
				resource: 'billing',
				operation: 'getHistory',
				returnAll: true,
				filters: { type: '={{ $json.type }}' },
			},
			items: [{ type: 'usage' }, { type: 'payment' }],
		});
		expect(output).toEqual([
			{ json: { id: 'usage-1' }, pairedItem: { item: 0 } },
			{ json: { id: 'usage-2' }, pairedItem: { item: 0 } },
			{ json: { id: 'payment-1' }, pairedItem: { item: 1 } },
			{ json: { id: 'payment-2' }, pairedItem: { item: 1 } },
		]);
	});

	it('an unknown operation fails clearly', async () => {
		await expect(
			runNode({ parameters: { resource: 'sms', operation: 'teleport' } }),
		).rejects.toThrow('The operation "teleport" of resource "sms" is not supported');
	});
});

describe('errorJson', () => {
	it('a plain error gives its message and the item index', () => {
		expect(errorJson(new Error('boom'), 4)).toEqual({ error: 'boom', itemIndex: 4 });
	});

	it("an item's own words come before its shared error's, and the error stays as it was", () => {
		const node = makeNode(ACTION_TYPE, {});
		const shared = new NodeOperationError(node, 'The request failed', {
			description: 'Try again.',
		});
		const json = errorJson(shared, 2, {
			message: 'Item two failed',
			description: 'Part of it was sent.',
			fields: { sentRecipients: ['+255712000001'] },
		});
		expect(json).toEqual({
			error: 'Item two failed',
			description: 'Part of it was sent.',
			sentRecipients: ['+255712000001'],
			itemIndex: 2,
		});
		expect([shared.message, shared.description]).toEqual(['The request failed', 'Try again.']);
	});
});
