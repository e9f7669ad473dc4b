/**
 * Settings → On Error, run by n8n-core's real WorkflowExecute (which splits the outputs): with "Continue (using error
 * output)" each failed item leaves on the error output, paired to its input, its error inside `error` (the text as
 * `error.message`) beside the input item's fields; each success on the success output. With "Continue (using regular
 * output)" everything stays on the one output, the error fields at the top, as before.
 * Here the node is the workflow's first node, so n8n has no input item to add beside `error`; in a workflow it does
 * (e2e/errorOutput.test.mjs reads both in a real n8n).
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { BASE_URL, runInWorkflow } from '../support/harness';
import { sendServer } from './sendServer';

const BALANCE = '/api/integration/v1/sms/balance/';
const CONTACT_ID = '0b7f3c2a-1d4e-4f5a-9b6c-7d8e9f0a1b2c';
const PACKAGES = '/api/billing/sms/packages/';

const send = {
	resource: 'sms',
	operation: 'send',
	recipients: '={{ $json.to }}',
	message: 'Hello',
	senderId: 'ACME',
};
const people: IDataObject[] = [
	{ name: 'Asha', to: '+255712345678' },
	{ name: 'Baraka', to: '12345' },
	{ name: 'Chausiku', to: '+255713000111' },
];
const BAD_RECIPIENT =
	'Recipient "12345" is not a usable phone number: not in E.164 format: start with + and the country code, e.g. +255712345678 [item 1]';
const BAD_RECIPIENT_ADVICE =
	"Nothing was sent for this item. Numbers must be E.164 (+ and the country code, e.g. +255712345678), or set 'Options' → 'Default Country Code' for local numbers.";

const view = (output: INodeExecutionData[]) =>
	output.map((item) => ({ json: item.json, pairedItem: item.pairedItem }));
const pairs = (output: INodeExecutionData[]) => output.map((item) => item.pairedItem);

describe('Continue (using error output)', () => {
	it('Send alone: the bad recipient on the error output, paired to item 1; the others sent on the success output', async () => {
		const bodies = sendServer();
		const { outputs } = await runInWorkflow({
			parameters: send,
			items: people,
			onError: 'continueErrorOutput',
		});
		const [success, failed] = outputs;
		expect(outputs).toHaveLength(2);
		expect(pairs(success)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(success.map((item) => item.json.message_id)).toEqual(['msg-1', 'msg-2']);
		expect(view(failed)).toEqual([
			{
				json: {
					error: {
						message: BAD_RECIPIENT,
						description: BAD_RECIPIENT_ADVICE,
						outcome: 'notSent',
						itemIndex: 1,
					},
				},
				pairedItem: { item: 1 },
			},
		]);
		expect(bodies.map((body) => body.recipients)).toEqual([['+255712345678'], ['+255713000111']]);
	});

	it('Send with Combine Items: the sent items together on the success output, the failing one on the error output', async () => {
		const bodies = sendServer();
		const { outputs } = await runInWorkflow({
			parameters: { ...send, options: { combineItems: true } },
			items: people,
			onError: 'continueErrorOutput',
		});
		const [success, failed] = outputs;
		expect(bodies).toEqual([
			{ message: 'Hello', recipients: ['+255712345678', '+255713000111'], sender_id: 'ACME' },
		]);
		expect(pairs(success)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(success.map((item) => item.json.message_id)).toEqual(['msg-1', 'msg-1']);
		expect(pairs(failed)).toEqual([{ item: 1 }]);
		expect(failed[0].json).toEqual({
			error: {
				message: BAD_RECIPIENT,
				description: BAD_RECIPIENT_ADVICE,
				outcome: 'notSent',
				itemIndex: 1,
			},
		});
	});

	it('a refused credential (401): every item on the error output with the status, none on the success output', async () => {
		nock(BASE_URL).get(BALANCE).times(2).reply(401, { detail: 'Invalid API key.' });
		const { outputs } = await runInWorkflow({
			parameters: { resource: 'account', operation: 'getBalance' },
			items: [{ run: 1 }, { run: 2 }],
			onError: 'continueErrorOutput',
		});
		const [success, failed] = outputs;
		expect(success).toEqual([]);
		expect(pairs(failed)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(failed[1].json).toEqual({
			error: {
				message: 'The service did not accept the credential [item 1]',
				description: expect.stringMatching(
					/^The service said: "Invalid API key\." \(HTTP 401\)\. The API key, sent as 'Authorization: Bearer', was not accepted\./,
				),
				httpCode: '401',
				itemIndex: 1,
			},
		});
	});

	it('a by-id read: the unknown id on the error output (404), the known one on the success output', async () => {
		const missing = '00000000-0000-4000-8000-000000000000';
		nock(BASE_URL)
			.get(`/api/messaging/contacts/${CONTACT_ID}/`)
			.reply(200, { id: CONTACT_ID, name: 'Asha', phone_e164: '+255712345678' })
			.get(`/api/messaging/contacts/${missing}/`)
			.reply(404, { detail: 'Not found.' });
		const { outputs } = await runInWorkflow({
			parameters: {
				resource: 'contact',
				operation: 'get',
				contactId: '={{ $json.id }}',
				simple: false,
			},
			items: [{ id: CONTACT_ID }, { id: missing }],
			onError: 'continueErrorOutput',
		});
		const [success, failed] = outputs;
		expect(view(success)).toEqual([
			{
				json: { id: CONTACT_ID, name: 'Asha', phone_e164: '+255712345678' },
				pairedItem: { item: 0 },
			},
		]);
		expect(pairs(failed)).toEqual([{ item: 1 }]);
		expect(failed[0].json).toMatchObject({
			error: {
				message:
					'The service has no contact with the ID "00000000-0000-4000-8000-000000000000" [item 1]',
				httpCode: '404',
				itemIndex: 1,
			},
		});
	});

	it('a list: its records on the success output, one item each, paired to the input', async () => {
		const record = (n: number) => ({ id: `p${n}`, name: `P${n}`, sms_count: n, is_active: true });
		nock(BASE_URL)
			.get(PACKAGES)
			.query(true)
			.reply(200, { count: 2, next: null, results: [record(1), record(2)] });
		const { outputs } = await runInWorkflow({
			parameters: { resource: 'smsPackage', operation: 'getAll', returnAll: true },
			items: [{}],
			onError: 'continueErrorOutput',
		});
		const [success, failed] = outputs;
		expect(success.map((item) => item.json.id)).toEqual(['p1', 'p2']);
		expect(pairs(success)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(failed).toEqual([]);
	});

	it('a create the service refuses (400) leaves on the error output with its words', async () => {
		nock(BASE_URL)
			.post('/api/integration/v1/partner/tenants/create/')
			.query(true)
			.reply(400, { error: 'Tenant name already taken', code: 'DUPLICATE', details: {} });
		const { outputs } = await runInWorkflow({
			parameters: {
				resource: 'partnerTenant',
				operation: 'create',
				tenantName: 'Acme',
				ownerEmail: 'owner@acme.example',
				ownerName: 'Neema',
				contactPhone: '+255712345678',
				initialCredits: 0,
			},
			items: [{}],
			onError: 'continueErrorOutput',
		});
		const [success, failed] = outputs;
		expect(success).toEqual([]);
		expect(failed[0].json.error).toMatchObject({
			message: 'The service refused the request as invalid [item 0]',
			httpCode: '400',
			errorCode: 'DUPLICATE',
			itemIndex: 0,
		});
	});
});

describe('Continue (using error output), contacts', () => {
	it('Create or Update (items combined): the invalid phone on the error output, the imported contact on the success output', async () => {
		nock(BASE_URL)
			.post(
				'/api/messaging/contacts/bulk-import/',
				(body: { contacts: unknown[] }) => body.contacts.length === 1,
			)
			.reply(201, { imported: 1, updated: 0, skipped: 0, errors: [] });
		const { outputs } = await runInWorkflow({
			parameters: {
				resource: 'contact',
				operation: 'upsert',
				name: '={{ $json.name }}',
				phone: '={{ $json.phone }}',
			},
			items: [
				{ name: 'Amina', phone: 'not a number' },
				{ name: 'Baraka', phone: '+255713000111' },
			],
			onError: 'continueErrorOutput',
		});
		const [success, failed] = outputs;
		expect(view(success)).toEqual([
			{
				json: { action: 'created', name: 'Baraka', phone: '+255713000111' },
				pairedItem: { item: 1 },
			},
		]);
		expect(pairs(failed)).toEqual([{ item: 0 }]);
		expect(failed[0].json.error).toMatchObject({
			message:
				'\'Phone\' "not a number" is not a usable phone number: a phone number may only contain digits, an initial +, spaces, dashes, dots and parentheses [item 0]',
			itemIndex: 0,
		});
	});

	it('Update of an unknown contact: on the error output with HTTP 404', async () => {
		nock(BASE_URL).patch('/api/messaging/contacts/missing-1/').reply(404, { detail: 'Not found.' });
		const { outputs } = await runInWorkflow({
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: 'missing-1',
				updateFields: { name: 'Amina' },
			},
			items: [{}],
			onError: 'continueErrorOutput',
		});
		const [success, failed] = outputs;
		expect(success).toEqual([]);
		expect(pairs(failed)).toEqual([{ item: 0 }]);
		expect(failed[0].json.error).toMatchObject({
			message: 'The service has no contact with the ID "missing-1" [item 0]',
			httpCode: '404',
		});
	});
});

describe('Continue (using regular output): as before', () => {
	it('one output, in input order, the error item flat with its fields at the top', async () => {
		sendServer();
		const { outputs } = await runInWorkflow({
			parameters: send,
			items: people,
			onError: 'continueRegularOutput',
		});
		expect(outputs).toHaveLength(1);
		const [output] = outputs;
		expect(pairs(output)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[1]).toEqual({
			json: {
				error: BAD_RECIPIENT,
				description: BAD_RECIPIENT_ADVICE,
				outcome: 'notSent',
				itemIndex: 1,
			},
			pairedItem: { item: 1 },
		});
		// No `error` on the item: n8n would show its json as the message alone.
		expect(output[1].error).toBeUndefined();
		expect(output[0].json.message_id).toBe('msg-1');
	});
});

describe("the trigger's manual run (Fetch Test Event)", () => {
	it.each(['continueErrorOutput', 'continueRegularOutput'] as const)(
		'with %s a failed check stays the node error; n8n passes its empty start item on, no error item is made',
		async (onError) => {
			nock(BASE_URL).get(BALANCE).reply(401, { detail: 'Invalid API key.' });
			const { outputs, error } = await runInWorkflow({
				trigger: true,
				parameters: { event: 'lowBalance', threshold: 100 },
				items: [{}],
				onError,
			});
			expect(error?.message).toBe('The service did not accept the credential');
			expect(outputs).toEqual([[{ json: {}, pairedItem: { item: 0 } }]]);
		},
	);
});
