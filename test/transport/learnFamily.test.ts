/**
 * Learn the server before concluding "no record" (issue 51). A service of the API reference behind a gateway that
 * answers every unknown route in the reference's own error body (`404 {"error": "Not found", "code": "not_found"}`):
 * with Email and Password the real service's route is asked first, and its 404 there says nothing yet about the
 * record. The run learns the server's family (the record asked on the other route, or, where that route may keep a
 * request waiting a minute on the real server, its balance route), then reads the record on the right route.
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

async function aPayment(): Promise<string> {
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
	await sandbox.admin('DELETE', 'requests');
	return String(payment.transaction_id);
}

describe("a gateway answering unknown routes in the reference's error body", () => {
	it('Payment → Get Status: the payment with Email and Password, learnt on the balance route, never the slow route first', async () => {
		const id = await aPayment();
		const status = { resource: 'payment', operation: 'getStatus', transactionId: id };
		const [byKey] = await run(status, apiKey);
		const withKey = await asked();
		expect(withKey).toEqual([`GET /api/billing/payments/transactions/${id}/status/ 200`]);

		const [byLogin] = await run(status, jwt);
		expect(byLogin).toMatchObject({ status: byKey.status, amount: byKey.amount });
		expect(await asked()).toEqual([
			`GET /api/billing/payments/transactions/${id}/progress/ 404`,
			'GET /api/billing/sms/balance/ 404',
			`GET /api/billing/payments/transactions/${id}/status/ 200`,
		]);
	});

	it('Payment → Get Status of an unknown payment says no payment has the ID', async () => {
		const error = await caught(() =>
			run({ resource: 'payment', operation: 'getStatus', transactionId: MISSING }, jwt),
		);
		expect(error.message).toBe(`The service has no payment with the ID "${MISSING}" [item 0]`);
		expect(await asked()).toEqual([
			`GET /api/billing/payments/transactions/${MISSING}/progress/ 404`,
			'GET /api/billing/sms/balance/ 404',
			`GET /api/billing/payments/transactions/${MISSING}/status/ 404`,
		]);
	});

	it('SMS → Get Status: that server has both routes; an unknown message is asked on the other route once', async () => {
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
		await sandbox.admin('DELETE', 'requests');
		const id = String(sent.message_id);
		const [byLogin] = await run({ resource: 'sms', operation: 'getStatus', messageId: id }, jwt);
		expect(byLogin.message_id).toBe(id);
		expect(await asked()).toEqual([`GET /api/messaging/sms/${id}/status/ 200`]);

		const error = await caught(() =>
			run({ resource: 'sms', operation: 'getStatus', messageId: MISSING }, jwt),
		);
		expect(error.message).toBe(`The service has no message with the ID "${MISSING}" [item 0]`);
		expect(await asked()).toEqual([
			`GET /api/messaging/sms/${MISSING}/status/ 404`,
			`GET /api/integration/v1/sms/status/${MISSING}/ 404`,
		]);
	});
});
