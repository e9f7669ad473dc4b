import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, runNode } from '../support/harness';

const SEND = '/api/integration/v1/sms/send/';

/** A send endpoint that records every request body and answers with a message id per request. */
function recordSends(
	options: { failOn?: (body: IDataObject, n: number) => number | undefined } = {},
) {
	const bodies: IDataObject[] = [];
	nock(BASE_URL)
		.persist()
		.post(SEND)
		.reply((_uri, body) => {
			const n = bodies.length + 1;
			bodies.push(body as IDataObject);
			const status = options.failOn?.(body as IDataObject, n);
			if (status)
				return [
					status,
					{ error: `Provider rejected batch ${n}`, code: 'provider_error', details: {} },
				];
			return [200, { success: true, message_id: `msg-${n}`, status: 'sent' }];
		});
	return bodies;
}

const phone = (i: number) => `+2557${String(10000000 + i).padStart(8, '0')}`;

function sendParameters(options: IDataObject, message = 'Hello from the broadcast') {
	return {
		resource: 'sms',
		operation: 'send',
		recipients: '={{ $json.to }}',
		message,
		senderId: 'ACME',
		options,
	};
}

describe('sms.send with Combine Items', () => {
	it('sends 250 items with one recipient each in 3 requests and pairs every output to its item', async () => {
		const bodies = recordSends();
		const items = Array.from({ length: 250 }, (_, i) => ({ to: phone(i) }));
		const { output } = await runNode({ parameters: sendParameters({ combineItems: true }), items });
		expect(bodies.map((b) => (b.recipients as string[]).length)).toEqual([100, 100, 50]);
		expect(bodies[0]).toEqual({
			message: 'Hello from the broadcast',
			sender_id: 'ACME',
			recipients: items.slice(0, 100).map((i) => i.to),
		});
		expect(output).toHaveLength(250);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.recipients).toEqual([phone(i)]);
			expect(item.json.message_id).toBe(`msg-${Math.floor(i / 100) + 1}`);
			expect(item.json.combinedItems).toBe(250);
		});
	});

	it('honours Batch Size and keeps input order', async () => {
		const bodies = recordSends();
		const items = Array.from({ length: 7 }, (_, i) => ({ to: phone(i) }));
		const { output } = await runNode({
			parameters: sendParameters({ combineItems: true, batchSize: 3 }),
			items,
		});
		expect(bodies.map((b) => b.recipients)).toEqual([
			[phone(0), phone(1), phone(2)],
			[phone(3), phone(4), phone(5)],
			[phone(6)],
		]);
		expect(output.map((o) => o.json.message_id)).toEqual([
			'msg-1',
			'msg-1',
			'msg-1',
			'msg-2',
			'msg-2',
			'msg-2',
			'msg-3',
		]);
	});

	it('groups by message, sender ID and tenant: different messages never share a request', async () => {
		const bodies = recordSends();
		const items = [
			{ to: phone(1), text: 'A' },
			{ to: phone(2), text: 'B' },
			{ to: phone(3), text: 'A' },
		];
		const { output } = await runNode({
			parameters: { ...sendParameters({ combineItems: true }), message: '={{ $json.text }}' },
			items,
		});
		expect(bodies).toEqual([
			{ message: 'A', sender_id: 'ACME', recipients: [phone(1), phone(3)] },
			{ message: 'B', sender_id: 'ACME', recipients: [phone(2)] },
		]);
		expect(output.map((o) => o.json.message_id)).toEqual(['msg-1', 'msg-2', 'msg-1']);
		expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('sends a number shared by two items once and shows the duplicate on the later item', async () => {
		const bodies = recordSends();
		const items = [{ to: `${phone(1)}, ${phone(2)}` }, { to: `${phone(2)}, ${phone(3)}` }];
		const { output } = await runNode({ parameters: sendParameters({ combineItems: true }), items });
		expect(bodies).toHaveLength(1);
		expect(bodies[0].recipients).toEqual([phone(1), phone(2), phone(3)]);
		expect(output[0].json.duplicates).toEqual([]);
		expect(output[1].json).toMatchObject({
			recipients: [phone(2), phone(3)],
			duplicates: [phone(2)],
			message_id: 'msg-1',
		});
	});

	it('the hint counts in words that agree with the numbers: one item, one request, one message ID', async () => {
		recordSends();
		const { hints } = await runNode({
			parameters: sendParameters({ combineItems: true }),
			items: [{ to: phone(1) }],
		});
		expect(hints.map((hint) => hint.message)).toEqual([
			"'Combine Items': 1 item went out in 1 accepted request, message ID msg-1.",
		]);
	});

	it('a failed request fails exactly the items it carried, as error items under continueOnFail', async () => {
		recordSends({ failOn: (_body, n) => (n === 2 ? 503 : undefined) });
		const items = Array.from({ length: 5 }, (_, i) => ({ to: phone(i) }));
		const { output, hints } = await runNode({
			parameters: sendParameters({ combineItems: true, batchSize: 2 }),
			items,
			continueOnFail: true,
		});
		// The hint counts only the items an accepted request carried.
		expect(hints.map((hint) => hint.message)).toEqual([
			"'Combine Items': 3 of 5 items went out in 2 accepted requests, message IDs msg-1, msg-3.",
		]);
		expect(output).toHaveLength(5);
		expect(output.map((o) => o.json.message_id ?? 'error')).toEqual([
			'msg-1',
			'msg-1',
			'error',
			'error',
			'msg-3',
		]);
		expect(output[2].json.error).toBe('The service could not answer [item 2]');
		expect(output[3].pairedItem).toEqual({ item: 3 });
	});

	it('an invalid item fails alone before any request, and the others are still combined', async () => {
		const bodies = recordSends();
		const items = [{ to: phone(1) }, { to: 'call me' }, { to: phone(2) }];
		const { output } = await runNode({
			parameters: sendParameters({ combineItems: true }),
			items,
			continueOnFail: true,
		});
		expect(bodies).toEqual([
			{ message: 'Hello from the broadcast', sender_id: 'ACME', recipients: [phone(1), phone(2)] },
		]);
		expect(output[1].json.error).toBe(
			'Recipient "call me" is not a usable phone number: a phone number may only contain digits, an initial +, spaces, dashes, dots and parentheses [item 1]',
		);
		expect(output[0].json.message_id).toBe('msg-1');
		expect(output[2].json.message_id).toBe('msg-1');
	});

	it('without continueOnFail an invalid item stops the run before anything is sent', async () => {
		const bodies = recordSends();
		const items = [{ to: phone(1) }, { to: '0712' }, { to: phone(2) }];
		await expect(
			runNode({ parameters: sendParameters({ combineItems: true }), items }),
		).rejects.toThrow('Recipient "0712" is not a usable phone number');
		expect(bodies).toHaveLength(0);
	});
});

