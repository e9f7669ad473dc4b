import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, runInWorkflow, runNode } from '../../support/harness';
import { testSettings as policy } from '../../support/testSettings';

// Every output and error item of Send says what became of its SMS: `outcome` is `sent`, `alreadySent`, `notSent` or
// `unknown`. An unknown outcome (the service may have sent it) is never sent again by the node.

const PATH = '/api/integration/v1/sms/send/';
const A = '+255712000001';
const B = '+255712000002';
const base = { resource: 'sms', operation: 'send', message: 'Hello', senderId: 'MYSHOP' };
const ok = { success: true, message_id: 'msg-1', status: 'sent' };
const UNKNOWN_ADVICE = 'Check the message log or the balance before sending again.';

const json = (output: Array<{ json: IDataObject }> | undefined) => output?.map((item) => item.json);

/** The service, counting the sends it receives: it answers `reply`, or its connection fails with `reply`'s error. */
function service(reply: (() => nock.ReplyFnResult) | Error) {
	let count = 0;
	const interceptor = nock(BASE_URL).post(PATH).times(5);
	const scope =
		reply instanceof Error ? interceptor.replyWithError(reply) : interceptor.reply(reply);
	scope.on('request', () => count++);
	return { requests: () => count };
}

afterEach(() => nock.cleanAll());

