/**
 * Learn the server before concluding "no record" (issue 51). A service of the API reference behind a gateway that
 * answers every unknown route in the reference's own error body (`404 {"error": "Not found", "code": "not_found"}`):
 * with Email and Password the real service's route comes first, and its 404 there says nothing yet about the record.
 * Each operation whose route pair names a record reads an existing record, and says an unknown one is unknown, in at
 * most one request more than with an API key; on the real server's profiles (`wild`, `main`) too, and the reference's
 * payment status (which the real server makes wait 60 s) is never asked to learn.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import type { SandboxProcess } from '../support/sandbox-process.cjs';
import {
	SANDBOX_EMAIL,
	SANDBOX_KEY,
	SANDBOX_PASSWORD,
	startSandboxProcess,
} from '../support/sandbox-process.cjs';
import { apiKeyCredentials, caught, jwtCredentials, runNode } from '../support/harness';

const TENANT = 'a455fe1c-db11-528c-9844-e84add799cc3';
const PACKAGE = '320c20d2-d337-59e2-b3d8-13c37677f81c';
const MISSING = '00000000-0000-4000-8000-000000000000';

let sandbox: SandboxProcess;
let apiKey: ICredentialDataDecryptedObject;
let jwt: ICredentialDataDecryptedObject;

beforeAll(async () => {
	sandbox = await startSandboxProcess({
		SANDBOX_PROFILE: 'documented',
		SANDBOX_PAYMENT_DELAY_MS: 0,
	});
	apiKey = apiKeyCredentials('apiKeyBearer', { baseUrl: sandbox.url, apiKey: SANDBOX_KEY });
	jwt = jwtCredentials({ baseUrl: sandbox.url, email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD });
});
afterAll(async () => await sandbox.stop());
beforeEach(async () => {
	await sandbox.admin('POST', 'reset');
	await sandbox.admin('POST', 'config', { referenceNotFound: true });
});

const run = async (parameters: IDataObject, credentials: ICredentialDataDecryptedObject) =>
	(await runNode({ parameters, credentials: { ...credentials } })).output.map((o) => o.json);

/** The API requests since the last clear, the login left out. */
async function asked(): Promise<string[]> {
	const log = (await sandbox.admin('GET', 'requests')) as Array<{
		method: string;
		path: string;
		status: number;
	}>;
	await sandbox.admin('DELETE', 'requests');
	return log
		.filter((r) => r.path !== '/api/auth/login/')
		.map((r) => `${r.method} ${r.path} ${r.status}`);
}

/** A payment and a message made on the documented profile with the API key, then the profile under test. */
async function records(profile: string): Promise<{ payment: string; message: string }> {
	const [payment] = await run(
		{
			resource: 'partnerTenant',
			operation: 'initiatePayment',
			tenantId: TENANT,
			packageId: { mode: 'id', value: PACKAGE },
			buyerEmail: 'asha@example.com',
			buyerName: 'Asha',
			buyerPhone: '+255712345678',
			mobileMoneyProvider: 'vodacom',
		},
		apiKey,
	);
	const [sent] = await run(
		{
			resource: 'sms',
			operation: 'send',
			recipients: '+255712345678',
			message: 'Habari',
			senderId: 'N8NDEMO',
		},
		apiKey,
	);
	if (profile !== 'documented') await sandbox.admin('POST', 'config', { profile });
	await sandbox.admin('DELETE', 'requests');
	return { payment: String(payment.transaction_id), message: String(sent.message_id) };
}

const paymentStatus = (transactionId: string) => ({
	resource: 'payment',
	operation: 'getStatus',
	transactionId,
});
const messageStatus = (messageId: string) => ({
	resource: 'sms',
	operation: 'getStatus',
	messageId,
});
const PAYMENTS = '/api/billing/payments/transactions';

