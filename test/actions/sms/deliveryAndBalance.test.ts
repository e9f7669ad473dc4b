import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, jwtCredentials, runNode } from '../../support/harness';

// Send → Options → Wait for Delivery and Check Balance First (issue 24). The first status check comes after 2 s
// (FIRST_INTERVAL_MS), so these tests take a few seconds each.

const SEND = '/api/integration/v1/sms/send/';
const STATUS = (id: string) => `/api/integration/v1/sms/status/${id}/`;
const MESSAGING_STATUS = (id: string) => `/api/messaging/sms/${id}/status/`;
const BALANCE = '/api/integration/v1/sms/balance/';

const phone = (i: number) => `+2557${String(10000000 + i).padStart(8, '0')}`;

function send(options: IDataObject, recipients = '={{ $json.to }}', message = 'Server down') {
	return { resource: 'sms', operation: 'send', recipients, message, senderId: 'OPS', options };
}

/** A send endpoint answering `msg-1`, `msg-2`... and recording the bodies. */
function sendEndpoint(): IDataObject[] {
	const bodies: IDataObject[] = [];
	nock(BASE_URL)
		.persist()
		.post(SEND)
		.reply((_uri, body) => {
			bodies.push(body as IDataObject);
			return [200, { success: true, message_id: `msg-${bodies.length}`, status: 'sent' }];
		});
	return bodies;
}

/** Status answers per message id, in order (the last one repeats); counts the checks. */
function statusEndpoint(answers: Record<string, IDataObject[]>, path = STATUS) {
	const checks: Record<string, number> = {};
	for (const [id, list] of Object.entries(answers)) {
		nock(BASE_URL)
			.persist()
			.get(path(id))
			.reply(() => {
				const n = (checks[id] = (checks[id] ?? 0) + 1);
				return [200, list[Math.min(n, list.length) - 1]];
			});
	}
	return checks;
}

describe('sms.send: Wait for Delivery', () => {
	it('gives the final status and delivered_at of a delivered message', async () => {
		sendEndpoint();
		const checks = statusEndpoint({
			'msg-1': [{ message_id: 'msg-1', status: 'delivered', delivered_at: '2026-11-25T10:00:03Z' }],
		});
		const { output } = await runNode({
			parameters: send({ waitForDelivery: true }),
			items: [{ to: phone(1) }],
		});
		expect(output[0].json).toMatchObject({
			message_id: 'msg-1',
			status: 'delivered',
			delivered_at: '2026-11-25T10:00:03Z',
			deliveryTimedOut: false,
		});
		expect(checks['msg-1']).toBe(1);
	});

	it('gives failed for a message the service reports failed, and asks again while it is on its way', async () => {
		sendEndpoint();
		const checks = statusEndpoint({
			'msg-1': [
				{ message_id: 'msg-1', status: 'sent', delivered_at: null },
				{ message_id: 'msg-1', status: 'failed', delivered_at: null },
			],
		});
		const { output } = await runNode({
			parameters: send({ waitForDelivery: true, deliveryTimeout: 30 }),
			items: [{ to: phone(1) }],
		});
		expect(output[0].json).toMatchObject({
			status: 'failed',
			delivered_at: null,
			deliveryTimedOut: false,
		});
		expect(checks['msg-1']).toBe(2);
	});

	it('sets deliveryTimedOut with the last status seen when the timeout passes first', async () => {
		sendEndpoint();
		statusEndpoint({ 'msg-1': [{ message_id: 'msg-1', status: 'sent', delivered_at: null }] });
		const started = Date.now();
		const { output } = await runNode({
			parameters: send({ waitForDelivery: true, deliveryTimeout: 1 }),
			items: [{ to: phone(1) }],
		});
		expect(output[0].json).toMatchObject({ status: 'sent', deliveryTimedOut: true });
		expect(Date.now() - started).toBeLessThan(10000);
	});

	it('with Combine Items asks each message id once a round, never each item', async () => {
		const bodies = sendEndpoint();
		const delivered = (id: string) => [
			{ message_id: id, status: 'delivered', delivered_at: '2026-11-25T10:00:03Z' },
		];
		const checks = statusEndpoint({
			'msg-1': delivered('msg-1'),
			'msg-2': delivered('msg-2'),
			'msg-3': delivered('msg-3'),
		});
		const items = Array.from({ length: 250 }, (_, i) => ({ to: phone(i) }));
		const { output } = await runNode({
			parameters: send({ combineItems: true, waitForDelivery: true }),
			items,
		});
		expect(bodies).toHaveLength(3);
		expect(checks).toEqual({ 'msg-1': 1, 'msg-2': 1, 'msg-3': 1 });
		expect(output).toHaveLength(250);
		for (const item of output) {
			expect(item.json).toMatchObject({ status: 'delivered', deliveryTimedOut: false });
		}
	});

	it('with the login, the status checks go to the login family that sent, as every request of the run', async () => {
		nock(BASE_URL).post('/api/auth/login/').reply(200, { access_token: 'fresh-token' }).persist();
		// The login sends on its own route (issue 28), answering in the real server's shape.
		const sent = nock(BASE_URL)
			.post('/api/messaging/sms/send/')
			.reply(201, {
				success: true,
				message: 'SMS sent',
				data: { message_id: 'msg-1', status: 'sent', recipient_count: 1 },
			});
		// The integration endpoint takes only API keys: the run, which sent on the login route, never asks it.
		const documented = nock(BASE_URL)
			.get(STATUS('msg-1'))
			.reply(401, { detail: 'Given token not valid for any token type' });
		const checks = statusEndpoint(
			{
				'msg-1': [
					{
						success: true,
						message: { id: 'msg-1', status: 'delivered', delivered_at: '2026-11-25T10:00:04Z' },
					},
				],
			},
			MESSAGING_STATUS,
		);
		const { output } = await runNode({
			parameters: send({ waitForDelivery: true, deliveryTimeout: 30 }),
			items: [{ to: phone(1) }],
			credentials: jwtCredentials(),
		});
		expect(output[0].json).toMatchObject({
			status: 'delivered',
			delivered_at: '2026-11-25T10:00:04Z',
			deliveryTimedOut: false,
		});
		expect(checks['msg-1']).toBe(1);
		expect(sent.isDone()).toBe(true);
		expect(documented.isDone()).toBe(false);
	});

	it('does not check anything without the option', async () => {
		sendEndpoint();
		const checks = statusEndpoint({ 'msg-1': [{ status: 'delivered' }] });
		const { output } = await runNode({ parameters: send({}), items: [{ to: phone(1) }] });
		expect(output[0].json.status).toBe('sent');
		expect(output[0].json.deliveryTimedOut).toBeUndefined();
		expect(checks).toEqual({});
	});
});

