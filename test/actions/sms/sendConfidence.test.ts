/**
 * Send with confidence (issue 53) and credits as each server charges them (issue 51): Check Balance First counts as the
 * route the send takes; Dry Run reads what the send needs and sends nothing, failing where the send would; Skip
 * Opted-Out Contacts reads the contact list once and leaves the opted-out numbers out. The mocked service answers only
 * what each test expects: a request it does not expect fails the test (nock refuses it).
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { BASE_URL, caught, jwtCredentials, runNode } from '../../support/harness';
import { processedDataStore } from '../../support/processedData';

const DOCUMENTED_SEND = '/api/integration/v1/sms/send/';
const DOCUMENTED_BALANCE = '/api/integration/v1/sms/balance/';
const LOGIN_SEND = '/api/messaging/sms/send/';
const LOGIN_BALANCE = '/api/billing/sms/balance/';
const SENDER_IDS = '/api/messaging/sender-ids/';
const CONTACTS = '/api/messaging/contacts/';
/** 200 GSM-7 characters: two SMS parts. */
const LONG = 'x'.repeat(200);
const phone = (i: number) => `+2557${String(10000000 + i).padStart(8, '0')}`;
const send = (options: IDataObject = {}, message = 'Hello') => ({
	resource: 'sms',
	operation: 'send',
	message,
	recipients: '={{ $json.to }}',
	senderId: 'MYSHOP',
	options,
});
const json = (output: INodeExecutionData[]) => output.map((item) => item.json);

const store = processedDataStore();
beforeEach(() => store.reset());
afterEach(() => nock.cleanAll());

/** The login, and the real server's balance answer. */
function loginServer(credits: number) {
	nock(BASE_URL).post('/api/auth/login/').reply(200, { access_token: 'token' }).persist();
	return nock(BASE_URL).get(LOGIN_BALANCE).reply(200, { success: true, data: { credits } });
}

/** Sends on the route answered 201 in the real server's shape; the recipients of each request, in order. */
function loginSends(): string[][] {
	const bodies: string[][] = [];
	nock(BASE_URL)
		.post(LOGIN_SEND)
		.times(100)
		.reply(201, (_uri, body) => {
			bodies.push((body as { recipients: string[] }).recipients);
			return { success: true, data: { message_id: `m${bodies.length}`, status: 'sent' } };
		});
	return bodies;
}

describe('credits as each server charges them', () => {
	it("on the real server's route a long message costs one credit a recipient: 3 credits cover 3 recipients", async () => {
		loginServer(3);
		const bodies = loginSends();
		const { output } = await runNode({
			parameters: send({ checkBalanceFirst: true, combineItems: true }, LONG),
			items: [{ to: phone(1) }, { to: phone(2) }, { to: phone(3) }],
			credentials: jwtCredentials(),
		});
		expect(bodies).toEqual([[phone(1), phone(2), phone(3)]]);
		expect(json(output).map((item) => [item.outcome, item.smsParts, item.credits])).toEqual([
			['sent', 2, 1],
			['sent', 2, 1],
			['sent', 2, 1],
		]);
	});

	it("on the API reference's route the same send needs recipients × parts: 3 credits do not cover 6", async () => {
		nock(BASE_URL).get(DOCUMENTED_BALANCE).reply(200, { balance: 3, currency: 'credits' });
		const error = await caught(
			async () =>
				await runNode({
					parameters: send({ checkBalanceFirst: true, combineItems: true }, LONG),
					items: [{ to: phone(1) }, { to: phone(2) }, { to: phone(3) }],
				}),
		);
		expect(error.message).toMatch(
			/The balance of 3 credits cannot cover this run: it needs about 6/,
		);
		expect(error.description).toContain('recipients × SMS parts');
	});
});

