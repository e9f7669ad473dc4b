/**
 * Which credential each operation needs, measured (issue 45). Every operation of the action node and every event of the
 * trigger runs with an API key and with the email and password login against the sandbox's servers: `documented`
 * (the API reference's routes only, either credential everywhere), `wild` (as the service's own code answers: an API
 * key on the integration routes only, the login everywhere else) and `main` (its branch main, issue 51). The matrix is docs/real-servers.md's table, and what
 * each operation's description (the Operation dropdown's subtext, the trigger's Trigger On) says of the credentials must
 * be what the matrix shows: a claim made false by a change to the node, its routes or the sandbox fails here.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeProperties } from 'n8n-workflow';

import { SmsPlatform } from '../../nodes/SmsPlatform/SmsPlatform.node';
import { SmsPlatformTrigger } from '../../nodes/SmsPlatform/SmsPlatformTrigger.node';
import {
	NEEDS_LOGIN,
	SOME_REFUSE_API_KEY,
	SOME_REFUSE_LOGIN,
} from '../../nodes/SmsPlatform/helpers/descriptions';
import { credentialTest } from '../support/credentialTest';
import { doc, readme } from '../support/readme.cjs';
import type { SandboxProcess } from '../support/sandbox-process.cjs';
import {
	SANDBOX_KEY,
	SANDBOX_EMAIL,
	SANDBOX_PASSWORD,
	startSandboxProcess,
} from '../support/sandbox-process.cjs';
import { apiKeyCredentials, jwtCredentials, pollTrigger, runNode } from '../support/harness';

/** The sandbox's seeded records (sandbox/fixtures.mjs SEED_IDS; templates and notifications by seedUuid). */
const SEED = {
	campaign: 'cccd688d-2b90-50e6-a129-812296e117df',
	contact: 'dedaa51f-ea46-59db-afaa-62e0e9876c0f',
	tenant: 'a455fe1c-db11-528c-9844-e84add799cc3',
	package: '320c20d2-d337-59e2-b3d8-13c37677f81c',
	template: '2e69a7f8-b797-5d0a-9a8e-251140573611',
	notification: '97393ce0-a645-5643-b930-110342e03a2d',
};
/** An id on a server without the route: any will do, the route is missing whatever it names. */
const NO_RECORD = '00000000-0000-4000-8000-000000000000';

type Profile = 'documented' | 'wild' | 'main';
type Kind = 'apiKey' | 'login';
/** Measured, each a pair of columns in the table. */
const PROFILES: Profile[] = ['documented', 'wild', 'main'];
/**
 * What the descriptions' claims are checked on. `main` (the service's branch main) has no integration routes, so an
 * API key gets in nowhere there, as on a server that refuses every API key (see the last tests); its login is checked
 * against wild's below.
 */
const CLAIM_PROFILES: Profile[] = ['documented', 'wild'];
const KINDS: Kind[] = ['apiKey', 'login'];

/** The records an operation works on, made afresh (without the node) before each run. */
interface Records {
	messageId: string;
	transactionId: string;
	requestId: string;
}
type Parameters = (records: Records) => IDataObject;

const rl = (value: string, mode = 'id') => ({ __rl: true, mode, value });
const buyer = {
	buyerEmail: 'buyer@example.com',
	buyerName: 'Buyer',
	buyerPhone: '0712345678',
	mobileMoneyProvider: 'vodacom',
};
const list = () => ({ returnAll: false, limit: 5 });