describe('sms.send outcome', () => {
	it('an accepted send is sent', async () => {
		nock(BASE_URL).post(PATH).reply(200, ok);
		const { output } = await runNode({ parameters: { ...base, recipients: A } });
		expect(output[0].json.outcome).toBe('sent');
	});

	it('a refused send (4xx) is notSent, and an invalid item too, before any request', async () => {
		nock(BASE_URL)
			.post(PATH)
			.reply(400, { error: 'Sender ID not approved', code: 'INVALID_SENDER' });
		const { output } = await runNode({
			parameters: { ...base, recipients: '={{ $json.to }}' },
			items: [{ to: A }, { to: 'nope' }],
			continueOnFail: true,
		});
		expect(json(output)).toEqual([
			expect.objectContaining({ httpCode: '400', outcome: 'notSent', itemIndex: 0 }),
			expect.objectContaining({ outcome: 'notSent', itemIndex: 1 }),
		]);
	});

	it.each([
		['a 503', () => [503, { detail: 'Service unavailable' }] as nock.ReplyFnResult],
		['a 500', () => [500, { error: 'Internal error' }] as nock.ReplyFnResult],
	])(
		'%s is unknown: one request, never repeated, with the advice to check first',
		async (_, reply) => {
			const { requests } = service(reply);
			const { output } = await runNode({
				parameters: { ...base, recipients: A },
				continueOnFail: true,
			});
			expect(requests()).toBe(1);
			expect(output[0].json).toMatchObject({
				error: 'The service could not answer [item 0]',
				outcome: 'unknown',
			});
			expect(output[0].json.description).toContain('it was not re-sent automatically');
		},
	);

	it('a dropped connection is unknown: one request', async () => {
		const { requests } = service(
			Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
		);
		const { output } = await runNode({
			parameters: { ...base, recipients: A },
			continueOnFail: true,
		});
		expect(requests()).toBe(1);
		expect(output[0].json).toMatchObject({
			error: 'The connection to the SMS Platform service broke off (ECONNRESET) [item 0]',
			outcome: 'unknown',
		});
	});

	it('a time-out is unknown: one request', async () => {
		const saved = policy.timeoutMs;
		policy.timeoutMs = 100;
		try {
			const scope = nock(BASE_URL).post(PATH).times(2).delay(1000).reply(200, ok);
			const { output } = await runNode({
				parameters: { ...base, recipients: A },
				continueOnFail: true,
			});
			expect(output[0].json).toMatchObject({
				error: expect.stringMatching(
					/^The SMS Platform service did not answer within 0 s \(E[A-Z]+\) \[item 0\]$/,
				) as unknown as string,
				outcome: 'unknown',
			});
			expect(scope.pendingMocks()).toHaveLength(1);
		} finally {
			policy.timeoutMs = saved;
		}
	});

	it('a connection that never opened is notSent (it was retried: nothing could have gone out)', async () => {
		const { requests } = service(
			Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
		);
		const { output } = await runNode({
			parameters: { ...base, recipients: A },
			continueOnFail: true,
		});
		expect(requests()).toBeGreaterThan(1);
		expect(output[0].json).toMatchObject({ outcome: 'notSent' });
		expect(output[0].json.error).toMatch(/^Could not connect to the SMS Platform service/);
	});

	it.each([
		'Network error while sending SMS via Beem: Read timed out',
		"Network error while sending SMS via Beem: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))",
	])(
		"the real server's 400 PROVIDER_ERROR saying %j is unknown: one request, the provider may have sent it",
		async (detail) => {
			const { requests } = service(() => [
				400,
				{
					success: false,
					message: 'Your message could not be sent right now.',
					error_code: 'PROVIDER_ERROR',
					detail,
					user_hint: 'Check the phone number format (+2557XXXXXXXX) and try again.',
				},
			]);
			const { output } = await runNode({
				parameters: { ...base, recipients: A },
				continueOnFail: true,
			});
			expect(requests()).toBe(1);
			expect(output[0].json).toEqual({
				error: 'The SMS may have gone out: the service lost touch with its SMS provider [item 0]',
				description: `The service said: "${detail}" (HTTP 400, code PROVIDER_ERROR). The service handed the message on and got no answer back, so it may have been sent. It was not re-sent automatically, to avoid a duplicate SMS. ${UNKNOWN_ADVICE} Request: POST ${PATH}.`,
				httpCode: '400',
				errorCode: 'PROVIDER_ERROR',
				outcome: 'unknown',
				itemIndex: 0,
			});
		},
	);

	it('a PROVIDER_ERROR that names another cause is notSent, in the service’s words', async () => {
		service(() => [
			400,
			{
				success: false,
				message: 'Provider error: Invalid phone number',
				error_code: 'PROVIDER_ERROR',
				detail: 'Beem API error: 400 - {"code": 102, "message": "Invalid phone number"}',
			},
		]);
		const { output } = await runNode({
			parameters: { ...base, recipients: A },
			continueOnFail: true,
		});
		expect(output[0].json).toMatchObject({
			error: 'The service refused the request as invalid [item 0]',
			outcome: 'notSent',
		});
	});

	it('part of an item sent, the rest refused: unknown (must not be sent again), with the recipients that got it', async () => {
		let attempt = 0;
		service(() =>
			++attempt === 1 ? [200, ok] : [400, { error: 'Blocked', code: 'RECIPIENT_BLOCKED' }],
		);
		const { output } = await runNode({
			parameters: { ...base, recipients: `${A},${B}`, options: { batchSize: 1 } },
			continueOnFail: true,
		});
		expect(output[0].json).toMatchObject({ outcome: 'unknown', sentRecipients: [A] });
	});
});

describe('sms.send outcome under n8n retries (the execution ledger)', () => {
	it('an item answered from an earlier try is alreadySent; one whose answer never came stays unknown', async () => {
		const sent: string[][] = [];
		nock(BASE_URL)
			.post(PATH)
			.times(10)
			.reply((_uri, body) => {
				const recipients = (body as { recipients: string[] }).recipients;
				sent.push(recipients);
				return recipients[0] === B
					? [200, { ...ok, message_id: `msg-${sent.length}` }]
					: [503, { detail: 'Service unavailable' }];
			});
		// The first item's error makes n8n try the node again (Continue On Fail with an error first).
		const result = await runInWorkflow({
			parameters: { ...base, recipients: '={{ $json.to }}' },
			items: [{ to: A }, { to: B }],
			continueOnFail: true,
			maxTries: 3,
		});
		expect(sent).toEqual([[A], [B]]);
		const [first, second] = json(result.output) ?? [];
		expect(first).toMatchObject({ outcome: 'unknown', itemIndex: 0 });
		expect(first.description).toContain('this item was not sent again');
		expect(second).toMatchObject({
			message_id: 'msg-2',
			alreadySent: true,
			outcome: 'alreadySent',
		});
	});
});
