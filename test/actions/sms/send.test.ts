import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { caught } from '../shared';

// Single-item sending; bulk sending (Combine Items, Batch Size) has its own tests.

const PATH = '/api/integration/v1/sms/send/';
const MESSAGE_ID = '3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';
const MESSAGE_ID_2 = '3f2b8c1e-5d4a-4b6f-9e7d-000000000002';
const TEXT = 'Your order #1042 has shipped';

const base = { resource: 'sms', operation: 'send', message: TEXT, senderId: 'MYSHOP' };
const sent = (id = MESSAGE_ID) => ({ success: true, message_id: id, status: 'sent' });
/** The output of a successful one-request send. */
const output1 = (recipients: string[], id = MESSAGE_ID, extra: IDataObject = {}) => ({
	message_id: id,
	status: 'sent',
	otherMessageIds: [],
	recipients,
	requests: 1,
	duplicates: [],
	smsParts: 1,
	encoding: 'GSM-7',
	// The API reference's route: recipients × parts.
	credits: recipients.length,
	outcome: 'sent',
	...extra,
});

describe('sms.send', () => {
	it('POSTs message, recipients and sender_id with the key as Bearer and outputs the send result', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		})
			.post(PATH, { message: TEXT, recipients: ['+255712345678'], sender_id: 'MYSHOP' })
			.query({})
			.reply(200, sent());
		const { output } = await runNode({ parameters: { ...base, recipients: '+255712345678' } });
		expect(output).toEqual([{ json: output1(['+255712345678']), pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('sends the key as X-API-Key and no Authorization header in API-key-header mode', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.post(PATH, { message: TEXT, recipients: ['+255712345678'], sender_id: 'MYSHOP' })
			.reply(200, sent());
		const { output } = await runNode({
			parameters: { ...base, recipients: '+255712345678' },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([{ json: output1(['+255712345678']), pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('sends one request per input item with the values of its expressions, each output paired to its item', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, { message: 'Hello Amina', recipients: ['+255712345678'], sender_id: 'MYSHOP' })
			.reply(200, sent())
			.post(PATH, { message: 'Hello Juma', recipients: ['+255713000111'], sender_id: 'MYSHOP' })
			.reply(200, sent(MESSAGE_ID_2));
		const { output } = await runNode({
			parameters: { ...base, recipients: '={{ $json.phone }}', message: '=Hello {{ $json.name }}' },
			items: [
				{ name: 'Amina', phone: '+255712345678' },
				{ name: 'Juma', phone: '+255713000111' },
			],
		});
		expect(output).toEqual([
			{ json: output1(['+255712345678']), pairedItem: { item: 0 } },
			{ json: output1(['+255713000111'], MESSAGE_ID_2), pairedItem: { item: 1 } },
		]);
		scope.done();
	});

	it('splits a recipients string on commas and new lines and strips spaces, dashes, dots and parentheses', async () => {
		const recipients = ['+255712345678', '+255713000111', '+255714000222', '+254722000333'];
		const scope = nock(BASE_URL)
			.post(PATH, { message: TEXT, recipients, sender_id: 'MYSHOP' })
			.reply(200, sent());
		const { output } = await runNode({
			parameters: {
				...base,
				recipients: '+255 712 345 678,\n+255-713-000-111\r\n\n +255 (714) 000.222 , +254722000333,',
			},
		});
		expect(output).toEqual([{ json: output1(recipients), pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('takes a list of recipients from an expression', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, {
				message: TEXT,
				recipients: ['+255712345678', '+255713000111'],
				sender_id: 'MYSHOP',
			})
			.reply(200, sent());
		const { output } = await runNode({
			parameters: { ...base, recipients: '={{ ["+255712345678", "+255713000111"] }}' },
		});
		expect(output).toEqual([
			{ json: output1(['+255712345678', '+255713000111']), pairedItem: { item: 0 } },
		]);
		scope.done();
	});

	it('takes a list from the input item through an expression', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, {
				message: TEXT,
				recipients: ['+255712345678', '+255713000111'],
				sender_id: 'MYSHOP',
			})
			.reply(200, sent());
		const { output } = await runNode({
			parameters: { ...base, recipients: '={{ $json.phones }}' },
			items: [{ phones: ['+255 712 345 678', '+255713000111'] }],
		});
		expect(output).toEqual([
			{ json: output1(['+255712345678', '+255713000111']), pairedItem: { item: 0 } },
		]);
		scope.done();
	});

	it('with a Default Country Code, turns 0XXXXXXXXX into +<code>XXXXXXXXX and gives <code>XXXXXXXXX its +', async () => {
		const recipients = ['+255712345678', '+255713000111', '+254722000333'];
		const scope = nock(BASE_URL)
			.post(PATH, { message: TEXT, recipients, sender_id: 'MYSHOP' })
			.reply(200, sent());
		const { output } = await runNode({
			parameters: {
				...base,
				recipients: '0712 345 678, 255713000111, +254722000333',
				options: { defaultCountryCode: '255' },
			},
		});
		expect(output).toEqual([{ json: output1(recipients), pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('sends a number given twice once and reports it in duplicates', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, {
				message: TEXT,
				recipients: ['+255712345678', '+255713000111'],
				sender_id: 'MYSHOP',
			})
			.reply(200, sent());
		const { output } = await runNode({
			parameters: {
				...base,
				recipients: '+255712345678, +255 712 345 678\n0712345678, +255713000111, 255713000111',
				options: { defaultCountryCode: '255' },
			},
		});
		expect(output).toEqual([
			{
				json: output1(['+255712345678', '+255713000111'], MESSAGE_ID, {
					duplicates: ['+255712345678', '+255713000111'],
				}),
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});

	it('sends the Tenant Account ID (trimmed) as tenant_account_id', async () => {
		const tenant = '6f1c2d3e-4a5b-4c6d-8e7f-001122334455';
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.post(PATH, {
				message: TEXT,
				recipients: ['+255712345678'],
				sender_id: 'MYSHOP',
				tenant_account_id: tenant,
			})
			.reply(200, sent());
		const { output } = await runNode({
			parameters: {
				...base,
				recipients: '+255712345678',
				options: { tenantAccountId: ` ${tenant} ` },
			},
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([{ json: output1(['+255712345678']), pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('sends the message text as written (not trimmed) and the sender ID trimmed', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, {
				message: '  Line 1\nLine 2 ',
				recipients: ['+255712345678'],
				sender_id: 'MYSHOP',
			})
			.reply(200, sent());
		await runNode({
			parameters: {
				...base,
				message: '  Line 1\nLine 2 ',
				senderId: ' MYSHOP ',
				recipients: '+255712345678',
			},
		});
		scope.done();
	});

	describe('invalid input fails its item before any request', () => {
		it('says the reason once: the message names the number and why, the description what to do and the others', async () => {
			const one = await caught(
				async () => await runNode({ parameters: { ...base, recipients: '12345' } }),
			);
			const reason = one.message
				.replace(/^Recipient "12345" is not a usable phone number: /, '')
				.replace(/ \[item 0\]$/, '');
			expect(reason).not.toBe(one.message);
			expect(one.description).not.toContain(reason);
			expect(one.description).toMatch(/^Nothing was sent for this item\. Numbers must be E\.164/);
			const two = await caught(
				async () => await runNode({ parameters: { ...base, recipients: '12345, abc' } }),
			);
			expect(two.message).toMatch(/^Recipient "12345" is not a usable phone number: /);
			expect(two.description).toMatch(/The other invalid number: "abc" \(/);
		});

		it('an invalid number: the error names the item and the value, nothing is sent', async () => {
			const scope = nock(BASE_URL).post(PATH).reply(200, sent());
			const error = await caught(
				async () => await runNode({ parameters: { ...base, recipients: '+255712345678, 12345' } }),
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toMatch(/^Recipient "12345" is not a usable phone number: /);
			expect((error as unknown as NodeOperationError).context.itemIndex).toBe(0);
			expect(scope.isDone()).toBe(false);
		});

		it('a local number without a Default Country Code says to set one', async () => {
			const scope = nock(BASE_URL).post(PATH).reply(200, sent());
			const error = await caught(
				async () => await runNode({ parameters: { ...base, recipients: '0712345678' } }),
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toContain('Recipient "0712345678" is not a usable phone number');
			expect(error.message).toMatch(/\[item 0\]$/);
			expect(error.message).toContain('Default Country Code');
			expect(scope.isDone()).toBe(false);
		});

		it.each([
			['+0712345678', 'country code'],
			['+14155', 'too short'],
			['+1415555012345678', 'too long'],
			// By the numbering plan of Tanzania: 9 digits after +255.
			['+25571', 'has 9 digits after the country code, this one has 2'],
			['+2557123456789012', 'has 9 digits after the country code, this one has 13'],
			['00255712345678', 'write the international prefix 00 as +'],
			['+255 712 ABC 678', 'digits'],
		])('refuses %s (%s)', async (value, reason) => {
			const scope = nock(BASE_URL).post(PATH).reply(200, sent());
			const error = await caught(
				async () => await runNode({ parameters: { ...base, recipients: value } }),
			);
			expect(error.message).toContain(`Recipient "${value}" is not a usable phone number`);
			expect(error.message).toMatch(/\[item 0\]$/);
			expect(error.message).toContain(reason);
			expect(scope.isDone()).toBe(false);
		});

		it('with Continue On Fail, only the invalid item fails (naming item 1 and its value); the others are sent', async () => {
			const scope = nock(BASE_URL)
				.post(PATH, { message: TEXT, recipients: ['+255712345678'], sender_id: 'MYSHOP' })
				.reply(200, sent())
				.post(PATH, { message: TEXT, recipients: ['+255713000111'], sender_id: 'MYSHOP' })
				.reply(200, sent(MESSAGE_ID_2));
			const { output } = await runNode({
				parameters: { ...base, recipients: '={{ $json.phone }}' },
				items: [
					{ phone: '+255712345678' },
					{ phone: '+25571234567890123' },
					{ phone: '+255713000111' },
				],
				continueOnFail: true,
			});
			expect(output).toEqual([
				{ json: output1(['+255712345678']), pairedItem: { item: 0 } },
				{
					json: {
						error: expect.stringMatching(
							/^Recipient "\+25571234567890123" is not a usable phone number: .* \[item 1\]$/,
						) as unknown as string,
						description: expect.stringContaining(
							'Nothing was sent for this item',
						) as unknown as string,
						outcome: 'notSent',
						itemIndex: 1,
					},
					pairedItem: { item: 1 },
				},
				{ json: output1(['+255713000111'], MESSAGE_ID_2), pairedItem: { item: 2 } },
			]);
			scope.done();
		});

		it('without Continue On Fail, an invalid first item stops the run: nothing is sent for any item', async () => {
			const scope = nock(BASE_URL).post(PATH).reply(200, sent());
			const error = await caught(
				async () =>
					await runNode({
						parameters: { ...base, recipients: '={{ $json.phone }}' },
						items: [{ phone: 'not a number' }, { phone: '+255713000111' }],
					}),
			);
			expect(error.message).toMatch(
				/^Recipient "not a number" is not a usable phone number: .* \[item 0\]$/,
			);
			expect(scope.isDone()).toBe(false);
		});

		it.each([
			[{ recipients: '' }, "'Recipients' is empty [item 0]"],
			[{ recipients: ' , \n ' }, "'Recipients' is empty [item 0]"],
			[{ recipients: '+255712345678', message: '   ' }, "'Message' is empty [item 0]"],
			[{ recipients: '+255712345678', senderId: '' }, "'Sender ID' is empty [item 0]"],
			[
				{ recipients: '0712345678', options: { defaultCountryCode: 'TZ' } },
				'\'Default Country Code\' "TZ" is not a country calling code (1 to 3 digits, e.g. 255) [item 0]',
			],
		])('refuses %j: %s', async (parameters, message) => {
			const scope = nock(BASE_URL).post(PATH).reply(200, sent());
			const error = await caught(
				async () => await runNode({ parameters: { ...base, ...parameters } }),
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toBe(message);
			expect(scope.isDone()).toBe(false);
		});
	});

	describe('service errors', () => {
		it('a 400 rejects with the server’s words and the HTTP status', async () => {
			const scope = nock(BASE_URL)
				.post(PATH, { message: TEXT, recipients: ['+255712345678'], sender_id: 'NOTREG' })
				.reply(400, {
					error: 'Invalid sender ID',
					code: 'INVALID_SENDER_ID',
					details: { sender_id: ['Sender ID is not registered'] },
				});
			const error = await caught(
				async () =>
					await runNode({
						parameters: { ...base, senderId: 'NOTREG', recipients: '+255712345678' },
					}),
			);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe('The service refused the request as invalid [item 0]');
			scope.done();
		});

		it('with Continue On Fail, a 402 (no credits) gives an error item paired to the item', async () => {
			const scope = nock(BASE_URL).post(PATH).reply(402, {
				error: 'Insufficient SMS credits',
				code: 'INSUFFICIENT_BALANCE',
				details: {},
			});
			const { output } = await runNode({
				parameters: { ...base, recipients: '+255712345678' },
				continueOnFail: true,
			});
			expect(output).toEqual([
				{
					json: {
						error: 'The account has too few credits [item 0]',
						description: expect.stringMatching(
							/^The service said: "Insufficient SMS credits" \(HTTP 402, code INSUFFICIENT_BALANCE\)\. Buy an SMS package/,
						) as unknown as string,
						httpCode: '402',
						errorCode: 'INSUFFICIENT_BALANCE',
						outcome: 'notSent',
						itemIndex: 0,
					},
					pairedItem: { item: 0 },
				},
			]);
			scope.done();
		});

		it('a 500 is not re-sent (a duplicate SMS costs money)', async () => {
			let requests = 0;
			const scope = nock(BASE_URL)
				.post(PATH)
				.times(3)
				.reply(500, () => {
					requests++;
					return { error: 'Internal server error', code: 'SERVER_ERROR', details: {} };
				});
			const error = await caught(
				async () => await runNode({ parameters: { ...base, recipients: '+255712345678' } }),
			);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe('The service could not answer [item 0]');
			expect(error.description).toContain('(HTTP 500, code SERVER_ERROR)');
			expect(error.description).toContain('it was not re-sent automatically');
			expect(requests).toBe(1);
			expect(scope.isDone()).toBe(false);
		});

		it('success: false in a 200 is an error, in the server’s words', async () => {
			nock(BASE_URL).post(PATH).reply(200, {
				success: false,
				message: 'Recipient list is empty after filtering',
				error_code: 'NO_VALID_RECIPIENTS',
			});
			const error = await caught(
				async () => await runNode({ parameters: { ...base, recipients: '+255712345678' } }),
			);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe('The service says the request did not go through [item 0]');
			expect(error.description).toContain(
				'The service said: "Recipient list is empty after filtering" (HTTP 200, code NO_VALID_RECIPIENTS)',
			);
		});
	});
});