describe('Dry Run', () => {
	it('sends nothing: 5 combined items, Batch Size 2, preview the 3 requests the send makes, with credits', async () => {
		const balance = nock(BASE_URL)
			.get(DOCUMENTED_BALANCE)
			.reply(200, { balance: 100, currency: 'credits' });
		// The API reference's server has no sender ID list: the check is left to the send.
		nock(BASE_URL).get(SENDER_IDS).query(true).reply(404, { error: 'Not found' });
		const { output, hints } = await runNode({
			parameters: send({ dryRun: true, combineItems: true, batchSize: 2 }, LONG),
			items: [1, 2, 3, 4, 5].map((i) => ({ to: phone(i) })),
		});
		balance.done();
		expect(output.map((item) => item.pairedItem)).toEqual(
			[0, 1, 2, 3, 4].map((item) => ({ item })),
		);
		const first = output[0].json;
		expect(first).toMatchObject({
			dryRun: true,
			outcome: 'notSent',
			recipients: [phone(1)],
			message: LONG,
			senderId: 'MYSHOP',
			smsParts: 2,
			encoding: 'GSM-7',
			credits: 2,
			balance: 100,
		});
		expect(first.requests).toEqual([
			{
				request: 1,
				of: 3,
				method: 'POST',
				path: DOCUMENTED_SEND,
				body: { message: LONG, recipients: [phone(1), phone(2)], sender_id: 'MYSHOP' },
				recipients: 2,
				smsParts: 2,
				credits: 4,
			},
		]);
		// Items one request carries share its preview.
		expect(output[1].json.requests).toEqual(first.requests);
		expect(
			json(output).map((item) => (item.requests as IDataObject[]).map((r) => r.request)),
		).toEqual([[1], [1], [2], [2], [3]]);
		expect(hints.map((hint) => hint.message).join(' ')).toContain(
			'Dry Run: nothing was sent. The send would make 3 request(s)',
		);
	});

	it('with the login on the real server: its own route, one credit a recipient, and a sender ID it lacks fails as the send would', async () => {
		loginServer(10);
		nock(BASE_URL)
			.get(SENDER_IDS)
			.query(true)
			.reply(200, { success: true, data: [{ sender_id: 'OTHER', status: 'active' }] });
		const { output } = await runNode({
			parameters: send({ dryRun: true }, LONG),
			items: [{ to: `${phone(1)}, ${phone(2)}` }],
			credentials: jwtCredentials(),
			continueOnFail: true,
		});
		expect(output[0].json).toMatchObject({
			dryRun: true,
			outcome: 'notSent',
			credits: 2,
			requests: [expect.objectContaining({ path: LOGIN_SEND, credits: 2 })],
		});
		expect(output[0].json.error).toMatch(
			/'Sender ID' "MYSHOP" is not one of the account's active sender IDs/,
		);
	});

	it('a balance too low fails the request the service would refuse, and not the one before it', async () => {
		nock(BASE_URL).get(DOCUMENTED_BALANCE).reply(200, { balance: 1, currency: 'credits' });
		nock(BASE_URL).get(SENDER_IDS).query(true).reply(404, { error: 'Not found' });
		const { output } = await runNode({
			parameters: send({ dryRun: true }),
			items: [{ to: phone(1) }, { to: phone(2) }],
			continueOnFail: true,
		});
		expect(output[0].json.error).toBeUndefined();
		expect(output[1].json.error).toMatch(
			/The balance cannot cover request 2: it needs 1 credits, 0 would be left/,
		);
		expect(json(output).map((item) => item.outcome)).toEqual(['notSent', 'notSent']);
	});

	it('claims no Dedupe Key: the same items sent for real afterwards go out once', async () => {
		nock(BASE_URL).get(DOCUMENTED_BALANCE).reply(200, { balance: 100, currency: 'credits' });
		nock(BASE_URL).get(SENDER_IDS).query(true).reply(404, { error: 'Not found' });
		const items = [{ to: phone(1), key: 'k1' }];
		const dry = await runNode({
			parameters: send({ dryRun: true, dedupeKey: '={{ $json.key }}' }),
			items,
		});
		expect(dry.output[0].json).toMatchObject({ dryRun: true, outcome: 'notSent', dedupeKey: 'k1' });
		const sends = nock(BASE_URL)
			.post(DOCUMENTED_SEND)
			.reply(200, { success: true, message_id: 'm1', status: 'sent' });
		const real = await runNode({ parameters: send({ dedupeKey: '={{ $json.key }}' }), items });
		sends.done();
		expect(real.output[0].json).toMatchObject({ outcome: 'sent', message_id: 'm1' });
		const again = await runNode({ parameters: send({ dedupeKey: '={{ $json.key }}' }), items });
		expect(again.output[0].json.outcome).toBe('alreadySent');
	});
});

describe('Skip Opted-Out Contacts', () => {
	const contact = (n: number, optedOut: boolean) => ({
		id: `c${n}`,
		name: `Contact ${n}`,
		phone_e164: phone(n),
		opt_out_at: optedOut ? '2026-11-20T10:00:00Z' : null,
	});
	/** The real server's list: 20 contacts a page, `page` only. */
	function contactPages(contacts: IDataObject[]) {
		const pages = Math.ceil(contacts.length / 20);
		const asked: number[] = [];
		nock(BASE_URL)
			.get(CONTACTS)
			.query(true)
			.times(pages)
			.reply((uri) => {
				const page = Number(new URL(uri, BASE_URL).searchParams.get('page') ?? 1);
				asked.push(page);
				return [
					200,
					{
						count: contacts.length,
						next: page < pages ? `${BASE_URL}${CONTACTS}?page=${page + 1}` : null,
						previous: null,
						results: contacts.slice((page - 1) * 20, page * 20),
					},
				];
			});
		return asked;
	}

	it('reads every page once, sends only the opted-in and unknown numbers, and names the skipped ones', async () => {
		nock(BASE_URL).post('/api/auth/login/').reply(200, { access_token: 'token' }).persist();
		// 45 contacts (3 pages); numbers 2 and 44 opted out; number 99 has no contact.
		const asked = contactPages(
			Array.from({ length: 45 }, (_, i) => contact(i + 1, i + 1 === 2 || i + 1 === 44)),
		);
		const bodies = loginSends();
		const { output } = await runNode({
			parameters: send({ skipOptedOut: true }),
			items: [{ to: `${phone(1)}, ${phone(2)}, ${phone(99)}` }, { to: phone(44) }],
			credentials: jwtCredentials(),
		});
		expect(asked.sort()).toEqual([1, 2, 3]);
		expect(bodies).toEqual([[phone(1), phone(99)]]);
		expect(output[0].json).toMatchObject({
			outcome: 'sent',
			recipients: [phone(1), phone(99)],
			skippedOptedOut: [phone(2)],
		});
		expect(output[1].json).toEqual({
			outcome: 'notSent',
			recipients: [],
			skippedOptedOut: [phone(44)],
			reason: "Every recipient's contact has opted out: nothing was sent",
		});
	});

	it('on a server without contacts it says so before any send', async () => {
		nock(BASE_URL).get(CONTACTS).query(true).reply(404, { error: 'Not found' });
		const error = await caught(
			async () =>
				await runNode({
					parameters: send({ skipOptedOut: true }),
					items: [{ to: phone(1) }],
				}),
		);
		expect(error.message).toMatch(/'Skip Opted-Out Contacts' could not read the contact list/);
		expect(error.description).toContain('Nothing was sent for this item');
	});
});