/** Each operation's parameters, which succeed wherever the server has the operation and takes the credential. */
const PARAMETERS: Record<string, Parameters> = {
	'account.buyCredits': () => ({ packageId: rl(SEED.package), ...buyer }),
	'account.getBalance': () => ({}),
	'activity.getRecent': () => ({ limit: 3 }),
	'billing.getHistory': list,
	'billing.getSummary': () => ({ period: '30d' }),
	'billing.getUsage': list,
	'campaign.getAnalytics': () => ({ campaignId: SEED.campaign }),
	'contact.addTags': () => ({ contactId: SEED.contact, tags: 'vip' }),
	'contact.create': () => ({ name: 'Neema Mushi', phone: '+255712000111' }),
	'contact.delete': () => ({ contactId: SEED.contact }),
	'contact.get': () => ({ contactId: SEED.contact }),
	'contact.getAll': list,
	'contact.optIn': () => ({ contactId: SEED.contact }),
	'contact.optOut': () => ({ contactId: SEED.contact }),
	'contact.update': () => ({ contactId: SEED.contact, updateFields: { name: 'Amina J. Juma' } }),
	'contact.upsert': () => ({ name: 'Neema Mushi', phone: '+255712000112' }),
	'dashboard.getMetrics': () => ({ period: '30d' }),
	'notification.getAll': list,
	'notification.markAllRead': () => ({}),
	'notification.markRead': () => ({ notificationId: SEED.notification }),
	'organization.getAll': list,
	'partnerTenant.create': () => ({
		tenantName: 'Claims Test Ltd',
		ownerEmail: 'owner@example.com',
		ownerName: 'Owner',
		contactPhone: '+255712345678',
	}),
	'partnerTenant.initiatePayment': () => ({
		tenantId: SEED.tenant,
		packageId: rl(SEED.package),
		...buyer,
	}),
	'payment.getStatus': ({ transactionId }) => ({ transactionId }),
	'senderId.getAll': list,
	'senderId.request': () => ({ senderId: 'CLAIMS', sampleMessage: 'Your order is ready' }),
	'senderIdRequest.get': ({ requestId }) => ({ requestId }),
	'senderIdRequest.getAll': list,
	'sms.getDetails': ({ messageId }) => ({ messageId }),
	'sms.getStats': () => ({}),
	'sms.getStatus': ({ messageId }) => ({ messageId }),
	'sms.send': () => ({
		recipients: '+255712345678',
		message: 'Hello',
		senderId: rl('N8NDEMO', 'name'),
	}),
	'smsPackage.getAll': list,
	'template.create': () => ({
		name: 'Claims test',
		body: 'Your order is ready',
		category: 'utility',
	}),
	'template.delete': () => ({ templateId: rl(SEED.template) }),
	'template.get': () => ({ templateId: rl(SEED.template) }),
	'template.getAll': list,
	'template.update': () => ({
		templateId: rl(SEED.template),
		updateFields: { name: 'Order ready (claims)' },
	}),
	'trigger.lowBalance': () => ({ threshold: 100 }),
	'trigger.newNotification': () => ({}),
	'trigger.paymentCompleted': () => ({}),
	'trigger.senderIdDecided': () => ({}),
};

interface Operation {
	/** `resource.operation`, or `trigger.event`. */
	key: string;
	/** As the editor shows it: `Contact → Get`, `Trigger On → Low Balance`. */
	label: string;
	/** The dropdown's subtext, where the user picks it. */
	description: string;
	resource: string;
	parameters: Parameters;
}

type Option = { name: string; value: string; description?: string };
const optionsOf = (property: INodeProperties | undefined) => (property?.options ?? []) as Option[];
const action = new SmsPlatform().description.properties;
const resources = optionsOf(action.find((property) => property.name === 'resource'));
const parametersOf = (key: string): Parameters =>
	PARAMETERS[key] ??
	(() => {
		throw new Error(`${key}: add its parameters to PARAMETERS in this test`);
	});

/** Every operation of the action node and every event of the trigger, as the editor lists them. */
const OPERATIONS: Operation[] = [
	...resources.flatMap((resource) =>
		optionsOf(
			action.find(
				(property) =>
					property.name === 'operation' &&
					property.displayOptions?.show?.resource?.includes(resource.value),
			),
		).map((operation) => ({
			key: `${resource.value}.${operation.value}`,
			label: `${resource.name} → ${operation.name}`,
			description: String(operation.description),
			resource: resource.value,
			parameters: (records: Records) => ({
				resource: resource.value,
				operation: operation.value,
				...parametersOf(`${resource.value}.${operation.value}`)(records),
			}),
		})),
	),
	...optionsOf(
		new SmsPlatformTrigger().description.properties.find((property) => property.name === 'event'),
	).map((event) => ({
		key: `trigger.${event.value}`,
		label: `Trigger On → ${event.name}`,
		description: String(event.description),
		resource: 'trigger',
		parameters: (records: Records) => ({
			event: event.value,
			...parametersOf(`trigger.${event.value}`)(records),
		}),
	})),
];

/**
 * One run's outcome: it worked; the route refused the credential's kind (the node's own fact, transport/errors.ts); the
 * server has no route for it (the sandbox answered every request 404, or 405 for a method the path does not take);
 * anything else, which the parameters here should not meet.
 */
type Outcome = 'ok' | 'refused' | 'notAccepted' | 'missing' | `other: ${string}`;
type Row = Record<Profile, Record<Kind, Outcome>>;

