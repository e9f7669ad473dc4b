/**
 * Two route families, one node (issue 28): which route each credential takes, the one retry on the other
 * family after a 401 for a working credential, the family kept for the run, and answers read in the documented shape.
 */
import nock from 'nock';

import { useQuickRetries } from '../support/testSettings';
import {
	BASE_URL,
	TestCredentialsHelper,
	apiKeyCredentials,
	caught,
	jwtCredentials,
	runNode,
} from '../support/harness';

const LOGIN = '/api/auth/login/';
const TX = '5eed0006-0000-4000-8000-000000000004';

function counted(path: string, reply: (auth: string) => [number, unknown]) {
	const seen: string[] = [];
	nock(BASE_URL)
		.get((uri) => uri.split('?')[0] === path)
		.times(50)
		.reply(function (uri) {
			seen.push(uri);
			return reply(String(this.req.headers.authorization ?? this.req.headers['x-api-key']));
		});
	return seen;
}

function loginOk() {
	nock(BASE_URL)
		.post(LOGIN)
		.times(5)
		.reply(200, { tokens: { access: 'fresh', refresh: 'r' } });
}

describe('route families', () => {
	useQuickRetries();

	it('login: Get Balance asks GET /api/billing/sms/balance/ once, outputs balance and currency, and adds no hint (its own route answered first)', async () => {
		loginOk();
		const login = counted('/api/billing/sms/balance/', () => [
			200,
			{ id: 'b', tenant: 'Duka Poa', credits: 1200, total_purchased: 2000, total_used: 800 },
		]);
		const documented = counted('/api/integration/v1/sms/balance/', () => [500, {}]);
		const { output, hints } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
			credentials: jwtCredentials(),
		});
		expect(output).toEqual([
			{ json: { balance: 1200, currency: 'credits' }, pairedItem: { item: 0 } },
		]);
		expect(login).toHaveLength(1);
		expect(documented).toHaveLength(0);
		// The usual case for a login: no hint on every run (issue 52); one names the route only after a fallback.
		expect(hints).toEqual([]);
	});

	it('API key: Get Balance asks only the documented route, as before, and adds no hint', async () => {
		const login = counted('/api/billing/sms/balance/', () => [200, { credits: 1 }]);
		const documented = counted('/api/integration/v1/sms/balance/', () => [
			200,
			{ balance: 7, currency: 'credits' },
		]);
		const { output, hints } = await runNode({
			parameters: { resource: 'account', operation: 'getBalance' },
			credentials: apiKeyCredentials(),
		});
		expect(output[0].json).toEqual({ balance: 7, currency: 'credits' });
		expect(documented).toHaveLength(1);
		expect(login).toHaveLength(0);
		expect(hints).toEqual([]);
	});

	it('login against a server that refuses the login on its messaging route: the documented route answers, and the next items go straight there', async () => {
		loginOk();
		const login = counted('/api/messaging/sms/m-1/status/', () => [
			401,
			{ detail: 'Given token not valid for any token type', code: 'token_not_valid' },
		]);
		const documented = counted('/api/integration/v1/sms/status/m-1/', () => [
			200,
			{ message_id: 'm-1', status: 'delivered', delivered_at: '2025-01-01T00:00:00Z' },
		]);
		const helper = new TestCredentialsHelper(jwtCredentials());
		const { output, hints } = await runNode({
			parameters: { resource: 'sms', operation: 'getStatus', messageId: 'm-1' },
			helper,
			items: [{}, {}, {}],
		});
		expect(output.map((o) => o.json)).toEqual(
			Array(3).fill({
				message_id: 'm-1',
				status: 'delivered',
				delivered_at: '2025-01-01T00:00:00Z',
			}),
		);
		expect(login).toHaveLength(1);
		expect(documented).toHaveLength(3);
		expect(helper.logins).toBe(1);
		expect(hints.map((h) => h.message)).toEqual([
			"Used the API reference's route GET /api/integration/v1/sms/status/m-1/. This server refused the credential on GET /api/messaging/sms/m-1/status/.",
		]);
	});

	it('login: Get Status reads the real server answer {success, data} as the documented {message_id, status, delivered_at}', async () => {
		loginOk();
		counted('/api/messaging/sms/m-2/status/', () => [
			200,
			{
				success: true,
				data: {
					message_id: 'm-2',
					base_message_id: 'b-2',
					status: 'sent',
					provider: 'beem',
					sent_at: '2025-01-01T00:00:00+00:00',
					delivered_at: null,
					cost: 0,
				},
			},
		]);
		const { output } = await runNode({
			parameters: { resource: 'sms', operation: 'getStatus', messageId: 'm-2' },
			credentials: jwtCredentials(),
		});
		expect(output[0].json).toEqual({ message_id: 'm-2', status: 'sent', delivered_at: null });
	});

	it('login: Payment Get Status asks the progress route (answers at once), never the 60 s status route', async () => {
		loginOk();
		const progress = counted(`/api/billing/payments/transactions/${TX}/progress/`, () => [
			200,
			{
				success: true,
				data: {
					transaction_id: TX,
					order_id: 'MIFUMO-1',
					invoice_number: 'INV-1',
					amount: 28000.0,
					currency: 'TZS',
					status: 'pending',
					payment_status: 'COMPLETED',
					progress: { step: 1 },
					completed_at: null,
				},
			},
		]);
		const slow = counted(`/api/billing/payments/transactions/${TX}/status/`, () => [200, {}]);
		const { output } = await runNode({
			parameters: { resource: 'payment', operation: 'getStatus', transactionId: TX },
			credentials: jwtCredentials(),
		});
		expect(output[0].json).toEqual({
			id: TX,
			order_id: 'MIFUMO-1',
			amount: 28000,
			currency: 'TZS',
			status: 'pending',
			completed_at: null,
			payment_status: 'COMPLETED',
		});
		expect(progress).toHaveLength(1);
		expect(slow).toHaveLength(0);
	});

	it('login: Billing Get Many with Return All reads the comprehensive history page by page as documented records', async () => {
		loginOk();
		const record = (n: number, type: string) => ({
			id: `t-${n}`,
			type,
			description: `record ${n}`,
			amount: 1000 + n,
			currency: 'TZS',
			status: 'completed',
			created_at: `2025-01-${String(30 - n).padStart(2, '0')}T00:00:00+00:00`,
			credits: 10,
		});
		const asked: string[] = [];
		nock(BASE_URL)
			.get((uri) => uri.startsWith('/api/billing/history/comprehensive/'))
			.times(3)
			.reply((uri) => {
				asked.push(uri);
				const page = Number(new URL(uri, BASE_URL).searchParams.get('page'));
				const all = [record(1, 'purchase'), record(2, 'custom'), record(3, 'payment')];
				const slice = page === 1 ? all.slice(0, 2) : all.slice(2);
				return [
					200,
					{
						success: true,
						data: {
							transactions: slice,
							summary: { total_transactions: 3 },
							pagination: {
								count: 3,
								next: page === 1 ? '?page=2&page_size=2' : null,
								page,
								page_size: 2,
							},
						},
					},
				];
			});
		const { output } = await runNode({
			parameters: { resource: 'billing', operation: 'getHistory', returnAll: true },
			credentials: jwtCredentials(),
		});
		expect(asked).toEqual([
			'/api/billing/history/comprehensive/?page=1&page_size=100',
			'/api/billing/history/comprehensive/?page=2&page_size=100',
		]);
		expect(output.map((o) => [o.json.id, o.json.type, o.json.kind, o.json.amount])).toEqual([
			['t-1', 'purchase', 'purchase', 1001],
			['t-2', 'purchase', 'custom', 1002],
			['t-3', 'payment', 'payment', 1003],
		]);
	});

	it('login: Billing Get Many for usage records asks the documented history (the login route has none)', async () => {
		loginOk();
		const documented = counted('/api/billing/history/', () => [
			200,
			{
				count: 1,
				next: null,
				results: [{ id: 'u1', type: 'usage', amount: -2, created_at: '2025-01-01T00:00:00Z' }],
			},
		]);
		const login = counted('/api/billing/history/comprehensive/', () => [500, {}]);
		const { output } = await runNode({
			parameters: {
				resource: 'billing',
				operation: 'getHistory',
				returnAll: true,
				filters: { type: 'usage' },
			},
			credentials: jwtCredentials(),
		});
		expect(output.map((o) => o.json.id)).toEqual(['u1']);
		expect(documented).toEqual(['/api/billing/history/?type=usage&page=1&page_size=100']);
		expect(login).toHaveLength(0);
	});

	it('Notifications Get Many with Unread Only asks both servers’ filters at once (unread_only=true and status=unread)', async () => {
		loginOk();
		const asked = counted('/api/notifications/', () => [
			200,
			{ count: 1, next: null, results: [{ id: 'n1', status: 'unread', is_unread: true }] },
		]);
		const { output } = await runNode({
			parameters: {
				resource: 'notification',
				operation: 'getAll',
				returnAll: true,
				filters: { unreadOnly: true },
			},
			credentials: jwtCredentials(),
		});
		expect(asked).toEqual([
			'/api/notifications/?unread_only=true&status=unread&page=1&page_size=100',
		]);
		expect(output).toHaveLength(1);
	});

	it('API key refused everywhere (the real server): one request on the documented route, the key error, no login route', async () => {
		const documented = counted('/api/integration/v1/sms/balance/', () => [
			401,
			{ detail: 'Given token not valid for any token type', code: 'token_not_valid' },
		]);
		const login = counted('/api/billing/sms/balance/', () => [401, {}]);
		const error = await caught(() =>
			runNode({
				parameters: { resource: 'account', operation: 'getBalance' },
				credentials: apiKeyCredentials(),
			}),
		);
		expect(error.httpCode).toBe('401');
		expect(documented).toHaveLength(1);
		expect(login).toHaveLength(0);
	});
});
