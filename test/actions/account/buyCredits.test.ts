/**
 * Account → Buy Credits (issue 42): the real service's own purchase route, `POST /api/billing/payments/initiate/`
 * (billing/views_payment.py initiate_payment), with the login. The exact request (the buyer phone in the only form that
 * route takes), the output, the refusals before any request, the Dedupe Key, Wait for Completion with the one sync
 * request that records a completion, and the reference's service (no such route).
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { localTanzanianMobile } from '../../../nodes/SmsPlatform/helpers/payments';
import { BASE_URL, apiKeyCredentials, jwtCredentials, runNode } from '../../support/harness';
import { processedDataStore } from '../../support/processedData';
import { caught } from '../shared';

const PACKAGE_ID = '5eed0008-0000-4000-8000-000000000001';
const TX = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const PATH = '/api/billing/payments/initiate/';
const PROGRESS = `/api/billing/payments/transactions/${TX}/progress/`;
/** The real view's 201 answer (trimmed to its main fields). */
const INITIATED = {
	transaction_id: TX,
	order_id: 'MIFUMO-20261128-AB12CD34',
	invoice_number: 'INV-20261128-AB12CD34',
	amount: 899982.0,
	currency: 'TZS',
	credits: 49999,
	status: 'pending',
	mobile_money_provider: 'vodacom',
};

const parameters = (extra: IDataObject = {}, options: IDataObject = {}): IDataObject => ({
	resource: 'account',
	operation: 'buyCredits',
	packageId: { __rl: true, mode: 'id', value: PACKAGE_ID },
	buyerEmail: 'finance@dukapoa.test',
	buyerName: 'Finance Desk',
	buyerPhone: '+255 744 963 858',
	mobileMoneyProvider: 'vodacom',
	options,
	...extra,
});

const login = () =>
	nock(BASE_URL)
		.post('/api/auth/login/')
		.reply(200, { tokens: { access: 'jwt-1' } });

/** The progress route's answer: the stored status, the provider's result, the step. */
const progress = (status: string, provider: string, percentage = 33) => ({
	success: true,
	data: {
		transaction_id: TX,
		order_id: INITIATED.order_id,
		amount: 899982.0,
		currency: 'TZS',
		status,
		payment_status: provider,
		progress_percentage: percentage,
		completed_at: status === 'completed' ? '2026-11-28T13:05:00+03:00' : null,
	},
});

const store = processedDataStore();
beforeEach(() => store.reset());
afterEach(() => nock.cleanAll());

describe('localTanzanianMobile', () => {
	it.each([
		['0744963858', '0744963858'],
		['0644 963 858', '0644963858'],
		['+255744963858', '0744963858'],
		['255744963858', '0744963858'],
		['+255 (65) 496-3858', '0654963858'],
		// A trunk 0 after the country code (numberingPlan.ts) is not part of the number.
		['+255 0744 963 858', '0744963858'],
		['+255 (0)744 963 858', '0744963858'],
	])('%s → %s', (typed, local) => {
		expect(localTanzanianMobile(typed)).toBe(local);
	});

	it.each(['+254712345678', '0812345678', '074496385', '07449638581', '+2557449638', 'phone'])(
		'%s is refused',
		(typed) => {
			expect(localTanzanianMobile(typed)).toBeUndefined();
		},
	);
});