describe("documented profile, unknown routes answered in the reference's error body", () => {
	it('Payment → Get Status: 1 request with an API key, 2 with Email and Password (the balance route learns the server first)', async () => {
		const { payment } = await records('documented');
		const [byKey] = await run(paymentStatus(payment), apiKey);
		expect(await asked()).toEqual([`GET ${PAYMENTS}/${payment}/status/ 200`]);

		const byLogin = await runNode({ parameters: paymentStatus(payment), credentials: { ...jwt } });
		expect(byLogin.output[0].json).toMatchObject({ status: byKey.status, amount: byKey.amount });
		expect(byLogin.hints.map((hint) => hint.message)).toEqual([
			`Used the API reference's route GET ${PAYMENTS}/${payment}/status/. This server does not have GET ${PAYMENTS}/${payment}/progress/.`,
		]);
		expect(await asked()).toEqual([
			'GET /api/billing/sms/balance/ 404',
			`GET ${PAYMENTS}/${payment}/status/ 200`,
		]);
	});

	it('Payment → Get Status of an unknown payment: 2 requests with either credential (the other route settles the 404)', async () => {
		const message = `The service has no payment with the ID "${MISSING}" [item 0]`;
		expect((await caught(() => run(paymentStatus(MISSING), apiKey))).message).toBe(message);
		expect(await asked()).toEqual([
			`GET ${PAYMENTS}/${MISSING}/status/ 404`,
			`GET ${PAYMENTS}/${MISSING}/progress/ 404`,
		]);

		expect((await caught(() => run(paymentStatus(MISSING), jwt))).message).toBe(message);
		expect(await asked()).toEqual([
			'GET /api/billing/sms/balance/ 404',
			`GET ${PAYMENTS}/${MISSING}/status/ 404`,
		]);
	});

	it('SMS → Get Status: this server has both routes, 1 request each; an unknown message is asked on the other route once', async () => {
		const { message } = await records('documented');
		await run(messageStatus(message), apiKey);
		expect(await asked()).toEqual([`GET /api/integration/v1/sms/status/${message}/ 200`]);
		const [byLogin] = await run(messageStatus(message), jwt);
		expect(byLogin.message_id).toBe(message);
		expect(await asked()).toEqual([`GET /api/messaging/sms/${message}/status/ 200`]);

		const unknown = `The service has no message with the ID "${MISSING}" [item 0]`;
		expect((await caught(() => run(messageStatus(MISSING), apiKey))).message).toBe(unknown);
		expect(await asked()).toEqual([
			`GET /api/integration/v1/sms/status/${MISSING}/ 404`,
			`GET /api/messaging/sms/${MISSING}/status/ 404`,
		]);
		expect((await caught(() => run(messageStatus(MISSING), jwt))).message).toBe(unknown);
		expect(await asked()).toEqual([
			`GET /api/messaging/sms/${MISSING}/status/ 404`,
			`GET /api/integration/v1/sms/status/${MISSING}/ 404`,
		]);
	});

	it('a run that has learnt its family asks a second payment on the right route at once', async () => {
		const { payment } = await records('documented');
		const result = await runNode({
			parameters: paymentStatus('={{ $json.id }}'),
			items: [{ id: payment }, { id: payment }],
			credentials: { ...jwt },
		});
		expect(result.output).toHaveLength(2);
		expect(await asked()).toEqual([
			'GET /api/billing/sms/balance/ 404',
			`GET ${PAYMENTS}/${payment}/status/ 200`,
			`GET ${PAYMENTS}/${payment}/status/ 200`,
		]);
	});
});

describe.each(['wild', 'main'])(
	"the real server's profile %s, with Email and Password",
	(profile) => {
		it('Payment → Get Status: the balance route, then the quick progress route; never the slow status route', async () => {
			const { payment } = await records(profile);
			const [byLogin] = await run(paymentStatus(payment), jwt);
			expect(byLogin.id ?? byLogin.transaction_id).toBeDefined();
			expect(await asked()).toEqual([
				'GET /api/billing/sms/balance/ 200',
				`GET ${PAYMENTS}/${payment}/progress/ 200`,
			]);
			const unknown = await caught(() => run(paymentStatus(MISSING), jwt));
			expect(unknown.message).toBe(`The service has no payment with the ID "${MISSING}" [item 0]`);
			expect(await asked()).toEqual([
				'GET /api/billing/sms/balance/ 200',
				`GET ${PAYMENTS}/${MISSING}/progress/ 500`,
			]);
		});

		it('SMS → Get Status: 1 request for an existing message, 2 for an unknown one', async () => {
			const { message } = await records(profile);
			const [byLogin] = await run(messageStatus(message), jwt);
			expect(byLogin.message_id).toBe(message);
			expect(await asked()).toEqual([`GET /api/messaging/sms/${message}/status/ 200`]);
			const unknown = await caught(() => run(messageStatus(MISSING), jwt));
			expect(unknown.message).toBe(`The service has no message with the ID "${MISSING}" [item 0]`);
			// wild refuses the login's token on the integration routes; main has none.
			expect(await asked()).toEqual([
				`GET /api/messaging/sms/${MISSING}/status/ 404`,
				`GET /api/integration/v1/sms/status/${MISSING}/ ${profile === 'wild' ? 401 : 404}`,
			]);
		});
	},
);