describe('sms.send: Check Balance First and SMS parts', () => {
	it('sends nothing when the balance cannot cover recipients × parts, and every item says why', async () => {
		const bodies = sendEndpoint();
		nock(BASE_URL).get(BALANCE).reply(200, { balance: 5, currency: 'credits' });
		const items = Array.from({ length: 3 }, (_, i) => ({ to: `${phone(i)}, ${phone(i + 10)}` }));
		const { output } = await runNode({
			// 161 characters: two parts a recipient, 6 recipients: 12 credits.
			parameters: send({ checkBalanceFirst: true }, '={{ $json.to }}', 'x'.repeat(161)),
			items,
			continueOnFail: true,
		});
		expect(bodies).toHaveLength(0);
		expect(output).toHaveLength(3);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.error).toMatch(
				/The balance of 5 credits cannot cover this run: it needs about 12/,
			);
			expect(item.json.description).toMatch(/^Nothing was sent/);
		});
	});

	it('without Continue On Fail the run fails before any send', async () => {
		const bodies = sendEndpoint();
		nock(BASE_URL).get(BALANCE).reply(200, { balance: 1, currency: 'credits' });
		await expect(
			runNode({
				parameters: send({ checkBalanceFirst: true }),
				items: [{ to: phone(1) }, { to: phone(2) }],
			}),
		).rejects.toThrow(/cannot cover this run/);
		expect(bodies).toHaveLength(0);
	});

	it('sends as usual when the balance covers the run (a shared number counts once when combined)', async () => {
		const bodies = sendEndpoint();
		const balance = nock(BASE_URL).get(BALANCE).reply(200, { balance: 3, currency: 'credits' });
		const items = [{ to: `${phone(1)}, ${phone(2)}` }, { to: `${phone(2)}, ${phone(3)}` }];
		const { output } = await runNode({
			parameters: send({ checkBalanceFirst: true, combineItems: true }),
			items,
		});
		expect(bodies).toHaveLength(1);
		expect(output.map((item) => item.json.message_id)).toEqual(['msg-1', 'msg-1']);
		balance.done();
	});

	it('each output carries smsParts and encoding of its message', async () => {
		sendEndpoint();
		const { output } = await runNode({
			parameters: send({}, '={{ $json.to }}', '={{ $json.text }}'),
			items: [
				{ to: phone(1), text: 'a'.repeat(160) },
				{ to: phone(2), text: 'a'.repeat(161) },
				{ to: phone(3), text: 'Habari 👋' },
			],
		});
		expect(output.map((item) => [item.json.smsParts, item.json.encoding])).toEqual([
			[1, 'GSM-7'],
			[2, 'GSM-7'],
			[1, 'UCS-2'],
		]);
	});
});
