/**
 * Every request has a timeout (default 30 s, Request Options → Timeout on every operation), and every wait is
 * bounded: the wait for a rate limit to reset (Max Rate-Limit Wait), the wait for a payment to complete (Wait
 * Timeout), the JWT login. Checked through the node in real n8n execution contexts, with nock and the sandbox.
 */
import nock from 'nock';
import type { IDataObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { SmsPlatformApi } from '../../credentials/SmsPlatformApi.credentials';
import { SmsPlatform } from '../../nodes/SmsPlatform/SmsPlatform.node';
import { testSettings as policy } from '../support/testSettings';
import {
	BASE_URL,
	apiKeyCredentials,
	jwtCredentials,
	listSearch,
	pollTrigger,
	runNode,
} from '../support/harness';
import type { SandboxProcess } from '../support/sandbox-process.cjs';
import { startSandboxProcess } from '../support/sandbox-process.cjs';

const SANDBOX_API_KEY = ['sk', 'test', 'sms', 'platform', 'sandbox'].join('_');
const TENANT_ID = 'a455fe1c-db11-528c-9844-e84add799cc3';
const STARTER_PACKAGE = 'ffa9b1d1-3085-5e9b-b88f-178a34e440c0';

const payment = {
	resource: 'partnerTenant',
	operation: 'initiatePayment',
	tenantId: TENANT_ID,
	packageId: { __rl: true, mode: 'id', value: STARTER_PACKAGE },
	buyerEmail: 'buyer@example.com',
	buyerName: 'Buyer',
	buyerPhone: '0712345678',
	mobileMoneyProvider: 'airtel',
};

/** One working parameter set per operation of the node. */
const operations: Array<[string, IDataObject]> = [
	[
		'sms.send',
		{
			resource: 'sms',
			operation: 'send',
			recipients: '+255712345678',
			message: 'Hi',
			senderId: 'ACME',
		},
	],
	['sms.getStatus', { resource: 'sms', operation: 'getStatus', messageId: 'm-1' }],
	['sms.getDetails', { resource: 'sms', operation: 'getDetails', messageId: 'm-1' }],
	['sms.getStats', { resource: 'sms', operation: 'getStats' }],
	['account.getBalance', { resource: 'account', operation: 'getBalance' }],
	[
		'partnerTenant.create',
		{
			resource: 'partnerTenant',
			operation: 'create',
			tenantName: 'Acme',
			ownerEmail: 'owner@example.com',
			ownerName: 'Owner',
			contactPhone: '+255712345678',
			initialCredits: 0,
		},
	],
	['partnerTenant.initiatePayment', payment],
	['payment.getStatus', { resource: 'payment', operation: 'getStatus', transactionId: 'tx-1' }],
	['billing.getHistory', { resource: 'billing', operation: 'getHistory', returnAll: true }],
	['smsPackage.getAll', { resource: 'smsPackage', operation: 'getAll', returnAll: true }],
	['campaign.getAnalytics', { resource: 'campaign', operation: 'getAnalytics', campaignId: 'c-1' }],
	['dashboard.getMetrics', { resource: 'dashboard', operation: 'getMetrics', period: '7d' }],
	['contact.get', { resource: 'contact', operation: 'get', contactId: 'c-1' }],
	['activity.getRecent', { resource: 'activity', operation: 'getRecent', limit: 5 }],
	['organization.getAll', { resource: 'organization', operation: 'getAll', returnAll: true }],
	['notification.getAll', { resource: 'notification', operation: 'getAll', returnAll: true }],
];

describe('every request has a timeout', () => {
	const saved = { ...policy };

	afterEach(() => {
		Object.assign(policy, saved);
	});

	it('the default is 30 s, and every operation offers Request Options → Timeout (default 30 s)', () => {
		expect(policy.timeoutMs).toBe(30000);
		// The payment status asks the mobile-money provider: real servers take up to 60 s to answer it.
		expect(policy.slowTimeoutMs).toBe(90000);
		// Declared once for the node, without display conditions: n8n shows it on every operation.
		const properties = new SmsPlatform().description.properties;
		const declared = properties.filter((p) => p.name === 'requestOptions');
		expect(declared).toHaveLength(1);
		expect(declared[0].displayOptions).toBeUndefined();
		expect(operations.length).toBe(16);
		const timeout = (declared[0].options as INodeProperties[]).find((o) => o.name === 'timeout');
		expect(timeout).toMatchObject({ default: 30, typeOptions: { minValue: 1, maxValue: 600 } });
	});

	it.each(operations)(
		'%s gives up at the default timeout (shortened here to 150 ms)',
		async (_name, parameters) => {
			policy.timeoutMs = 150;
			policy.slowTimeoutMs = 150;
			policy.maxRetries = 0;
			nock(BASE_URL)
				.persist()
				.get(/.*/)
				.delay(2000)
				.reply(200, {})
				.post(/.*/)
				.delay(2000)
				.reply(200, {});
			const started = Date.now();
			const { output } = await runNode({ parameters, continueOnFail: true });
			expect(Date.now() - started).toBeLessThan(1500);
			expect(output).toEqual([
				{
					json: expect.objectContaining({
						error: expect.stringMatching(/did not answer within/),
						itemIndex: 0,
					}),
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it.each(['paymentCompleted', 'newNotification', 'lowBalance'])(
		'the trigger (%s) gives up at the default timeout',
		async (event) => {
			policy.timeoutMs = 150;
			policy.maxRetries = 0;
			nock(BASE_URL).persist().get(/.*/).delay(2000).reply(200, {});
			await expect(pollTrigger({ parameters: { event }, staticData: {} })).rejects.toThrow(
				/did not answer within/,
			);
		},
	);

	it('the package picker gives up at the default timeout', async () => {
		policy.timeoutMs = 150;
		policy.maxRetries = 0;
		nock(BASE_URL).persist().get(/.*/).delay(2000).reply(200, {});
		await expect(listSearch('searchPackages', payment)).rejects.toThrow(/did not answer within/);
	});

	it('Request Options → Timeout is used: 1 s (a send: one try, never repeated)', async () => {
		const scope = nock(BASE_URL)
			.post('/api/integration/v1/sms/send/')
			.delay(1500)
			.reply(200, { success: true, message_id: 'late' });
		const started = Date.now();
		const { output } = await runNode({
			parameters: { ...operations[0][1], requestOptions: { timeout: 1 } },
			continueOnFail: true,
		});
		expect(output[0].json.error).toMatch(/^The SMS Platform service did not answer within 1 s/);
		expect(Date.now() - started).toBeLessThan(1450);
		scope.done();
	});

	it('the JWT login has a 30 s timeout', async () => {
		let sent: IHttpRequestOptions | undefined;
		const helpers = {
			httpRequest: async (options: IHttpRequestOptions) => {
				sent = options;
				return { access_token: 'token' };
			},
		};
		const credential = new SmsPlatformApi();
		await credential.preAuthentication.call({ helpers } as never, jwtCredentials());
		expect(sent).toMatchObject({
			method: 'POST',
			url: `${BASE_URL}/api/auth/login/`,
			timeout: 30000,
		});
	});
});

describe('waits are bounded', () => {
	it('a rate limit resetting in an hour fails at once (default bound 120 s), nothing sent', async () => {
		const send = nock(BASE_URL)
			.post('/api/integration/v1/sms/send/')
			.reply(
				429,
				{ error: 'Rate limit exceeded', code: 'rate_limited' },
				{ 'Retry-After': '3600' },
			);
		const started = Date.now();
		const { output } = await runNode({
			parameters: operations[0][1],
			continueOnFail: true,
		});
		expect(Date.now() - started).toBeLessThan(1000);
		expect(output[0].json.error).toBe(
			"The service's rate limit is used up and resets in 3600 s, longer than the maximum wait of 120 s [item 0]",
		);
		send.done();
	});

	it('Max Rate-Limit Wait bounds the wait for X-RateLimit-Reset before the next request', async () => {
		const resetIn = Math.floor(Date.now() / 1000) + 30;
		nock(BASE_URL)
			.get('/api/integration/v1/sms/balance/')
			.reply(
				200,
				{ balance: 5 },
				{ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(resetIn) },
			);
		const started = Date.now();
		const { output } = await runNode({
			parameters: {
				resource: 'account',
				operation: 'getBalance',
				requestOptions: { maxRateLimitWait: 2 },
			},
			items: [{}, {}],
			continueOnFail: true,
		});
		expect(Date.now() - started).toBeLessThan(1000);
		expect(output[0]).toEqual({ json: { balance: 5 }, pairedItem: { item: 0 } });
		expect(output[1].json.error).toMatch(
			/^The service's rate limit is used up and resets in \d+ s, longer than the maximum wait of 2 s/,
		);
		expect(output[1].json.itemIndex).toBe(1);
	});

	describe('the wait for a payment to complete (sandbox)', () => {
		let sandbox: SandboxProcess;
		const credentials = () =>
			apiKeyCredentials('apiKeyBearer', { baseUrl: sandbox.url, apiKey: SANDBOX_API_KEY });

		beforeAll(async () => {
			sandbox = await startSandboxProcess({ SANDBOX_PAYMENT_DELAY_MS: 0 });
		});

		afterAll(async () => {
			await sandbox.stop();
		});

		beforeEach(async () => {
			await sandbox.admin('POST', 'reset');
			await sandbox.admin('POST', 'config', { paymentDelayMs: 0 });
		});

		it('a payment that never completes returns after Wait Timeout, marked timedOut', async () => {
			const started = Date.now();
			const { output } = await runNode({
				parameters: {
					...payment,
					options: { waitForCompletion: true, waitTimeout: 1, pollInterval: 1 },
				},
				credentials: credentials(),
			});
			expect(Date.now() - started).toBeLessThan(2500);
			expect(output[0].json).toMatchObject({ status: 'pending', timedOut: true });
			expect(((await sandbox.admin('GET', 'payments')) as unknown[]).length).toBe(1);
		});

		it('status checks failing during the wait do not fail the item (the payment exists): paid once', async () => {
			await sandbox.admin('POST', 'faults', {
				path: '/status/',
				method: 'GET',
				count: 50,
				status: 503,
			});
			const { output } = await runNode({
				parameters: {
					...payment,
					options: { waitForCompletion: true, waitTimeout: 1, pollInterval: 1 },
				},
				credentials: credentials(),
				continueOnFail: true,
			});
			expect(output[0].json).toMatchObject({
				status: 'pending',
				timedOut: true,
				statusCheckError: 'The service could not answer',
			});
			expect(output[0].json.transaction_id).toEqual(expect.any(String));
			expect(((await sandbox.admin('GET', 'payments')) as unknown[]).length).toBe(1);
		});

		it('a payment completed during the wait is reported completed', async () => {
			await sandbox.admin('POST', 'config', { paymentDelayMs: 300 });
			const { output } = await runNode({
				parameters: {
					...payment,
					options: { waitForCompletion: true, waitTimeout: 5, pollInterval: 1 },
				},
				credentials: credentials(),
			});
			expect(output[0].json).toMatchObject({ status: 'completed', timedOut: false });
		});
	});
});
