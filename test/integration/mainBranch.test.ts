/**
 * The real server's branch `main` (the sandbox's `main` profile, issue 51), with Email and Password: what it does not
 * offer is said as such, naming the operation; what it does differently works.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { SandboxProcess } from '../support/sandbox-process.cjs';
import {
	SANDBOX_EMAIL,
	SANDBOX_PASSWORD,
	startSandboxProcess,
} from '../support/sandbox-process.cjs';
import { caught, jwtCredentials, runNode } from '../support/harness';

const CONTACT = 'dedaa51f-ea46-59db-afaa-62e0e9876c0f';
const NOTIFICATION = '5eed0000-0000-4000-8000-000000000001';

let sandbox: SandboxProcess;
let jwt: ICredentialDataDecryptedObject;

beforeAll(async () => {
	sandbox = await startSandboxProcess({
		SANDBOX_PROFILE: 'main',
		SANDBOX_DELIVERY_DELAY_MS: 0,
		SANDBOX_PAYMENT_DELAY_MS: 0,
	});
	jwt = jwtCredentials({ baseUrl: sandbox.url, email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD });
});
afterAll(async () => await sandbox.stop());
beforeEach(async () => await sandbox.admin('POST', 'reset'));

const run = async (parameters: IDataObject, items?: IDataObject[]) =>
	(await runNode({ parameters, credentials: { ...jwt }, items })).output.map((o) => o.json);

describe('what main does not offer', () => {
	it.each([
		[
			'Add Tags',
			{ resource: 'contact', operation: 'addTags', contactId: CONTACT, tags: 'vip' },
			'POST /api/messaging/contacts/bulk-add-tags/',
		],
		[
			'Mark Read',
			{ resource: 'notification', operation: 'markRead', notificationId: NOTIFICATION },
			`POST /api/notifications/${NOTIFICATION}/mark-read/`,
		],
		[
			'Mark All Read',
			{ resource: 'notification', operation: 'markAllRead' },
			'POST /api/notifications/mark-all-read/',
		],
		[
			'Get Many',
			{ resource: 'notification', operation: 'getAll', returnAll: true },
			'GET /api/notifications/',
		],
		[
			'Get Many',
			{ resource: 'activity', operation: 'getRecent' },
			'GET /api/messaging/activity/recent/',
		],
	] as Array<[string, IDataObject, string]>)(
		'%s says this server does not offer it, and names the missing route once',
		async (label, parameters, route) => {
			const error = await caught(() => run(parameters));
			expect(error.message).toBe(`This server does not offer '${label}' [item 0]`);
			expect(error.description).toContain(`Request: ${route}`);
			expect(error.description).toMatch(/Some servers of this service do not have this route/);
			expect(error.description?.split(route).length).toBe(2);
		},
	);
});

describe('templates on main', () => {
	it("Create with Category 'utility' stores it as UTILITY; Update of an unknown ID says no template has it", async () => {
		const [made] = await run({
			resource: 'template',
			operation: 'create',
			name: 'Order ready',
			body: 'Your order is ready.',
			category: 'utility',
		});
		expect(made).toMatchObject({ name: 'Order ready', category: 'UTILITY' });
		expect(typeof made.id).toBe('string');
		const missing = '00000000-0000-4000-8000-000000000000';
		const error = await caught(() =>
			run({
				resource: 'template',
				operation: 'update',
				templateId: missing,
				updateFields: { name: 'X' },
			}),
		);
		expect(error.message).toBe(`The service has no template with the ID "${missing}" [item 0]`);
	});
});

describe('a payment the provider declined, on main and on wild', () => {
	it.each(['main', 'wild'])(
		'on %s: Buy Credits with Wait for Completion ends with the decline within two checks, one sync a check',
		async (profile) => {
			await sandbox.admin('POST', 'config', { profile });
			const running = runNode({
				parameters: {
					resource: 'account',
					operation: 'buyCredits',
					packageId: { __rl: true, mode: 'id', value: '320c20d2-d337-59e2-b3d8-13c37677f81c' },
					buyerEmail: 'buyer@example.com',
					buyerName: 'Buyer',
					buyerPhone: '0712345678',
					mobileMoneyProvider: 'vodacom',
					options: { waitForCompletion: true, pollInterval: 1, waitTimeout: 20 },
				},
				credentials: { ...jwt },
			});
			// The provider says no as soon as the payment exists (before the wait's first check, a second later).
			let id: string | undefined;
			for (let i = 0; i < 50 && !id; i++) {
				const payments = (await sandbox.admin('GET', 'payments')) as Array<{
					id: string;
					tenant_id: unknown;
				}>;
				id = payments.find((p) => p.tenant_id === null && !String(p.id).startsWith('5eed'))?.id;
				if (!id) await sleep(20);
			}
			expect(id).toBeDefined();
			await sandbox.admin('POST', `payments/${id}/provider`, { status: 'CANCELLED' });
			const [out] = (await running).output.map((o) => o.json);
			expect(out).toMatchObject({ transaction_id: id, status: 'failed', timedOut: false });
			const asked = (await sandbox.admin('GET', 'requests')) as Array<{
				method: string;
				path: string;
			}>;
			const checks = asked.filter((r) => r.path.endsWith('/progress/')).length;
			const syncs = asked.filter((r) => r.path === '/api/billing/payments/sync/').length;
			expect(checks).toBeLessThanOrEqual(2);
			expect(syncs).toBeLessThanOrEqual(checks);
			// The purchase route is the service's own: the wait needs no request to learn the server's routes.
			expect(asked.filter((r) => r.path === '/api/billing/sms/balance/')).toEqual([]);
		},
		30_000,
	);
});

describe('Contact → Create or Update on main (its bulk import takes CSV and creates nothing)', () => {
	it('3 items, one existing: all three stored, one output item each, 1 + 2 requests a contact', async () => {
		const [seeded] = await run({ resource: 'contact', operation: 'get', contactId: CONTACT });
		await sandbox.admin('DELETE', 'requests');
		const people = [
			{ name: 'Renamed Seed', phone: String(seeded.phone_e164) },
			{ name: 'Neema Mushi', phone: '+255712000111' },
			{ name: 'Juma Ali', phone: '+255712000222' },
		];
		const out = await run(
			{
				resource: 'contact',
				operation: 'upsert',
				name: '={{ $json.name }}',
				phone: '={{ $json.phone }}',
			},
			people,
		);
		expect(out.map((o) => o.action)).toEqual(['updated', 'created', 'created']);
		const asked = (await sandbox.admin('GET', 'requests')) as Array<{
			method: string;
			path: string;
		}>;
		const api = asked.filter((r) => r.path !== '/api/auth/login/');
		expect(api).toHaveLength(1 + 2 * 3);
		expect(api[0]).toMatchObject({ method: 'POST', path: '/api/messaging/contacts/bulk-import/' });
		for (const person of people) {
			const [found] = await run({
				resource: 'contact',
				operation: 'getAll',
				returnAll: false,
				limit: 1,
				filters: { search: person.phone },
			});
			expect(found).toMatchObject({ name: person.name, phone_e164: person.phone });
		}
	});
});
