/**
 * The server decides the route, not the credential (issue 41). Three servers: one with the API reference's routes only
 * (which opens them to the login's token too, as the reference says), one with the real service's own routes only
 * (its code opens them to the login only, and refuses everything on the integration routes), and one with both. Each
 * with each credential kind: the operations with a route in each family give the same output, and the requests each
 * run costs are counted.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { useQuickRetries } from '../support/testSettings';
import {
	BASE_URL,
	apiKeyCredentials,
	jwtCredentials,
	pollTrigger,
	runNode,
} from '../support/harness';

type Server = 'reference' | 'real' | 'both';
type Reply = [number, unknown] | undefined;

const A = '+255712000001';
const HTML_404 =
	'<!doctype html><html><head><title>Not Found</title></head><body><h1>Not Found</h1></body></html>';

/** The API reference's routes, as its service answers them. */
function onReference(method: string, path: string, body: IDataObject): Reply {
	if (method === 'POST' && path === '/api/integration/v1/sms/send/') {
		const recipients = body.recipients as string[];
		return [
			200,
			{ success: true, message_id: 'doc-1', status: 'sent', recipients_count: recipients.length },
		];
	}
	if (method === 'GET' && path === '/api/integration/v1/sms/balance/')
		return [200, { balance: 1200, currency: 'credits' }];
	if (method === 'GET' && path === '/api/billing/history/')
		return [
			200,
			{
				count: 1,
				next: null,
				previous: null,
				results: [{ id: 'h-1', type: 'purchase', amount: 18 }],
			},
		];
	if (method === 'GET' && path === '/api/billing/payments/transactions/t-1/status/')
		return [200, { success: true, transaction: { id: 't-1', status: 'completed', amount: 18 } }];
	return undefined;
}

/** The real service's own routes, as its code answers them (login only). */
function onReal(method: string, path: string, body: IDataObject): Reply {
	if (method === 'POST' && path === '/api/messaging/sms/send/') {
		const recipients = body.recipients as string[];
		return [
			201,
			{
				success: true,
				message: 'SMS sent',
				data: { message_id: 'real-1', recipient_count: recipients.length, status: 'queued' },
			},
		];
	}
	if (method === 'GET' && path === '/api/billing/sms/balance/')
		return [200, { success: true, data: { credits: 1200, total_purchased: 2000 } }];
	if (method === 'GET' && path === '/api/billing/history/comprehensive/')
		return [
			200,
			{
				success: true,
				data: {
					transactions: [{ id: 'h-1', type: 'purchase', amount: '18.00' }],
					pagination: { count: 1, next: null },
				},
			},
		];
	if (method === 'GET' && path === '/api/billing/payments/transactions/t-1/progress/')
		return [
			200,
			{
				success: true,
				data: {
					transaction_id: 't-1',
					status: 'completed',
					amount: '18.00',
					payment_status: 'SUCCESS',
				},
			},
		];
	return undefined;
}

/** One server: every request it gets, by route and credential, and its answers. */
function serve(server: Server) {
	const asked: string[] = [];
	const answer = (
		method: string,
		uri: string,
		body: IDataObject,
		auth: string,
	): [number, unknown] => {
		const path = uri.split('?')[0];
		asked.push(`${method} ${path}`);
		if (method === 'POST' && path === '/api/auth/login/')
			return [200, { tokens: { access: 'login-token', refresh: 'r' } }];
		const isLogin = auth === 'Bearer login-token';
		const reference = server !== 'real' ? onReference(method, path, body) : undefined;
		if (reference) return reference;
		const real = server !== 'reference' ? onReal(method, path, body) : undefined;
		if (real) {
			if (server === 'real' && !isLogin)
				return [
					401,
					{ detail: 'Given token not valid for any token type', code: 'token_not_valid' },
				];
			return real;
		}
		if (server === 'real' && path.startsWith('/api/integration/v1/'))
			return [401, { success: false, message: 'Invalid API key', error_code: 'INVALID_API_KEY' }];
		return server === 'real'
			? [404, HTML_404]
			: [404, { error: `Not found: ${method} ${path}`, code: 'not_found' }];
	};
	for (const method of ['GET', 'POST']) {
		nock(BASE_URL)
			.persist()
			.intercept(() => true, method)
			.reply(function (uri, body) {
				const headers = this.req.headers;
				const auth = String(headers.authorization ?? (headers['x-api-key'] ? 'X-API-Key' : ''));
				return answer(method, uri, (body ?? {}) as IDataObject, auth);
			});
	}
	return asked;
}

