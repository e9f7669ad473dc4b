/**
 * Errors: every body shape the service (or a proxy in front of it) may answer with becomes the exact
 * message a user sees: the server's own words and `[HTTP <status>]`, with a description of what to do.
 */
import nock from 'nock';
import { NodeApiError } from 'n8n-workflow';

import { readServerWords } from '../../nodes/SmsPlatform/transport/words';
import { adviceFor } from '../../nodes/SmsPlatform/transport/advice';
import {
	buildApiError,
	refusedCredentialError,
	ServiceError,
} from '../../nodes/SmsPlatform/transport/errors';
import {
	credentialNotAccepted,
	mayHaveBeenAccepted,
} from '../../nodes/SmsPlatform/transport/whatFailed';
import { testSettings as policy } from '../support/testSettings';
import { ACTION_TYPE, BASE_URL, caught, makeNode, runNode } from '../support/harness';

const BALANCE = '/api/integration/v1/sms/balance/';
const SEND = '/api/integration/v1/sms/send/';
const getBalance = { resource: 'account', operation: 'getBalance' };
const getStatus = (messageId: string) => ({ resource: 'sms', operation: 'getStatus', messageId });
const send = {
	resource: 'sms',
	operation: 'send',
	recipients: '+255712345678',
	message: 'Hello',
	senderId: 'ACME',
};

const NGINX_502 =
	'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n';

describe('readServerWords: every body shape', () => {
	it.each<[string, unknown, ReturnType<typeof readServerWords>]>([
		[
			'the documented {error, code, details}',
			{
				error: 'Insufficient credits',
				code: 'INSUFFICIENT_CREDITS',
				details: { required: 3, available: 1 },
			},
			{
				message: 'Insufficient credits',
				code: 'INSUFFICIENT_CREDITS',
				details: { required: 3, available: 1 },
			},
		],
		[
			'{error, code, details} with field messages in details',
			{
				error: 'Invalid parameters',
				code: 'VALIDATION_ERROR',
				details: { recipients: ['Enter a valid phone number.'] },
			},
			{
				message: 'Invalid parameters (recipients: Enter a valid phone number.)',
				code: 'VALIDATION_ERROR',
				details: { recipients: ['Enter a valid phone number.'] },
			},
		],
		[
			'{detail}',
			{ detail: 'Invalid API key.' },
			{ message: 'Invalid API key.', code: undefined, details: undefined },
		],
		[
			'{message}',
			{ message: 'Partner access required' },
			{ message: 'Partner access required', code: undefined, details: undefined },
		],
		[
			'{success: false, message, error_code}',
			{ success: false, message: 'Message not found', error_code: 'NOT_FOUND' },
			{ message: 'Message not found', code: 'NOT_FOUND', details: undefined },
		],
		[
			'a DRF field dict',
			{ recipients: ['Invalid phone'] },
			{ message: 'recipients: Invalid phone', code: undefined, details: undefined },
		],
		[
			'a DRF dict of several fields and non_field_errors',
			{ non_field_errors: ['Sender ID not approved'], recipients: ['Invalid phone', 'Too many'] },
			{
				message: 'Sender ID not approved; recipients: Invalid phone, Too many',
				code: undefined,
				details: undefined,
			},
		],
		[
			'{error: {message, code}} (nested)',
			{ error: { message: 'Token expired', code: 'token_expired' } },
			{ message: 'Token expired', code: undefined, details: undefined },
		],
		[
			'{errors: [..]}',
			{ errors: ['first', 'second'] },
			{ message: 'first; second', code: undefined, details: undefined },
		],
		['plain text', 'Internal Server Error', { message: 'Internal Server Error' }],
		['plain text with new lines', '  Service\n  down  ', { message: 'Service down' }],
		[
			'JSON sent as text',
			'{"detail":"Not found."}',
			{ message: 'Not found.', code: undefined, details: undefined },
		],
		['an HTML page (its title)', NGINX_502, { message: '502 Bad Gateway' }],
		[
			'an HTML page without title (its h1)',
			'<html><body><h1>Service <b>Unavailable</b></h1></body></html>',
			{ message: 'Service Unavailable' },
		],
		[
			'an HTML page without title or h1',
			'<!DOCTYPE html><html><body><p>oops</p></body></html>',
			{ message: 'the service answered with an HTML page instead of JSON' },
		],
		['a list of messages', ['a', 'b'], { message: 'a; b' }],
		['a number', 42, { message: '42' }],
	])('reads %s', (_label, body, expected) => {
		expect(readServerWords(body)).toEqual(expected);
	});

	it.each([
		['undefined', undefined],
		['null', null],
		['an empty string', ''],
		['whitespace', '  \n '],
		['an empty object', {}],
		['an object without words', { success: false }],
	])('gives undefined for %s', (_label, body) => {
		expect(readServerWords(body)).toBeUndefined();
	});

	it('clips very long text to 300 characters', () => {
		const words = readServerWords('x'.repeat(1000));
		expect(words?.message).toBe(`${'x'.repeat(300)}…`);
	});
});

