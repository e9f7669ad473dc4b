import type { SandboxProcess } from '../support/sandbox-process.cjs';
import { SANDBOX_KEY, startSandboxProcess } from '../support/sandbox-process.cjs';
import { apiKeyCredentials, jwtCredentials, runNode } from '../support/harness';

describe('the node against the sandbox over real HTTP', () => {
	let sandbox: SandboxProcess;

	beforeAll(async () => {
		sandbox = await startSandboxProcess({ SANDBOX_DELIVERY_DELAY_MS: 0 });
	});

	afterAll(async () => {
		await sandbox.stop();
	});

	beforeEach(async () => {
		await sandbox.admin('POST', 'reset');
	});

	it('sends with the X-API-Key header and reads the status back with a JWT login', async () => {
		const sent = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'send',
				recipients: '+255712345678',
				message: 'Integration hello',
				senderId: 'ACME',
			},
			credentials: apiKeyCredentials('apiKeyHeader', {
				baseUrl: `${sandbox.url}/`,
				apiKey: SANDBOX_KEY,
			}),
		});
		const messageId = sent.output[0].json.message_id as string;
		expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
		const status = await runNode({
			parameters: { resource: 'sms', operation: 'getStatus', messageId },
			credentials: jwtCredentials({
				baseUrl: sandbox.url,
				email: 'demo@sandbox.test',
				password: 'sandbox-password',
			}),
		});
		expect(status.output[0].json).toMatchObject({ message_id: messageId, status: 'delivered' });
		expect(status.helper.logins).toBe(1);
		const messages = await sandbox.admin('GET', 'messages');
		expect(JSON.stringify(messages)).toContain('Integration hello');
	});
});