const credentialsOf = {
	apiKey: () => apiKeyCredentials('apiKeyBearer'),
	login: () => jwtCredentials(),
};
const send = {
	resource: 'sms',
	operation: 'send',
	message: 'Hello',
	senderId: 'MYSHOP',
	recipients: A,
};

describe('the server decides the route (issue 41)', () => {
	useQuickRetries();
	afterEach(() => nock.cleanAll());

	// What each run asks, on each server with each credential: the login costs the reference's server one 404 a run
	// (its first request), the real server none; an API key asks exactly what it always asked.
	const cases: Array<[Server, 'apiKey' | 'login', string[]]> = [
		['reference', 'apiKey', ['GET /api/integration/v1/sms/balance/']],
		[
			'reference',
			'login',
			[
				'POST /api/auth/login/',
				'GET /api/billing/sms/balance/',
				'GET /api/integration/v1/sms/balance/',
			],
		],
		['real', 'login', ['POST /api/auth/login/', 'GET /api/billing/sms/balance/']],
		['both', 'apiKey', ['GET /api/integration/v1/sms/balance/']],
		['both', 'login', ['POST /api/auth/login/', 'GET /api/billing/sms/balance/']],
	];
	it.each(cases)(
		'Get Balance on the %s server with %s: the balance, and these requests',
		async (server, kind, requests) => {
			const asked = serve(server);
			const { output } = await runNode({
				parameters: { resource: 'account', operation: 'getBalance' },
				credentials: credentialsOf[kind](),
			});
			expect(output[0].json).toEqual({ balance: 1200, currency: 'credits' });
			expect(asked).toEqual(requests);
		},
	);

	// The trigger keeps the family that answered between polls (for the same credential): a server without the
	// credential's first family costs its extra request on the first poll only.
	it.each([
		['reference', 'login', 2, 1],
		['real', 'login', 1, 1],
		['reference', 'apiKey', 1, 1],
	] as Array<[Server, 'apiKey' | 'login', number, number]>)(
		'Low Balance on the %s server with %s: %d balance request(s) on the first poll, %d on each later one',
		async (server, kind, first, later) => {
			const asked = serve(server);
			const parameters = { event: 'lowBalance', threshold: 100 };
			const credentials = credentialsOf[kind]();
			const counts: number[] = [];
			let staticData = {};
			for (let poll = 0; poll < 3; poll++) {
				const before = asked.length;
				const result = await pollTrigger({ parameters, credentials, staticData });
				staticData = result.staticData;
				counts.push(asked.slice(before).filter((r) => r.includes('/balance/')).length);
			}
			expect(counts).toEqual([first, later, later]);
		},
	);

	it('Low Balance: a family learnt with one credential is not used for another', async () => {
		const asked = serve('reference');
		const parameters = { event: 'lowBalance', threshold: 100 };
		const { staticData } = await pollTrigger({ parameters, credentials: jwtCredentials() });
		asked.length = 0;
		// The same node, its credential now another one (another ID): it starts from the credential's own family.
		await pollTrigger({
			parameters,
			credentials: jwtCredentials(),
			staticData: JSON.parse(
				JSON.stringify(staticData).replace(/"credential":"[^:"]*:/, '"credential":"other:'),
			) as typeof staticData,
		});
		expect(asked.filter((r) => r.includes('/balance/'))).toEqual([
			'GET /api/billing/sms/balance/',
			'GET /api/integration/v1/sms/balance/',
		]);
	});

	it.each([
		['reference', 'apiKey', 'doc-1', 0],
		['reference', 'login', 'doc-1', 1],
		['real', 'login', 'real-1', 0],
		['both', 'apiKey', 'doc-1', 0],
		['both', 'login', 'real-1', 0],
	] as Array<[Server, 'apiKey' | 'login', string, number]>)(
		'Send, 5 items, on the %s server with %s: each sent once (%s), with %d request(s) of the other family',
		async (server, kind, messageId, extra) => {
			const asked = serve(server);
			const { output } = await runNode({
				parameters: send,
				credentials: credentialsOf[kind](),
				items: [{}, {}, {}, {}, {}],
			});
			expect(output.map((o) => o.json.outcome)).toEqual(Array(5).fill('sent'));
			expect(output.map((o) => o.json.message_id)).toEqual(Array(5).fill(messageId));
			const sends = asked.filter((r) => r.startsWith('POST') && !r.includes('/auth/'));
			expect(sends).toHaveLength(5 + extra);
		},
	);

	it.each([
		['reference', 'login'],
		['real', 'login'],
		['reference', 'apiKey'],
	] as Array<[Server, 'apiKey' | 'login']>)(
		'Billing → Get Many and Payment → Get Status on the %s server with %s',
		async (server, kind) => {
			serve(server);
			const history = await runNode({
				parameters: { resource: 'billing', operation: 'getHistory', returnAll: true },
				credentials: credentialsOf[kind](),
			});
			expect(history.output[0].json).toMatchObject({ id: 'h-1', type: 'purchase' });
			const payment = await runNode({
				parameters: { resource: 'payment', operation: 'getStatus', transactionId: 't-1' },
				credentials: credentialsOf[kind](),
			});
			expect(payment.output[0].json).toMatchObject({ id: 't-1', status: 'completed' });
		},
	);

	it('neither route on the server: one error names both, and nothing else is asked', async () => {
		const asked: string[] = [];
		nock(BASE_URL)
			.persist()
			.post('/api/auth/login/')
			.reply(200, { access_token: 'login-token' })
			.get(() => true)
			.reply(function (uri) {
				asked.push(uri);
				return [404, HTML_404];
			});
		const { output } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
			credentials: jwtCredentials(),
			continueOnFail: true,
		});
		expect(output[0].json.error).toBe(
			'The service has no endpoint for this operation: it has neither GET /api/billing/sms/balance/ nor GET /api/integration/v1/sms/balance/ [item 0]',
		);
		expect(asked).toEqual(['/api/billing/sms/balance/', '/api/integration/v1/sms/balance/']);
	});

	it('a 404 for a record that does not exist: asked once on the other family until the run knows the server (issue 51), then no more', async () => {
		const asked: string[] = [];
		nock(BASE_URL)
			.persist()
			.get(() => true)
			.reply(function (uri) {
				asked.push(uri);
				if (uri.startsWith('/api/integration/v1/sms/status/m-1/'))
					return [200, { message_id: 'm-1', status: 'delivered' }];
				return [404, { error: 'Message not found', code: 'NOT_FOUND' }];
			});
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStatus', messageId: '={{ $json.id }}' },
			credentials: apiKeyCredentials('apiKeyBearer'),
			items: [{ id: 'm-404' }, { id: 'm-1' }, { id: 'm-405' }],
			continueOnFail: true,
		});
		expect(output[0].json.error).toBe('The service has no message with the ID "m-404" [item 0]');
		expect(output[1].json).toMatchObject({ message_id: 'm-1', status: 'delivered' });
		expect(output[2].json.error).toBe('The service has no message with the ID "m-405" [item 2]');
		// The first 404 before the family is known: the other family's route said so too. Then the server is known.
		expect(asked).toEqual([
			'/api/integration/v1/sms/status/m-404/',
			'/api/messaging/sms/m-404/status/',
			'/api/integration/v1/sms/status/m-1/',
			'/api/integration/v1/sms/status/m-405/',
		]);
	});

	it('a 404 on a route that names no record says the service has no such endpoint, and which', async () => {
		nock(BASE_URL).get('/api/messaging/sms/stats/').reply(404, { detail: 'Not found.' });
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStats' },
			credentials: apiKeyCredentials('apiKeyBearer'),
			continueOnFail: true,
		});
		expect(output[0].json.error).toBe(
			'The service has no such endpoint: GET /api/messaging/sms/stats/ [item 0]',
		);
	});

	it('a request n8n’s SSRF protection blocks was never sent: notSent, not retried, the allow-list named, for a send and a read', async () => {
		const blocked = () => {
			const error = new Error(
				'The request was blocked because it resolves to a restricted IP address',
			);
			error.name = 'SsrfBlockedIpError';
			return error;
		};
		const send = nock(BASE_URL).post('/api/integration/v1/sms/send/').replyWithError(blocked());
		const balance = nock(BASE_URL)
			.get('/api/integration/v1/sms/balance/')
			.replyWithError(blocked());
		const sent = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'send',
				message: 'Hi',
				senderId: 'MYSHOP',
				recipients: A,
			},
			continueOnFail: true,
		});
		expect(sent.output[0].json).toMatchObject({
			error: `n8n blocked the request to ${BASE_URL}: its SSRF protection does not allow this address [item 0]`,
			outcome: 'notSent',
		});
		expect(sent.output[0].json.description).toMatch(
			/never left n8n.*N8N_SSRF_ALLOWED_HOSTNAMES.*N8N_SSRF_ALLOWED_IP_RANGES/,
		);
		const read = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
			continueOnFail: true,
		});
		expect(read.output[0].json.error).toBe(
			`n8n blocked the request to ${BASE_URL}: its SSRF protection does not allow this address [item 0]`,
		);
		// Each asked once: a blocked request is not retried, and no other route is tried.
		expect([send.isDone(), balance.isDone()]).toEqual([true, true]);
		expect(nock.pendingMocks()).toEqual([]);
	});
});