/** What a description says of the credentials: one of the shared claims (helpers/descriptions.ts), or nothing. */
const CLAIMS = {
	needsLogin: NEEDS_LOGIN,
	someRefuseApiKey: SOME_REFUSE_API_KEY,
	someRefuseLogin: SOME_REFUSE_LOGIN,
} as const;
type Claim = keyof typeof CLAIMS | 'nothing';

function claimsIn(description: string): Claim[] {
	const found = (Object.keys(CLAIMS) as Array<keyof typeof CLAIMS>).filter((claim) =>
		description.includes(`(${CLAIMS[claim]})`),
	);
	return found.length ? found : ['nothing'];
}

/**
 * The one claim true of a row on every server that has the operation (a server without it fails either credential
 * alike, saying it has no such endpoint): nothing when either credential works on all of them; NEEDS_LOGIN when the
 * login works on all and an API key on none; SOME_REFUSE_API_KEY when the login works on all and an API key on some
 * only; SOME_REFUSE_LOGIN the other way round. Anything else is a row no claim describes, said as such.
 */
function claimOf(row: Row): Claim | string {
	const servers = CLAIM_PROFILES.filter(
		(p) => row[p].apiKey !== 'missing' || row[p].login !== 'missing',
	);
	if (!servers.length) return 'on no server';
	const odd = servers.filter((p) =>
		KINDS.some((kind) => !['ok', 'refused'].includes(row[p][kind])),
	);
	if (odd.length) return `not a matter of credentials on ${odd.join(', ')}`;
	const worksOn = (kind: Kind) => servers.filter((p) => row[p][kind] === 'ok').length;
	const all = servers.length;
	if (worksOn('apiKey') === all && worksOn('login') === all) return 'nothing';
	if (worksOn('login') === all) return worksOn('apiKey') === 0 ? 'needsLogin' : 'someRefuseApiKey';
	if (worksOn('apiKey') === all && worksOn('login') > 0) return 'someRefuseLogin';
	return 'a row no claim describes: add one to helpers/descriptions.ts';
}

/** How docs/real-servers.md writes an outcome. */
const CELL: Record<string, string> = {
	ok: '✓',
	refused: 'refused',
	notAccepted: 'not accepted',
	missing: 'no route',
};
const TABLE_HEAD = [
	'| Operation | documented: API key | documented: login | wild: API key | wild: login | main: API key | main: login | The description says |',
	'| --- | --- | --- | --- | --- | --- | --- | --- |',
];

