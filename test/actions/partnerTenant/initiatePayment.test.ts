import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { caught } from '../shared';

const TENANT_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const PACKAGE_ID = '9b1d0e2f-0000-4000-8000-000000000002';
const TRANSACTION_ID = '8d7e6f5a-4b3c-4d2e-9f1a-0b9c8d7e6f5a';
const PATH = `/api/integration/v1/partner/tenants/${TENANT_ID}/payments/initiate/`;
const STATUS_PATH = `/api/billing/payments/transactions/${TRANSACTION_ID}/status/`;

const PARAMETERS = {
	resource: 'partnerTenant',
	operation: 'initiatePayment',
	tenantId: TENANT_ID,
	packageId: {
		__rl: true,
		mode: 'list',
		value: PACKAGE_ID,
		cachedResultName: 'Standard · 110000.5 TZS · 5500 credits',
	},
	buyerEmail: 'buyer@acme.example',
	buyerName: 'Neema Mushi',
	buyerPhone: '0712345678',
	mobileMoneyProvider: 'vodacom',
};

const BODY = {
	package_id: PACKAGE_ID,
	buyer_email: 'buyer@acme.example',
	buyer_name: 'Neema Mushi',
	buyer_phone: '0712345678',
	mobile_money_provider: 'vodacom',
};

const INITIATED = {
	transaction_id: TRANSACTION_ID,
	order_id: 'ORD-20250115-X7Y8Z9',
	amount: 110000,
	currency: 'TZS',
	status: 'pending',
};

const transaction = (status: string, completedAt: string | null = null): IDataObject => ({
	id: TRANSACTION_ID,
	order_id: 'ORD-20250115-X7Y8Z9',
	amount: '110000.00',
	currency: 'TZS',
	status,
	completed_at: completedAt,
});

const run = async (
	parameters: IDataObject = {},
	extra: { continueOnFail?: boolean; credentials?: IDataObject } = {},
) =>
	await runNode({
		parameters: { ...PARAMETERS, ...parameters },
		continueOnFail: extra.continueOnFail,
		credentials: extra.credentials as never,
	});