describe('account.buyCredits', () => {
	it('POSTs the package, the buyer with a local 07… phone and the provider; outputs the payment', async () => {
		const scope = login()
			.post(PATH, {
				package_id: PACKAGE_ID,
				buyer_email: 'finance@dukapoa.test',
				buyer_name: 'Finance Desk',
				buyer_phone: '0744963858',
				mobile_money_provider: 'vodacom',
			})
			.matchHeader('authorization', 'Bearer jwt-1')
			.reply(201, { success: true, message: 'Payment initiated successfully.', data: INITIATED });
		const { output } = await runNode({ parameters: parameters(), credentials: jwtCredentials() });
		expect(output).toEqual([{ json: INITIATED, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('refuses a phone that route would refuse before any request, naming the item and the value', async () => {
		const scope = nock(BASE_URL).post(/.*/).reply(201, {});
		const error = await caught(
			async () =>
				await runNode({
					parameters: parameters({ buyerPhone: '+254712345678' }),
					credentials: jwtCredentials(),
				}),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			'\'Buyer Phone\' "+254712345678" is not a Tanzanian mobile number [item 0]',
		);
		expect(error.description).toContain('starting with 07 or 06');
		expect(scope.isDone()).toBe(false);
	});

	it("on the reference's service (no such route): says it sells through Partner Tenant → Initiate Payment", async () => {
		const scope = nock(BASE_URL)
			.post(PATH)
			.reply(404, { error: `Not found: POST ${PATH}`, code: 'not_found', details: {} });
		const { output } = await runNode({
			parameters: parameters({}, { dedupeKey: 'topup-1' }),
			credentials: apiKeyCredentials(),
			continueOnFail: true,
		});
		expect(output[0].json).toMatchObject({
			error: 'This service does not sell credits to the account itself [item 0]',
			outcome: 'notSent',
			dedupeKey: 'topup-1',
		});
		expect(String(output[0].json.description)).toContain(
			"Use 'Partner Tenant' → 'Initiate Payment' with the tenant's ID instead. Nothing was paid.",
		);
		scope.done();
		// Nothing was started: the key is free again.
		expect(store.has('test-workflow', 'node-under-test', 's:topup-1')).toBe(false);
	});

	it("a package that does not exist keeps the service's own 404 words", async () => {
		const scope = login().post(PATH).reply(404, {
			success: false,
			message: 'Package not found or inactive. Please select a valid package.',
		});
		const { output } = await runNode({
			parameters: parameters(),
			credentials: jwtCredentials(),
			continueOnFail: true,
		});
		expect(String(output[0].json.description)).toContain(
			'The service said: "Package not found or inactive. Please select a valid package." (HTTP 404',
		);
		scope.done();
	});

	it('the same Dedupe Key twice starts one payment', async () => {
		const scope = login().post(PATH).reply(201, { success: true, data: INITIATED });
		const first = await runNode({
			parameters: parameters({}, { dedupeKey: 'topup-28' }),
			credentials: jwtCredentials(),
		});
		expect(first.output[0].json).toEqual({
			...INITIATED,
			outcome: 'sent',
			dedupeKey: 'topup-28',
		});
		scope.done();
		const again = nock(BASE_URL).post(PATH).reply(201, { success: true, data: INITIATED });
		const second = await runNode({
			parameters: parameters({}, { dedupeKey: 'topup-28' }),
			credentials: jwtCredentials(),
		});
		expect(second.output[0].json).toMatchObject({
			outcome: 'alreadySent',
			dedupeKey: 'topup-28',
		});
		expect(again.isDone()).toBe(false);
	});

	it('Wait for Completion: the provider completed, the service still says pending: one sync records it, then completed', async () => {
		const asked: string[] = [];
		const scope = login()
			.post(PATH)
			.reply(201, { success: true, data: INITIATED })
			// First check: the buyer has not paid; sync says it is still pending, so progress is not read again.
			.get(PROGRESS)
			.reply(200, () => (asked.push('progress'), progress('pending', 'SUCCESS')))
			.post('/api/billing/payments/sync/')
			.reply(
				200,
				() => (
					asked.push('sync'),
					{
						success: true,
						data: { checked: 1, updated: 0, results: [{ id: TX, status: 'pending' }] },
					}
				),
			)
			// Second check: paid at the provider, not recorded yet; sync records it; read again.
			.get(PROGRESS)
			.reply(200, () => (asked.push('progress'), progress('pending', 'SUCCESS', 100)))
			.post('/api/billing/payments/sync/')
			.reply(
				200,
				() => (
					asked.push('sync'),
					{
						success: true,
						data: { checked: 1, updated: 1, results: [{ id: TX, status: 'completed' }] },
					}
				),
			)
			.get(PROGRESS)
			.reply(200, () => (asked.push('progress'), progress('completed', 'SUCCESS', 100)));
		const { output } = await runNode({
			parameters: parameters({}, { waitForCompletion: true, pollInterval: 1, waitTimeout: 30 }),
			credentials: jwtCredentials(),
		});
		expect(asked).toEqual(['progress', 'sync', 'progress', 'sync', 'progress']);
		expect(output[0].json).toMatchObject({
			transaction_id: TX,
			status: 'completed',
			payment_status: 'SUCCESS',
			completed_at: '2026-11-28T13:05:00+03:00',
			timedOut: false,
		});
		scope.done();
	});
});
