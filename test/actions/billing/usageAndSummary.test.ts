/**
 * Billing → Get Usage and Get Summary (issue 42), and Get Many's type `payment` with the login. Usage:
 * `GET /api/billing/history/usage/` (`{success, data: {usage_records, pagination}}`, its `next` link without the date
 * range); the node sends the range on every page and refuses a date the server would silently ignore. Summary:
 * `GET /api/billing/history/summary/?period=`.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { BASE_URL, caught, jwtCredentials, runNode } from '../../support/harness';

const USAGE = '/api/billing/history/usage/';

/** Usage records (UsageRecordSerializer), newest first: one every 6 hours from 2026-11-20 18:00 UTC back. */
const RECORDS = Array.from({ length: 150 }, (_, i) => ({
	id: `7b000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
	credits_used: 1 + (i % 4),
	cost: `${(25 * (1 + (i % 4))).toFixed(2)}`,
	created_at: new Date(Date.parse('2026-11-20T18:00:00Z') - i * 6 * 3600_000).toISOString(),
}));
/** The server's day (Africa/Dar_es_Salaam, UTC+3). */
const day = (iso: string) => new Date(Date.parse(iso) + 3 * 3600_000).toISOString().slice(0, 10);

/** The real view: filters by the server's day, pages with page/page_size, a `next` without the range. */
function mountUsage(asked: string[]) {
	nock(BASE_URL)
		.post('/api/auth/login/')
		.reply(200, { tokens: { access: 'jwt-1' } });
	nock(BASE_URL)
		.persist()
		.get((uri) => uri.startsWith(USAGE))
		.reply((uri) => {
			asked.push(uri);
			const q = new URL(uri, BASE_URL).searchParams;
			const from = q.get('start_date');
			const to = q.get('end_date');
			const all = RECORDS.filter(
				(r) => (!from || day(r.created_at) >= from) && (!to || day(r.created_at) <= to),
			);
			const page = Number(q.get('page') ?? 1);
			const size = Number(q.get('page_size') ?? 20);
			const start = (page - 1) * size;
			return [
				200,
				{
					success: true,
					data: {
						usage_records: all.slice(start, start + size),
						pagination: {
							count: all.length,
							next: start + size < all.length ? `?page=${page + 1}&page_size=${size}` : null,
							previous: null,
							page,
							page_size: size,
							total_pages: Math.ceil(all.length / size),
						},
					},
				},
			];
		});
}

const usage = (extra: IDataObject) => ({
	resource: 'billing',
	operation: 'getUsage',
	...extra,
});

afterEach(() => nock.cleanAll());

describe('billing.getUsage', () => {
	it('Return All in a range: the range on every page, only records of those days, one sheet row each', async () => {
		const asked: string[] = [];
		mountUsage(asked);
		const { output } = await runNode({
			parameters: usage({
				returnAll: true,
				filters: { startDate: '2026-10-01T00:00:00', endDate: '2026-11-10' },
			}),
			credentials: jwtCredentials(),
		});
		const wanted = RECORDS.filter(
			(r) => day(r.created_at) >= '2026-10-01' && day(r.created_at) <= '2026-11-10',
		);
		expect(wanted.length).toBeGreaterThan(100);
		expect(output.map((item) => item.json.id)).toEqual(wanted.map((r) => r.id));
		expect(output[0].json).toEqual({
			id: wanted[0].id,
			credits_used: wanted[0].credits_used,
			cost: Number(wanted[0].cost),
			created_at: wanted[0].created_at,
			date: day(wanted[0].created_at),
		});
		expect(asked).toEqual([
			`${USAGE}?start_date=2026-10-01&end_date=2026-11-10&page=1&page_size=100`,
			`${USAGE}?start_date=2026-10-01&end_date=2026-11-10&page=2&page_size=100`,
		]);
	});

	it('Return All stops where the pagination beside the list says: 100 records in range are one page, not two', async () => {
		const asked: string[] = [];
		mountUsage(asked);
		const { output } = await runNode({
			parameters: usage({
				returnAll: true,
				filters: { startDate: '2026-10-27', endDate: '2026-11-20' },
			}),
			credentials: jwtCredentials(),
		});
		expect(output).toHaveLength(100);
		expect(asked).toEqual([
			`${USAGE}?start_date=2026-10-27&end_date=2026-11-20&page=1&page_size=100`,
		]);
	});

	it('a date and time with a zone is taken as the service’s day of that instant', async () => {
		const asked: string[] = [];
		mountUsage(asked);
		await runNode({
			parameters: usage({ limit: 5, filters: { startDate: '2026-11-09T22:30:00Z' } }),
			credentials: jwtCredentials(),
		});
		expect(asked).toEqual([`${USAGE}?start_date=2026-11-10&page=1&page_size=5`]);
	});

	it.each([
		[{ startDate: '01/11/2026' }, '\'Start Date\' "01/11/2026" is not a date [item 0]'],
		[{ endDate: '2026-02-30' }, '\'End Date\' "2026-02-30" is not a date [item 0]'],
		[
			{ startDate: '2026-11-10', endDate: '2026-11-01' },
			"'Start Date' 2026-11-10 is after 'End Date' 2026-11-01 [item 0]",
		],
	])('refuses %j before any request', async (filters, message) => {
		const asked: string[] = [];
		mountUsage(asked);
		const error = await caught(
			async () => await runNode({ parameters: usage({ filters }), credentials: jwtCredentials() }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
		expect(asked).toEqual([]);
	});
});

describe('billing.getSummary', () => {
	it('GETs the period and outputs the totals as fields, the charts beside them', async () => {
		const scope = nock(BASE_URL)
			.post('/api/auth/login/')
			.reply(200, { tokens: { access: 'jwt-1' } })
			.get('/api/billing/history/summary/')
			.query({ period: '7d' })
			.reply(200, {
				success: true,
				data: {
					summary: {
						total_purchased: 899982.0,
						total_credits_purchased: 49999,
						total_usage_cost: '150.00',
						total_credits_used: 6,
						current_balance: 1194,
						total_purchases: 1,
						total_payments: 1,
						total_usage_records: 3,
						period: '7d',
						start_date: '2026-11-21',
						end_date: '2026-11-28',
					},
					charts: {
						monthly_usage: [{ month: '2026-11', credits: 6, cost: 150.0 }],
						payment_methods: [{ method: 'zenopay_mobile_money', count: 1, amount: 899982.0 }],
					},
				},
			});
		const { output } = await runNode({
			parameters: { resource: 'billing', operation: 'getSummary', period: '7d' },
			credentials: jwtCredentials(),
		});
		expect(output).toEqual([
			{
				json: {
					total_purchased: 899982,
					total_credits_purchased: 49999,
					total_usage_cost: 150,
					total_credits_used: 6,
					current_balance: 1194,
					total_purchases: 1,
					total_payments: 1,
					total_usage_records: 3,
					period: '7d',
					start_date: '2026-11-21',
					end_date: '2026-11-28',
					monthly_usage: [{ month: '2026-11', credits: 6, cost: 150 }],
					payment_methods: [{ method: 'zenopay_mobile_money', count: 1, amount: 899982 }],
				},
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});

	it('a period from an expression that is not one of them fails before any request', async () => {
		const scope = nock(BASE_URL).get(/.*/).reply(200, {});
		const error = await caught(
			async () =>
				await runNode({
					parameters: { resource: 'billing', operation: 'getSummary', period: '2w' },
					credentials: jwtCredentials(),
				}),
		);
		expect(error.message).toBe('\'Period\' "2w" is not one of 7d, 30d, 90d, 1y [item 0]');
		expect(scope.isDone()).toBe(false);
	});
});

describe('billing.getHistory type payment with the login', () => {
	it('reads the payment transactions (the history lists a package’s payment only as its purchase)', async () => {
		const payment = {
			id: '5eed0006-0000-4000-8000-000000000001',
			order_id: 'MIFUMO-20261120-DP000001',
			amount: '899982.00',
			currency: 'TZS',
			payment_method: 'zenopay_mobile_money',
			payment_method_display: 'ZenoPay Mobile Money',
			status: 'completed',
			created_at: '2026-11-20T09:00:00.000000+03:00',
			updated_at: '2026-11-20T09:05:00.000000+03:00',
			completed_at: '2026-11-20T09:05:00.000000+03:00',
		};
		const scope = nock(BASE_URL)
			.post('/api/auth/login/')
			.reply(200, { tokens: { access: 'jwt-1' } })
			.get('/api/billing/payments/transactions/')
			.query({ page: '1', page_size: '50' })
			.reply(200, { count: 1, next: null, previous: null, results: [payment] });
		const { output } = await runNode({
			parameters: { resource: 'billing', operation: 'getHistory', filters: { type: 'payment' } },
			credentials: jwtCredentials(),
		});
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			id: payment.id,
			type: 'payment',
			description: 'Payment of 899982.00 TZS via ZenoPay Mobile Money',
			amount: 899982,
			status: 'completed',
			transaction_id: payment.id,
		});
		scope.done();
	});
});