describe('partnerTenant.initiatePayment', () => {
	it('POSTs the documented body with the package from the list (resource locator) and outputs the initiation result', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		})
			.post(PATH, BODY)
			.query({})
			.reply(201, { success: true, data: INITIATED });
		const { output } = await run();
		expect(output).toEqual([{ json: INITIATED, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('takes the package by ID (trimmed), sends the buyer phone as typed but trimmed (X-API-Key mode)', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.post(PATH, { ...BODY, buyer_phone: '0712 345 678' })
			.reply(201, { success: true, data: { ...INITIATED, amount: '110000' } });
		const { output } = await run(
			{
				packageId: { __rl: true, mode: 'id', value: `  ${PACKAGE_ID} ` },
				buyerPhone: '  0712 345 678 ',
			},
			{ credentials: apiKeyCredentials('apiKeyHeader') },
		);
		expect(output).toEqual([{ json: INITIATED, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('sends an E.164 buyer phone unchanged', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, { ...BODY, buyer_phone: '+255712345678' })
			.reply(201, { success: true, data: INITIATED });
		await run({ buyerPhone: '+255712345678' });
		scope.done();
	});

	it.each(['vodacom', 'tigo', 'airtel', 'halotel'])(
		'sends mobile_money_provider=%s',
		async (provider) => {
			const scope = nock(BASE_URL)
				.post(PATH, { ...BODY, mobile_money_provider: provider })
				.reply(201, { success: true, data: INITIATED });
			const { output } = await run({ mobileMoneyProvider: provider });
			expect(output).toEqual([{ json: INITIATED, pairedItem: { item: 0 } }]);
			scope.done();
		},
	);

	it('trims the tenant id and encodes it as one path segment', async () => {
		const seen: string[] = [];
		const scope = nock(BASE_URL)
			.post('/api/integration/v1/partner/tenants/a%2Fb%3Fc%23d/payments/initiate/', BODY)
			.reply(201, (uri) => {
				seen.push(uri);
				return { success: true, data: INITIATED };
			});
		const { output } = await run({ tenantId: ' a/b?c#d ' });
		expect(seen).toEqual(['/api/integration/v1/partner/tenants/a%2Fb%3Fc%23d/payments/initiate/']);
		expect(output).toEqual([{ json: INITIATED, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it.each([
		[{ tenantId: '  ' }, "'Tenant ID' is empty [item 0]"],
		[{ packageId: { __rl: true, mode: 'list', value: '' } }, "'SMS Package' is empty [item 0]"],
		[
			{ buyerEmail: 'buyer-at-acme' },
			'\'Buyer Email\' "buyer-at-acme" is not an email address [item 0]',
		],
		[{ buyerPhone: ' ' }, "'Buyer Phone' is empty [item 0]"],
		[{ buyerPhone: 'call me' }, '\'Buyer Phone\' "call me" is not a phone number [item 0]'],
		// An empty network (e.g. from an expression) fails before any request: the field itself has a default.
		[{ mobileMoneyProvider: '' }, "'Mobile Money Provider' is empty [item 0]"],
		[
			{ mobileMoneyProvider: 'mpesa' },
			'\'Mobile Money Provider\' "mpesa" is not one of vodacom, tigo, airtel, halotel [item 0]',
		],
	])('refuses %j before any request, naming the field', async (parameters, message) => {
		const scope = nock(BASE_URL).post(/.*/).reply(201, { success: true, data: INITIATED });
		const error = await caught(async () => await run(parameters));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
		expect(scope.isDone()).toBe(false);
	});

	it('with Continue On Fail, an unknown tenant (404) gives an error item', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, BODY)
			.reply(404, { error: 'Tenant not found', code: 'TENANT_NOT_FOUND', details: {} });
		const { output } = await run({}, { continueOnFail: true });
		expect(output).toEqual([
			{
				json: {
					error:
						'The service has no tenant with the ID "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" [item 0]',
					description: expect.stringContaining(
						'The service said: "Tenant not found" (HTTP 404, code TENANT_NOT_FOUND). Check the ID',
					) as unknown as string,
					httpCode: '404',
					errorCode: 'TENANT_NOT_FOUND',
					itemIndex: 0,
				},
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});

	it('without Continue On Fail, an unknown tenant (404) rejects with a NodeApiError in the server’s words', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, BODY)
			.reply(404, { error: 'Tenant not found', code: 'TENANT_NOT_FOUND', details: {} });
		const error = await caught(async () => await run());
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'The service has no tenant with the ID "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" [item 0]',
		);
		expect(error.description).toContain('"Tenant not found"');
		expect(error.description).toContain('HTTP 404');
		scope.done();
	});

	describe('Wait for Completion', () => {
		it('polls the payment status every Poll Interval until it completes and outputs the last state', async () => {
			const times: number[] = [];
			const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
				.post(PATH, BODY)
				.reply(201, () => {
					times.push(Date.now());
					return { success: true, data: INITIATED };
				})
				.get(STATUS_PATH)
				.query({})
				.reply(200, () => {
					times.push(Date.now());
					return { success: true, transaction: transaction('pending') };
				})
				.get(STATUS_PATH)
				.query({})
				.reply(200, () => {
					times.push(Date.now());
					return { success: true, transaction: transaction('completed', '2025-01-15T10:35:00Z') };
				});
			const { output } = await run({
				options: { waitForCompletion: true, pollInterval: 1, waitTimeout: 10 },
			});
			expect(output).toEqual([
				{
					json: {
						...INITIATED,
						amount: 110000,
						status: 'completed',
						completed_at: '2025-01-15T10:35:00Z',
						timedOut: false,
					},
					pairedItem: { item: 0 },
				},
			]);
			scope.done();
			// pending at initiation, pending at the first poll, completed at the second: polls a second apart
			expect(times).toHaveLength(3);
			expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
			expect(times[2] - times[1]).toBeGreaterThanOrEqual(900);
		});

		it('stops at another final status (failed) without an error', async () => {
			const scope = nock(BASE_URL)
				.post(PATH, BODY)
				.reply(201, { success: true, data: INITIATED })
				.get(STATUS_PATH)
				.reply(200, { success: true, transaction: transaction('failed') });
			const { output } = await run({
				options: { waitForCompletion: true, pollInterval: 1, waitTimeout: 10 },
			});
			expect(output).toEqual([
				{
					json: {
						...INITIATED,
						status: 'failed',
						completed_at: null,
						timedOut: false,
					},
					pairedItem: { item: 0 },
				},
			]);
			scope.done();
		});

		it('gives up after Wait Timeout with timedOut: true and the pending state, no error', async () => {
			let polls = 0;
			const scope = nock(BASE_URL)
				.post(PATH, BODY)
				.reply(201, { success: true, data: INITIATED })
				.get(STATUS_PATH)
				.times(5)
				.reply(200, () => {
					polls++;
					return { success: true, transaction: transaction('pending') };
				});
			const started = Date.now();
			const { output } = await run({
				options: { waitForCompletion: true, pollInterval: 1, waitTimeout: 2 },
			});
			const elapsed = Date.now() - started;
			expect(output).toEqual([
				{
					json: { ...INITIATED, completed_at: null, timedOut: true },
					pairedItem: { item: 0 },
				},
			]);
			expect(polls).toBeGreaterThanOrEqual(2);
			expect(polls).toBeLessThanOrEqual(3);
			expect(elapsed).toBeGreaterThanOrEqual(1900);
			expect(elapsed).toBeLessThan(4000);
			expect(scope.isDone()).toBe(false);
		});

		it('without Wait for Completion, does not poll', async () => {
			const status = nock(BASE_URL)
				.get(STATUS_PATH)
				.reply(200, { success: true, transaction: transaction('completed') });
			const scope = nock(BASE_URL).post(PATH, BODY).reply(201, { success: true, data: INITIATED });
			const { output } = await run({ options: { waitForCompletion: false } });
			expect(output).toEqual([{ json: INITIATED, pairedItem: { item: 0 } }]);
			scope.done();
			expect(status.isDone()).toBe(false);
		});
	});
});