describe('adviceFor and buildApiError', () => {
	const node = makeNode(ACTION_TYPE, {});

	it.each([
		[400, /Check the fields the service names/],
		[401, /Check the credential: the API key/],
		[402, /Buy an SMS package or top up the balance/],
		[403, /lacks permission/],
		[404, /Check the ID/],
		[429, /The service allows 1000 requests an hour/],
		[500, /^Try again later\.$/],
		[503, /^Try again later\.$/],
	])('advises for HTTP %i', (status, advice) => {
		expect(adviceFor(status)).toMatch(advice);
	});

	it.each([
		[{ repeated: true }, /^The request was tried again without success\. Try again later\.$/],
		[{ creates: 'sms' as const }, /not re-sent automatically, to avoid a duplicate SMS/],
		[{ creates: 'record' as const }, /not repeated automatically, to avoid doing it twice/],
		[{ creates: 'record' as const, repeated: true }, /not repeated automatically/],
	])('on a 5xx says only what happened: %o', (context, advice) => {
		expect(adviceFor(500, context)).toMatch(advice);
	});

	it('builds the message, description, code and item index', () => {
		const error = buildApiError(node, {
			status: 402,
			body: {
				error: 'Insufficient credits',
				code: 'INSUFFICIENT_CREDITS',
				details: { available: 0 },
			},
			method: 'POST',
			path: SEND,
			itemIndex: 3,
		});
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The account has too few credits');
		expect(error.description).toBe(
			'The service said: "Insufficient credits" (HTTP 402, code INSUFFICIENT_CREDITS). Buy an SMS package or top up the balance, then send again. Request: POST /api/integration/v1/sms/send/.',
		);
		expect(error.httpCode).toBe('402');
		expect(error.context.itemIndex).toBe(3);
		expect(error.context.errorCode).toBe('INSUFFICIENT_CREDITS');
		expect(error.context.details).toEqual({ available: 0 });
	});

	it('tells its caller whether the request may have been carried out, as a typed field of its own class', () => {
		const maybe = buildApiError(node, {
			status: 502,
			method: 'POST',
			path: SEND,
			creates: 'sms',
			mayHaveBeenAccepted: true,
		});
		const surely = buildApiError(node, { status: 400, method: 'POST', path: SEND });
		expect([mayHaveBeenAccepted(maybe), mayHaveBeenAccepted(surely)]).toEqual([true, false]);
		expect(maybe).toBeInstanceOf(ServiceError);
		expect([maybe.mayHaveBeenAccepted, surely.mayHaveBeenAccepted]).toEqual([true, false]);
		// Not in the context n8n shows: the user's error holds only what is about the failure.
		expect(maybe.context).not.toHaveProperty('mayHaveBeenAccepted');
		expect(mayHaveBeenAccepted(new Error('x'))).toBe(false);
	});

	it('tells its caller that the endpoint refused this kind of credential', () => {
		const refused = refusedCredentialError(node, { method: 'GET', path: BALANCE }, {}, 'jwt');
		expect(refused.message).toBe('This endpoint does not accept the email and password login');
		expect(credentialNotAccepted(refused)).toBe(true);
		expect(refused.credentialRefused).toBe(true);
		expect(refused.context).not.toHaveProperty('credentialNotAccepted');
		expect(
			credentialNotAccepted(buildApiError(node, { status: 401, method: 'GET', path: BALANCE })),
		).toBe(false);
	});

	it('keeps its own message where NodeApiError would rewrite one naming a common error code', () => {
		const error = buildApiError(node, {
			status: 500,
			body: 'ECONNREFUSED upstream',
			method: 'GET',
			path: BALANCE,
		});
		expect(error.message).toBe('The service could not answer');
	});
});

