import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { groupKey, prepare } from '../../../nodes/SmsPlatform/actions/sms/prepare';
import { readScheduleTime } from '../../../nodes/SmsPlatform/actions/sms/schedule';
import { refusalOf } from '../../../nodes/SmsPlatform/actions/sms/sendRequests';
import { endpoints } from '../../../nodes/SmsPlatform/endpoints';
import { nonAscii, toPlain } from '../../../nodes/SmsPlatform/actions/sms/plainText';
import { actionContext, BASE_URL, jwtCredentials, runNode } from '../../support/harness';

// The real server's rules for a send, said before they cost a request: Schedule Time (future, within a year, only on
// a route with a schedule field), plain ASCII text on its messaging route (or the characters replaced), and a refused
// sender ID answered with the sender IDs the account has.

const PATH = '/api/integration/v1/sms/send/';
const A = '+255712000001';
const base = {
	resource: 'sms',
	operation: 'send',
	message: 'Hello',
	senderId: 'MYSHOP',
	recipients: A,
};
const HOUR = 3600 * 1000;
const DOCUMENTED_SEND = endpoints.sendSms();
const MESSAGING_SEND = DOCUMENTED_SEND.login;
const iso = (ms: number) => new Date(ms).toISOString();

afterEach(() => nock.cleanAll());