describe('sms.send without Combine Items', () => {
	it('makes one request per item and hints that combining would save requests', async () => {
		const bodies = recordSends();
		const items = Array.from({ length: 12 }, (_, i) => ({ to: phone(i) }));
		const { output, hints } = await runNode({ parameters: sendParameters({}), items });
		expect(bodies).toHaveLength(12);
		expect(output.map((o) => o.json.message_id)).toEqual(items.map((_, i) => `msg-${i + 1}`));
		expect(hints.map((h) => h.message)).toEqual([
			"12 items sent the same message with 12 requests. Turn on 'Combine Items' in 'Options' to send them together in about 1 request(s); the service allows 1000 requests an hour.",
		]);
	});

	it('splits one item with many recipients by Batch Size', async () => {
		const bodies = recordSends();
		const to = Array.from({ length: 5 }, (_, i) => phone(i));
		const { output } = await runNode({
			parameters: sendParameters({ batchSize: 2 }),
			items: [{ to }],
		});
		expect(bodies.map((b) => b.recipients)).toEqual([to.slice(0, 2), to.slice(2, 4), to.slice(4)]);
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			message_id: 'msg-1',
			otherMessageIds: ['msg-2', 'msg-3'],
			requests: 3,
		});
	});

	it('without continueOnFail stops at the first failed item: later items are not sent', async () => {
		const bodies = recordSends({ failOn: (_body, n) => (n === 2 ? 400 : undefined) });
		const items = Array.from({ length: 4 }, (_, i) => ({ to: phone(i) }));
		await expect(runNode({ parameters: sendParameters({}), items })).rejects.toThrow(
			'The service refused the request as invalid [item 1]',
		);
		expect(bodies).toHaveLength(2);
	});
});