describe('error bodies through a node run → the message a user sees', () => {
	it.each<[string, number, unknown, string, RegExp, string | undefined]>([
		[
			'{error, code, details}',
			400,
			{
				error: 'Invalid parameters',
				code: 'VALIDATION_ERROR',
				details: { page_size: ['Ensure this value is less than or equal to 100.'] },
			},
			'The service refused the request as invalid [item 0]',
			/^The service said: "Invalid parameters \(page_size: Ensure this value is less than or equal to 100\.\)" \(HTTP 400, code VALIDATION_ERROR\)\. Check the fields the service names/,
			'VALIDATION_ERROR',
		],
		[
			'{detail} on 401',
			401,
			{ detail: 'Invalid API key.' },
			'The service did not accept the credential [item 0]',
			/^The service said: "Invalid API key\." \(HTTP 401\)\. The API key, sent as 'Authorization: Bearer', was not accepted\. Check the key in the credential\. If it is right, set 'Authentication' to 'API Key \(X-API-Key Header\)'/,
			undefined,
		],
		[
			'{message} on 403',
			403,
			{ message: 'Partner access required' },
			'The credential is not allowed to do this [item 0]',
			/lacks permission for this operation/,
			undefined,
		],
		[
			'{success: false, message, error_code} in a 4xx',
			402,
			{ success: false, message: 'Insufficient credits', error_code: 'INSUFFICIENT_CREDITS' },
			'The account has too few credits [item 0]',
			/^The service said: "Insufficient credits" \(HTTP 402, code INSUFFICIENT_CREDITS\)\. Buy an SMS package/,
			'INSUFFICIENT_CREDITS',
		],
		[
			'a DRF field dict',
			400,
			{ recipients: ['Invalid phone'] },
			'The service refused the request as invalid [item 0]',
			/^The service said: "recipients: Invalid phone" \(HTTP 400\)\. Check the fields the service names/,
			undefined,
		],
		[
			'plain text',
			400,
			'Bad sender id',
			'The service refused the request as invalid [item 0]',
			/^The service said: "Bad sender id" \(HTTP 400\)\. Check the fields/,
			undefined,
		],
		[
			'an empty body',
			403,
			'',
			'The credential is not allowed to do this [item 0]',
			/lacks permission/,
			undefined,
		],
	])('%s (HTTP %i)', async (_label, status, body, message, description, code) => {
		const scope = nock(BASE_URL)
			.get(BALANCE)
			.reply(status, body as never);
		const error = await caught(() => runNode({ parameters: getBalance }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(message);
		expect(error.description).toMatch(description);
		expect(error.description).toContain('Request: GET /api/integration/v1/sms/balance/.');
		if (code) expect(error.description).toContain(`, code ${code})`);
		else expect(error.description).not.toContain('Error code');
		expect(error.httpCode).toBe(String(status));
		expect(error.context.itemIndex).toBe(0);
		scope.done();
	});

	it('404 for an id says the id does not exist, with the server’s words', async () => {
		nock(BASE_URL)
			.get('/api/integration/v1/sms/status/3f2b-missing/')
			.reply(404, { success: false, message: 'Message not found', error_code: 'NOT_FOUND' });
		const error = await caught(() => runNode({ parameters: getStatus('3f2b-missing') }));
		expect(error.message).toBe('The service has no message with the ID "3f2b-missing" [item 0]');
		expect(error.description).toBe(
			`The service said: "Message not found" (HTTP 404, code NOT_FOUND). Check the ID (it may belong to another account) and the credential's 'Base URL'. Request: GET /api/integration/v1/sms/status/3f2b-missing/.`,
		);
	});

	it('{success: false} inside a 200 is an error with the server’s words', async () => {
		const scope = nock(BASE_URL).post(SEND).reply(200, {
			success: false,
			message: 'Sender ID not approved',
			error_code: 'SENDER_NOT_APPROVED',
		});
		const error = await caught(() => runNode({ parameters: send }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service says the request did not go through [item 0]');
		expect(error.description).toMatch(
			/^The service said: "Sender ID not approved" \(HTTP 200, code SENDER_NOT_APPROVED\)\. It answered with 'success: false'/,
		);
		expect(error.description).toContain(', code SENDER_NOT_APPROVED)');
		expect(error.context.errorCode).toBe('SENDER_NOT_APPROVED');
		scope.done();
	});

	it('{success: false} inside a 200 without words still fails', async () => {
		nock(BASE_URL).get(BALANCE).reply(200, { success: false });
		const error = await caught(() => runNode({ parameters: getBalance }));
		expect(error.message).toBe('The service says the request did not go through [item 0]');
	});

	it('an HTML page from a proxy (502) gives its title, after the bounded GET retries', async () => {
		let requests = 0;
		nock(BASE_URL)
			.get(BALANCE)
			.times(10)
			.reply(() => {
				requests++;
				return [502, NGINX_502, { 'Content-Type': 'text/html' }];
			});
		const error = await caught(() => runNode({ parameters: getBalance }));
		expect(requests).toBe(1 + policy.maxRetries);
		expect(error.message).toBe('The service could not answer [item 0]');
		expect(error.description).toMatch(
			/^The service said: "502 Bad Gateway" \(HTTP 502\)\. The request was tried again without success/,
		);
	});

	it('a plain-text 500 on a send is reported once and says nothing was re-sent', async () => {
		let requests = 0;
		nock(BASE_URL)
			.post(SEND)
			.times(5)
			.reply(() => {
				requests++;
				return [500, 'Internal Server Error', { 'Content-Type': 'text/plain' }];
			});
		const error = await caught(() => runNode({ parameters: send }));
		expect(requests).toBe(1);
		expect(error.message).toBe('The service could not answer [item 0]');
		expect(error.description).toMatch(
			/may or may not have been accepted: it was not re-sent automatically/,
		);
		expect(error.description).toMatch(/Check the message log or balance before sending again/);
	});

	it('an empty 503 on a send gives the status text', async () => {
		nock(BASE_URL).post(SEND).reply(503);
		const error = await caught(() => runNode({ parameters: send }));
		expect(error.message).toBe('The service could not answer [item 0]');
		expect(error.httpCode).toBe('503');
	});

	it('an HTML page with status 200 says the Base URL probably points at a website', async () => {
		nock(BASE_URL)
			.get(BALANCE)
			.reply(
				200,
				'<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head><body></body></html>',
				{
					'Content-Type': 'text/html',
				},
			);
		const error = await caught(() => runNode({ parameters: getBalance }));
		expect(error.message).toBe('The service answered with a web page instead of data [item 0]');
		expect(error.description).toMatch(/'Base URL' probably points at a website or proxy/);
	});

	it('error items under Continue On Fail carry message, description, status and error code', async () => {
		nock(BASE_URL)
			.get(BALANCE)
			.reply(402, { error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS', details: {} });
		const { output } = await runNode({ parameters: getBalance, continueOnFail: true });
		expect(output).toEqual([
			{
				json: {
					error: 'The account has too few credits [item 0]',
					description:
						'The service said: "Insufficient credits" (HTTP 402, code INSUFFICIENT_CREDITS). Buy an SMS package or top up the balance, then send again. Request: GET /api/integration/v1/sms/balance/.',
					httpCode: '402',
					errorCode: 'INSUFFICIENT_CREDITS',
					itemIndex: 0,
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