describe('Options → Schedule Time', () => {
	it.each([
		[
			'in the past',
			() => iso(Date.now() - HOUR),
			/^'Schedule Time' is in the past: \d{4}-\d\d-\d\dT[\d:.]+Z \[item 0\]$/,
			"Nothing was sent for this item. Enter a time in the future, or remove 'Schedule Time' to send now.",
		],
		[
			'more than a year ahead',
			() => iso(Date.now() + 400 * 24 * HOUR),
			/^'Schedule Time' is more than a year ahead: \d{4}-\d\d-\d\dT[\d:.]+Z \[item 0\]$/,
			'Nothing was sent for this item. Enter a time within a year from now.',
		],
		[
			'not a date',
			() => 'next tuesday',
			/^'Schedule Time' must be a date and time, not "next tuesday" \[item 0\]$/,
			"Nothing was sent for this item. Pick a date and time in 'Options' → 'Schedule Time', or map one, e.g. 2026-12-01T09:00:00 (read in the workflow's time zone) or 2026-12-01T06:00:00Z.",
		],
	])('%s: the item fails before any request', async (_, value, message, description) => {
		const { output } = await runNode({
			parameters: { ...base, options: { scheduleTime: value() } },
			continueOnFail: true,
		});
		expect(output).toEqual([
			{
				json: {
					error: expect.stringMatching(message) as unknown as string,
					description,
					outcome: 'notSent',
					itemIndex: 0,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('on a server with only the API reference’s route (no schedule field) the item fails and nothing is sent now instead', async () => {
		// The service's own send route, the one with a schedule field, is asked once: this server does not have it.
		const asked = nock(BASE_URL)
			.post(MESSAGING_SEND.path)
			.reply(404, { error: 'Not found', code: 'not_found' });
		const { output } = await runNode({
			parameters: { ...base, options: { scheduleTime: iso(Date.now() + 2 * HOUR) } },
			continueOnFail: true,
		});
		expect(output[0].json).toEqual({
			error: `'Schedule Time' cannot be sent on this route: POST ${PATH} has no schedule field [item 0]`,
			description:
				"Nothing was sent for this item: it would have gone out now instead of at the time asked. Only the service's own send route (POST /api/messaging/sms/send/, which the real service opens to 'Email and Password') takes a schedule time, and this server did not take the item there. Remove 'Schedule Time' to send now.",
			outcome: 'notSent',
			itemIndex: 0,
		});
		expect(asked.isDone()).toBe(true);
	});

	it('reads a time with a zone as given, and one without in the workflow’s time zone', () => {
		const ctx = actionContext(base, [{}]);
		const now = Date.parse('2026-11-26T00:00:00Z');
		expect(readScheduleTime(ctx, '2026-12-01T09:00:00+03:00', 0, now)).toBe(
			'2026-12-01T06:00:00.000Z',
		);
		expect(readScheduleTime(ctx, new Date('2026-12-01T06:00:00Z'), 0, now)).toBe(
			'2026-12-01T06:00:00.000Z',
		);
		const zone = ctx.getTimezone();
		const local = readScheduleTime(ctx, '2026-12-01T09:00:00', 0, now);
		// The instant found shows 09:00 on the workflow zone's clock.
		expect(
			new Date(local).toLocaleString('en-GB', { timeZone: zone, hour12: false }).slice(-8),
		).toBe('09:00:00');
		// An empty field (or none) sends now.
		for (const scheduleTime of ['', null, undefined])
			expect(
				prepare(actionContext({ ...base, options: { scheduleTime } }, [{}]), 0).scheduleTime,
			).toBeUndefined();
	});

	it('items with different schedule times are not combined into one request', () => {
		const ctx = actionContext(
			{ ...base, recipients: '={{ $json.to }}', options: { scheduleTime: '={{ $json.at }}' } },
			[
				{ to: A, at: iso(Date.now() + HOUR) },
				{ to: A, at: iso(Date.now() + 2 * HOUR) },
			],
		);
		const [first, second] = [prepare(ctx, 0), prepare(ctx, 1)];
		expect(groupKey(first)).not.toBe(groupKey(second));
		expect(groupKey(first)).toBe(groupKey(prepare(ctx, 0)));
	});
});

describe('text the messaging route takes (plain ASCII)', () => {
	const ctx = actionContext(base, [{}]);
	const item = (message: string, options: IDataObject = {}) =>
		prepare(actionContext({ ...base, message, options }, [{}]), 0);

	it('names the characters and their positions, counting an emoji as one, and says what to do', () => {
		const error = refusalOf(ctx, MESSAGING_SEND, item('It’s 5 € 😀 ok')) as Error & {
			description: string;
		};
		expect(error.message).toBe(
			"'Message' has characters the send route does not take: '’' at position 3, '€' at position 8, '😀' at position 10",
		);
		expect(error.description).toBe(
			"Nothing was sent for this item. The route (POST /api/messaging/sms/send/) takes plain ASCII text only (letters without accents, digits, basic punctuation). Change these characters (e.g. ’ to ', é to e), or turn on 'Options' → 'Replace Special Characters' to have those with a plain form replaced before sending.",
		);
	});

	it('with Replace Special Characters, only the characters without a plain form are left, and named', () => {
		const prepared = item('“Café” – déjà vu… 😀', { replaceSpecialCharacters: true });
		expect(prepared.message).toBe('"Cafe" - deja vu... 😀');
		expect(prepared.replacedCharacters).toBe(7);
		const error = refusalOf(ctx, MESSAGING_SEND, prepared) as Error & { description: string };
		expect(error.message).toBe(
			"'Message' has characters the send route does not take: '😀' at position 21",
		);
		expect(error.description).toMatch(/have no plain form to put instead .*: remove them/);
	});

	it('plain text passes; the API reference’s route takes any text', () => {
		expect(refusalOf(ctx, MESSAGING_SEND, item('Plain text, 100%!'))).toBeUndefined();
		expect(refusalOf(ctx, DOCUMENTED_SEND, item('Ünïcödé 😀'))).toBeUndefined();
	});

	it('lists five characters at most, and how many more', () => {
		expect(nonAscii('aéb')).toEqual([{ char: 'é', position: 2 }]);
		const error = refusalOf(ctx, MESSAGING_SEND, item('ééééééé')) as Error;
		expect(error.message).toMatch(/'é' at position 5 and 2 more$/);
		expect(toPlain('ß Æ ø — ‘x’')).toEqual({ text: "ss AE o - 'x'", replaced: 6 });
	});

	it('the replaced text is what the service receives', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, { message: "It's - cafe...", recipients: [A], sender_id: 'MYSHOP' })
			.reply(200, { success: true, message_id: 'msg-1', status: 'sent' });
		const { output } = await runNode({
			parameters: { ...base, message: 'It’s – café…', options: { replaceSpecialCharacters: true } },
		});
		expect(output[0].json).toMatchObject({ message_id: 'msg-1', outcome: 'sent' });
		scope.done();
	});
});

describe('a refused sender ID (400 SENDER_ID_INVALID)', () => {
	const refused = {
		success: false,
		message: 'Sender name is missing or not available.',
		error_code: 'SENDER_ID_INVALID',
		user_hint: 'Choose an approved sender name or request the default in Sender Names.',
	};

	it('names the sender IDs the account has, from one request however many items were refused', async () => {
		const sends = nock(BASE_URL).post(PATH).times(2).reply(400, refused);
		const list = nock(BASE_URL)
			.get('/api/messaging/sender-ids/')
			.query(true)
			.once()
			.reply(200, {
				success: true,
				data: [
					{ id: 'a1', sender_id: 'TAARIFA', status: 'active' },
					{ id: 'b2', sender_id: 'SHOPKE', status: 'active' },
				],
			});
		const { output } = await runNode({
			parameters: base,
			items: [{}, {}],
			continueOnFail: true,
		});
		for (const [index, item] of output.entries()) {
			expect(item.json).toEqual({
				error: `The service refused the request as invalid [item ${index}]`,
				description: `The service said: "Sender name is missing or not available." (HTTP 400, code SENDER_ID_INVALID). Check the fields the service names, then run the node again. Request: POST ${PATH}. The account's active sender IDs: TAARIFA, SHOPKE ("MYSHOP" is not one of them). Put one of them in 'Sender ID'.`,
				httpCode: '400',
				errorCode: 'SENDER_ID_INVALID',
				outcome: 'notSent',
				itemIndex: index,
			});
		}
		sends.done();
		list.done();
	});

	it('no other error asks for the list', async () => {
		nock(BASE_URL)
			.post(PATH)
			.reply(400, { ...refused, error_code: 'VALIDATION_ERROR', message: 'Invalid' });
		const { output } = await runNode({ parameters: base, continueOnFail: true });
		expect(output[0].json).toMatchObject({ errorCode: 'VALIDATION_ERROR', outcome: 'notSent' });
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('Send with the email and password login: the login route (issue 28)', () => {
	const LOGIN_SEND = '/api/messaging/sms/send/';
	const phones = (n: number) =>
		Array.from({ length: n }, (_, i) => `+2557${String(10000000 + i).padStart(8, '0')}`);
	/** The login route, answering as the real server does; records the bodies. */
	function loginSend(): IDataObject[] {
		const bodies: IDataObject[] = [];
		nock(BASE_URL)
			.persist()
			.post(LOGIN_SEND)
			.reply((_uri, body) => {
				const sent = body as IDataObject;
				bodies.push(sent);
				return [
					201,
					{
						success: true,
						message: 'SMS sent',
						data: {
							message_id: `m-${bodies.length}`,
							base_message_id: `b-${bodies.length}`,
							recipient_count: (sent.recipients as string[]).length,
							// As the real server answers every send it handed over, scheduled or not.
							status: 'sent',
						},
					},
				];
			});
		return bodies;
	}
	/** The API reference's route: counts the requests it gets (none expected with the login). */
	function documentedSend(): { count: number } {
		const seen = { count: 0 };
		nock(BASE_URL)
			.persist()
			.post(PATH)
			.reply(() => {
				seen.count++;
				return [200, { success: true, message_id: 'doc-1', status: 'sent' }];
			});
		return seen;
	}

	beforeEach(() => {
		nock(BASE_URL).persist().post('/api/auth/login/').reply(200, { access_token: 'fresh-token' });
	});

	it("a scheduled send goes out on the login route with schedule_time, its answer read as documented, its status 'scheduled'", async () => {
		const bodies = loginSend();
		const documented = documentedSend();
		const at = iso(Date.now() + 2 * HOUR);
		const { output } = await runNode({
			parameters: { ...base, options: { scheduleTime: at } },
			credentials: jwtCredentials(),
		});
		expect(bodies).toHaveLength(1);
		expect(bodies[0]).toEqual({
			message: 'Hello',
			recipients: [A],
			sender_id: 'MYSHOP',
			schedule_time: expect.any(String),
		});
		expect(Date.parse(bodies[0].schedule_time as string)).toBe(Date.parse(at));
		expect(output[0].json).toMatchObject({
			message_id: 'm-1',
			recipients_count: 1,
			// The service said `sent`: the SMS waits for its time.
			status: 'scheduled',
			outcome: 'sent',
		});
		expect(documented.count).toBe(0);
	});

	it('a scheduled send the login route refuses is not sent on the API reference’s route (it would go out now)', async () => {
		nock(BASE_URL)
			.persist()
			.post(LOGIN_SEND)
			.reply(401, { detail: 'Given token not valid for any token type' });
		const documented = documentedSend();
		const { output } = await runNode({
			parameters: { ...base, options: { scheduleTime: iso(Date.now() + 2 * HOUR) } },
			credentials: jwtCredentials(),
			continueOnFail: true,
		});
		expect(output[0].json.error).toEqual(expect.any(String));
		expect(output[0].json.message_id).toBeUndefined();
		expect(documented.count).toBe(0);
	});

	it('non-ASCII text is not asked of the login route: the API reference’s route takes it where the server has it', async () => {
		const bodies = loginSend();
		const documented = documentedSend();
		const { output } = await runNode({
			parameters: { ...base, message: 'Café 😀' },
			credentials: jwtCredentials(),
		});
		expect(output[0].json).toMatchObject({ message_id: 'doc-1', outcome: 'sent' });
		expect(bodies).toHaveLength(0);
		expect(documented.count).toBe(1);
	});

	it('non-ASCII text on a server whose API reference route refuses the login: the item fails naming the characters, nothing is sent', async () => {
		const bodies = loginSend();
		const refused = nock(BASE_URL)
			.post(PATH)
			.reply(401, { success: false, message: 'Invalid API key', error_code: 'INVALID_API_KEY' });
		const { output } = await runNode({
			parameters: { ...base, message: 'Café 😀' },
			credentials: jwtCredentials(),
			continueOnFail: true,
		});
		expect(output[0].json.error).toBe(
			"'Message' has characters the send route does not take: 'é' at position 4, '😀' at position 6 [item 0]",
		);
		expect(output[0].json.outcome).toBe('notSent');
		expect(bodies).toHaveLength(0);
		expect(refused.isDone()).toBe(true);
	});

	it('1,001 recipients are two requests on the login route: 1,000, then 1 (its cap)', async () => {
		const bodies = loginSend();
		const numbers = phones(1001);
		const { output } = await runNode({
			parameters: { ...base, recipients: numbers.join(','), options: { batchSize: 1000 } },
			credentials: jwtCredentials(),
		});
		expect(bodies.map((b) => (b.recipients as string[]).length)).toEqual([1000, 1]);
		expect(bodies.flatMap((b) => b.recipients as string[])).toEqual(numbers);
		expect(output[0].json.outcome).toBe('sent');
	});

	it('a send for a partner’s tenant account takes the API reference’s route only (the login route would charge the login’s account)', async () => {
		const bodies = loginSend();
		const scope = nock(BASE_URL)
			.post(PATH, {
				message: 'Hello',
				recipients: [A],
				sender_id: 'MYSHOP',
				tenant_account_id: 't-9',
			})
			.reply(200, { success: true, message_id: 'doc-1', status: 'sent' });
		const { output } = await runNode({
			parameters: { ...base, options: { tenantAccountId: 't-9' } },
			credentials: jwtCredentials(),
		});
		expect(output[0].json).toMatchObject({ message_id: 'doc-1', outcome: 'sent' });
		expect(bodies).toHaveLength(0);
		scope.done();
	});
});
