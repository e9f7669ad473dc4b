// End-to-end, issue 41: a request n8n itself refuses is not sent. With n8n's SSRF protection on
// (N8N_SSRF_PROTECTION_ENABLED=true, n8n 2.x; it blocks 127.0.0.0/8, where the sandbox listens), a Send's item is
// `notSent` with the allow-list advice, a Get Balance says the same, the credential test too, and the sandbox receives
// nothing. n8n 1.x has no SSRF protection: the file is skipped there.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { executeWorkflow, startN8n } from '../scripts/n8n/process.mjs';
import { ensureOwner } from '../scripts/n8n/rest.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { SANDBOX_API_KEY, SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../sandbox/server.mjs';
import { admin, CREDENTIALS, setupE2E } from './harness.mjs';
import { chain, node, smsNode } from './workflows.mjs';

const PROTECTED = { N8N_SSRF_PROTECTION_ENABLED: 'true' };
const HAS_SSRF_PROTECTION = Number(N8N_VERSION.split('.')[0]) >= 2;
const BLOCKED =
	/^n8n blocked the request to http:\/\/127\.0\.0\.1:\d+: its SSRF protection does not allow this address/;

/** A Send and a Get Balance with one credential, each with its error as an item. */
function workflow(
	/** @type {string} */ id,
	/** @type {{ id: string, name: string }} */ credential,
) {
	return chain(id, id, [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		smsNode(
			'Send',
			{
				resource: 'sms',
				operation: 'send',
				recipients: '+255700000001',
				message: 'Blocked before it leaves n8n',
				senderId: 'N8NDEMO',
			},
			{ credential },
		),
		smsNode('Get Balance', { resource: 'account', operation: 'getBalance' }, { credential }),
	]);
}

describe(
	`issue 41: n8n's SSRF protection in a real n8n ${N8N_VERSION}`,
	{
		skip: HAS_SSRF_PROTECTION ? false : 'n8n 1.x has no SSRF protection',
		timeout: 600_000,
	},
	() => {
		/** @type {Awaited<ReturnType<typeof setupE2E>>} */
		let e2e;

		before(async () => {
			e2e = await setupE2E({
				workflows: [
					workflow('e2eSsrfKey', CREDENTIALS.bearer),
					workflow('e2eSsrfLogin', CREDENTIALS.jwt),
				],
			});
		});

		after(async () => {
			await e2e?.cleanup();
		});

		for (const [label, id] of [
			['API key', 'e2eSsrfKey'],
			['Email and Password', 'e2eSsrfLogin'],
		]) {
			test(`${label}: Send is notSent with the allow-list advice, Get Balance says the same, the service receives nothing`, async () => {
				const sandbox = e2e.sandboxes.ops;
				await admin(sandbox, 'DELETE', '/requests');
				const result = await executeWorkflow(e2e.n8n, id, { env: PROTECTED });
				const send = result.nodes.Send.items[0];
				assert.match(send.error, BLOCKED, JSON.stringify(send));
				assert.equal(send.outcome, 'notSent');
				assert.match(send.description, /N8N_SSRF_ALLOWED_HOSTNAMES/);
				assert.match(send.description, /N8N_SSRF_ALLOWED_IP_RANGES/);
				assert.match(send.description, /never left n8n/);
				const balance = result.nodes['Get Balance'].items[0];
				assert.match(balance.error, BLOCKED, JSON.stringify(balance));
				assert.equal(
					(await admin(sandbox, 'GET', '/requests')).length,
					0,
					'the sandbox got no request',
				);
			});
		}

		test('the credential test says n8n blocked the address, for each mode', async () => {
			const server = await startN8n(e2e.n8n, { env: PROTECTED });
			try {
				const owner = await ensureOwner(server.url, {
					email: 'e2e-ssrf@example.com',
					password: 'E2e-password-1',
					firstName: 'E2E',
					lastName: 'Owner',
				});
				const url = e2e.sandboxes.ops.url;
				await admin(e2e.sandboxes.ops, 'DELETE', '/requests');
				let count = 0;
				for (const data of [
					{ baseUrl: url, authMethod: 'apiKeyBearer', apiKey: SANDBOX_API_KEY },
					{ baseUrl: url, authMethod: 'jwt', email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
				]) {
					const created = await owner.requestOk('POST', '/rest/credentials', {
						name: `E2E SSRF ${++count}`,
						type: 'smsPlatformApi',
						data,
					});
					const result = await owner.requestOk('POST', '/rest/credentials/test', {
						credentials: { id: created.id, name: created.name, type: 'smsPlatformApi', data },
					});
					process.stderr.write(
						`[e2e] ssrf credential test ${data.authMethod}: ${JSON.stringify(result)}\n`,
					);
					assert.equal(result.status, 'Error');
					assert.match(
						result.message,
						/blocked|restricted IP/i,
						`${data.authMethod}: ${result.message}`,
					);
				}
				assert.equal(
					(await admin(e2e.sandboxes.ops, 'GET', '/requests')).length,
					0,
					'the sandbox got no request',
				);
			} finally {
				await server.stop();
			}
		});
	},
);
