/**
 * The real server's branch `main` (the sandbox's `main` profile, issue 51), with Email and Password: what it does not
 * offer is said as such, naming the operation; what it does differently works.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

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