/** The sandbox's answer to one request, as JSON. */
async function call(
	url: string,
	method: string,
	headers: Record<string, string>,
	body?: IDataObject,
): Promise<IDataObject> {
	const response = await fetch(url, {
		method,
		headers: { 'content-type': 'application/json', ...headers },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return (await response.json()) as IDataObject;
}

describe('which credential each operation needs, measured on each sandbox profile (issues 45, 51)', () => {
	const sandboxes = {} as Record<Profile, SandboxProcess>;
	const matrix: Record<string, Row> = {};
	const measured = () => OPERATIONS.every((o) => PROFILES.every((p) => matrix[o.key]?.[p]));

	/** A message, a payment and (where the server has them) a sender ID request; on main, made as on wild. */
	async function records(profile: Profile): Promise<Records> {
		const sandbox = sandboxes[profile];
		if (profile === 'main') await sandbox.admin('POST', 'config', { profile: 'wild' });
		const key = { authorization: `Bearer ${SANDBOX_KEY}` };
		await call(`${sandbox.url}/api/integration/v1/sms/send/`, 'POST', key, {
			message: 'Hello',
			recipients: ['+255712345678'],
			sender_id: 'N8NDEMO',
		});
		await call(
			`${sandbox.url}/api/integration/v1/partner/tenants/${SEED.tenant}/payments/initiate/`,
			'POST',
			key,
			{
				package_id: SEED.package,
				buyer_email: buyer.buyerEmail,
				buyer_name: buyer.buyerName,
				buyer_phone: buyer.buyerPhone,
				mobile_money_provider: buyer.mobileMoneyProvider,
			},
		);
		const messages = (await sandbox.admin('GET', 'messages')) as IDataObject[];
		const payments = (await sandbox.admin('GET', 'payments')) as IDataObject[];
		let requestId = NO_RECORD;
		if (profile !== 'documented') {
			const login = await call(
				`${sandbox.url}/api/auth/login/`,
				'POST',
				{},
				{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
			);
			const bearer = { authorization: `Bearer ${(login.tokens as IDataObject).access as string}` };
			await call(`${sandbox.url}/api/messaging/sender-requests/submit/`, 'POST', bearer, {
				requested_sender_id: 'CLAIMSREQ',
				sample_content: 'Your order is ready',
				request_type: 'custom',
			});
			const requests = await call(`${sandbox.url}/api/messaging/sender-requests/`, 'GET', bearer);
			requestId = (requests.results as IDataObject[])[0].id as string;
		}
		if (profile === 'main') await sandbox.admin('POST', 'config', { profile: 'main' });
		return {
			messageId: messages[messages.length - 1].id as string,
			transactionId: payments[payments.length - 1].id as string,
			requestId,
		};
	}

	function credentialsFor(profile: Profile, kind: Kind): ICredentialDataDecryptedObject {
		const baseUrl = sandboxes[profile].url;
		return kind === 'apiKey'
			? apiKeyCredentials('apiKeyBearer', { baseUrl, apiKey: SANDBOX_KEY })
			: jwtCredentials({ baseUrl, email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD });
	}

	/**
	 * One operation with one credential on one server, from the sandbox's seed; with `refuseApiKeys`, on a `wild` server
	 * that refuses every API key (and the login on its integration routes), as the service's code is published.
	 */
	async function measure(
		profile: Profile,
		kind: Kind,
		operation: Operation,
		refuseApiKeys = false,
	): Promise<Outcome> {
		const sandbox = sandboxes[profile];
		await sandbox.admin('POST', 'reset');
		const parameters = operation.parameters(await records(profile));
		// After the records, which are made with an API key; the next reset clears it.
		if (refuseApiKeys) await sandbox.admin('POST', 'config', { refuseApiKeys });
		await sandbox.admin('DELETE', 'requests');
		const credentials = credentialsFor(profile, kind);
		try {
			if (operation.resource === 'trigger') await pollTrigger({ parameters, credentials });
			else await runNode({ parameters, credentials });
			return 'ok';
		} catch (error) {
			const { message, credentialRefused } = error as Error & { credentialRefused?: boolean };
			if (credentialRefused) return 'refused';
			const asked = (await sandbox.admin('GET', 'requests')) as Array<{
				path: string;
				status: number;
			}>;
			const statuses = asked.filter((r) => r.path !== '/api/auth/login/').map((r) => r.status);
			if (statuses.length && statuses.every((status) => status === 404 || status === 405))
				return 'missing';
			// main: no route takes an API key (401 on the server's own, none of the integration routes).
			if (statuses.includes(401) && statuses.every((status) => [401, 404, 405].includes(status)))
				return 'notAccepted';
			return `other: ${message} (HTTP ${statuses.join(', ')})`;
		}
	}

	beforeAll(async () => {
		for (const profile of PROFILES) {
			sandboxes[profile] = await startSandboxProcess({
				SANDBOX_PROFILE: profile,
				SANDBOX_DELIVERY_DELAY_MS: 0,
				SANDBOX_PAYMENT_DELAY_MS: 0,
			});
		}
	});

	afterAll(async () => {
		await Promise.all(PROFILES.map(async (profile) => await sandboxes[profile]?.stop()));
	});

	it('knows the parameters of every operation and trigger event', () => {
		expect(OPERATIONS.length).toBe(38 + 4);
		expect(OPERATIONS.map((o) => o.key).sort()).toEqual(Object.keys(PARAMETERS).sort());
	});

	it.each(PROFILES)(
		'runs every operation and trigger event on the %s profile with an API key and with the login',
		async (profile) => {
			for (const operation of OPERATIONS) {
				matrix[operation.key] ??= {} as Row;
				matrix[operation.key][profile] = {} as Record<Kind, Outcome>;
				for (const kind of KINDS)
					matrix[operation.key][profile][kind] = await measure(profile, kind, operation);
			}
		},
		240_000,
	);

	it('docs/real-servers.md shows the matrix as measured', () => {
		expect(measured()).toBe(true);
		const rows = OPERATIONS.map(
			(o) =>
				`| ${[
					o.label,
					...PROFILES.flatMap((p) =>
						KINDS.map((kind) => CELL[matrix[o.key][p][kind]] ?? matrix[o.key][p][kind]),
					),
					claimsIn(o.description)
						.map((claim) => (claim === 'nothing' ? '—' : CLAIMS[claim]))
						.join(', '),
				].join(' | ')} |`,
		);
		const lines = doc('real-servers.md').split('\n');
		const start = lines.findIndex((line) => line.replace(/ +/g, ' ') === TABLE_HEAD[0]);
		const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
		const table = start === -1 ? [] : lines.slice(start, end === -1 ? undefined : end);
		// Cell by cell: prettier pads a table's columns to one width.
		const cells = (line: string) =>
			line.split('|').map((cell) => (/^\s*-+\s*$/.test(cell) ? '---' : cell.trim()));
		expect(table.map(cells)).toEqual([...TABLE_HEAD, ...rows].map(cells));
	});

	it.each(OPERATIONS.map((o) => [o.label, o] as const))(
		'%s: its description says of the credentials what is true on documented and wild',
		(_label, operation) => {
			expect(measured()).toBe(true);
			expect({ [operation.label]: claimsIn(operation.description) }).toEqual({
				[operation.label]: [claimOf(matrix[operation.key])],
			});
		},
	);

	it("a server that refuses every API key (the service's code as published): the key's credential test fails, and the login works as on wild", async () => {
		expect(measured()).toBe(true);
		await sandboxes.wild.admin('POST', 'config', { refuseApiKeys: true });
		const verdict = await credentialTest(credentialsFor('wild', 'apiKey'));
		expect(verdict.status).toBe('Error');
		const login: Record<string, Outcome> = {};
		const onWild: Record<string, Outcome> = {};
		for (const operation of OPERATIONS) {
			login[operation.label] = await measure('wild', 'login', operation, true);
			onWild[operation.label] = matrix[operation.key].wild.login;
		}
		expect(login).toEqual(onWild);
	}, 60_000);

	it('on main the login works where it works on wild, but for the routes main does not have; an API key nowhere', () => {
		expect(measured()).toBe(true);
		const differs = OPERATIONS.filter((o) => matrix[o.key].main.login !== matrix[o.key].wild.login);
		expect(Object.fromEntries(differs.map((o) => [o.label, matrix[o.key].main.login]))).toEqual({
			'Activity → Get Many': 'missing',
			'Contact → Add Tags': 'missing',
			'Notification → Get Many': 'missing',
			'Notification → Mark All Read': 'missing',
			'Notification → Mark Read': 'missing',
			'Partner Tenant → Create': 'missing',
			'Partner Tenant → Initiate Payment': 'missing',
			'Trigger On → New Notification': 'missing',
		});
		expect(OPERATIONS.filter((o) => matrix[o.key].main.apiKey === 'ok')).toEqual([]);
	});

	it("README's 'Which one to choose' names the operations an API key works with on the service's own code", () => {
		expect(measured()).toBe(true);
		const paragraph =
			/\*\*Which one to choose\.\*\*([\s\S]*?)\n\n/.exec(readme())?.[1].replace(/\s+/g, ' ') ?? '';
		const named = [...paragraph.matchAll(/_([^_]+ → [^_]+)_/g)].map((match) => match[1]);
		const withKey = OPERATIONS.filter((o) => matrix[o.key].wild.apiKey === 'ok').map(
			(o) => o.label,
		);
		expect(named.sort()).toEqual(withKey.sort());
		// "unless you onboard partner tenants: those two operations need an API key on the service's own code"
		const notWithLogin = OPERATIONS.filter((o) => matrix[o.key].wild.login !== 'ok').map(
			(o) => o.label,
		);
		expect(notWithLogin).toEqual(['Partner Tenant → Create', 'Partner Tenant → Initiate Payment']);
	});

	it('a resource that says something of the credentials says what all its operations share', () => {
		expect(measured()).toBe(true);
		const said = resources
			.map((resource) => ({ resource, claim: claimsIn(String(resource.description)) }))
			.filter(({ claim }) => claim[0] !== 'nothing');
		// Contact, Sender ID, Sender ID Request, Template, Partner Tenant: the resources of the service's own routes and
		// the one whose operations some servers refuse the login.
		expect(said.map(({ resource }) => resource.name).sort()).toEqual([
			'Contact',
			'Partner Tenant',
			'Sender ID',
			'Sender ID Request',
			'Template',
		]);
		for (const { resource, claim } of said) {
			const claims = new Set(
				OPERATIONS.filter((o) => o.resource === resource.value).map((o) => claimOf(matrix[o.key])),
			);
			// The weakest claim true of each: "needs" and "some servers refuse" the API key share the latter.
			const shared =
				claims.size === 1
					? [...claims][0]
					: [...claims].every((c) => c === 'needsLogin' || c === 'someRefuseApiKey')
						? 'someRefuseApiKey'
						: 'nothing';
			expect({ [resource.name]: claim }).toEqual({ [resource.name]: [shared] });
		}
	});
});
