/**
 * Secrets never leave the credential: the API key, the password and the JWT access tokens must not appear in any
 * output item, error message, error description, error context, or log line, on success and on every failure path
 * (401, a refused login, 5xx, network errors, Continue On Fail error items, JWT mode), even when the service or a
 * proxy echoes them back. The test scans everything it produces for the secret values.
 */
import nock from 'nock';
import { ExecuteContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

import {
	API_KEY,
	BASE_URL,
	PASSWORD,
	TestCredentialsHelper,
	apiKeyCredentials,
	jwtCredentials,
	listSearch,
	pollTrigger,
	runNode,
} from '../support/harness';

const FIRST_TOKEN = [
	'eyJhbGciOiJIUzI1NiJ9',
	'eyJzdWIiOiJvcHMiLCJuIjoxfQ',
	'c2lnbmF0dXJlLW9uZQ',
].join('.');
const SECOND_TOKEN = [
	'eyJhbGciOiJIUzI1NiJ9',
	'eyJzdWIiOiJvcHMiLCJuIjoyfQ',
	'c2lnbmF0dXJlLXR3bw',
].join('.');
const SECRETS = [API_KEY, PASSWORD, FIRST_TOKEN, SECOND_TOKEN];

const BALANCE = '/api/integration/v1/sms/balance/';
const SEND = '/api/integration/v1/sms/send/';
const HISTORY = '/api/billing/history/';
const LOGIN = '/api/auth/login/';

const getBalance = { resource: 'account', operation: 'getBalance' };
const sendSms = {
	resource: 'sms',
	operation: 'send',
	recipients: '={{ $json.to }}',
	message: 'Hi',
	senderId: 'ACME',
};
const getHistory = { resource: 'billing', operation: 'getHistory', returnAll: true };

/** Everything the suite produced, scanned at the end of each test and of the file. */
const produced: Array<{ where: string; text: string }> = [];
let scanned = 0;

/** JSON of anything, errors included (their non-enumerable message, stack, cause...), cycles cut. */
function dump(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, function (_key, v: unknown) {
		if (v && typeof v === 'object') {
			if (seen.has(v)) return '[cycle]';
			seen.add(v);
			if (v instanceof Error) {
				const e = v as Error & IDataObject;
				return {
					...Object.fromEntries(Object.entries(e)),
					name: e.name,
					message: e.message,
					stack: e.stack,
					description: e.description,
					context: e.context,
					messages: e.messages,
					cause: e.cause,
				};
			}
		}
		return typeof v === 'bigint' ? String(v) : v;
	});
}

function record(where: string, value: unknown): void {
	produced.push({ where, text: typeof value === 'string' ? value : dump(value) });
}

function leaks(): string[] {
	const found: string[] = [];
	for (const { where, text } of produced) {
		scanned++;
		for (const secret of SECRETS) {
			for (const form of new Set([
				secret,
				encodeURIComponent(secret),
				JSON.stringify(secret).slice(1, -1),
			])) {
				if (text.includes(form))
					found.push(
						`${where}: …${text.slice(Math.max(0, text.indexOf(form) - 60), text.indexOf(form) + 20)}…`,
					);
			}
		}
	}
	return found;
}

// Every log line n8n-core writes: the backend logger (the one a node's `this.logger` is), which n8n-workflow's
// LoggerProxy also writes to. Its output (winston) is replaced by a recorder; levels below the configured one are
// no-ops in n8n itself and write nothing.
const logLines: unknown[][] = [];

beforeAll(() => {
	let proto: object | null = ExecuteContext.prototype;
	let getter: (() => unknown) | undefined;
	while (proto && !getter) {
		getter = Object.getOwnPropertyDescriptor(proto, 'logger')?.get;
		proto = Object.getPrototypeOf(proto) as object | null;
	}
	const logger = getter?.call({}) as
		| { setInternalLogger(l: unknown): void; info(m: string): void }
		| undefined;
	expect(logger).toBeDefined();
	const recorder = {
		log: (...args: unknown[]) => logLines.push(args),
		child: () => recorder,
	};
	logger?.setInternalLogger(recorder);
	LoggerProxy.info('log capture on');
	expect(logLines).toHaveLength(1);
	logLines.length = 0;
});

afterEach(() => {
	for (const line of logLines.splice(0)) record('log line', line);
	const found = leaks();
	produced.length = 0;
	expect(found).toEqual([]);
});

interface Scenario {
	name: string;
	parameters: IDataObject;
	items?: IDataObject[];
	credentials: () => ICredentialDataDecryptedObject;
	mock: () => void;
	/** Whether at least one item fails. */
	fails: boolean;
}

const headerEcho = `Authorization: Bearer ${API_KEY}\nX-API-Key: ${API_KEY}`;

const scenarios: Scenario[] = [
	{
		name: 'API key refused (401) by a server that quotes the key',
		parameters: getBalance,
		credentials: () => apiKeyCredentials('apiKeyBearer'),
		mock: () =>
			nock(BASE_URL)
				.get(BALANCE)
				.reply(401, {
					error: `Invalid API key ${API_KEY}`,
					code: 'authentication_failed',
					details: { received: `Bearer ${API_KEY}` },
				}),
		fails: true,
	},
	{
		name: 'X-API-Key refused (403) with a plain-text echo',
		parameters: getBalance,
		credentials: () => apiKeyCredentials('apiKeyHeader'),
		mock: () =>
			nock(BASE_URL)
				.get(BALANCE)
				.reply(403, `Forbidden: key ${API_KEY} lacks scope`, { 'Content-Type': 'text/plain' }),
		fails: true,
	},
	{
		name: '5xx debug page listing the request headers (GET, retried)',
		parameters: getBalance,
		credentials: () => apiKeyCredentials('apiKeyBearer'),
		mock: () =>
			nock(BASE_URL)
				.get(BALANCE)
				.times(4)
				.reply(
					500,
					`<html><head><title>Error ${headerEcho}</title></head><body><pre>${headerEcho}</pre></body></html>`,
					{
						'Content-Type': 'text/html',
					},
				),
		fails: true,
	},
	{
		name: '5xx on a send with a DRF-style body quoting the key (not retried)',
		parameters: sendSms,
		items: [{ to: '+255712345678' }, { to: '+255712345679' }],
		credentials: () => apiKeyCredentials('apiKeyBearer'),
		mock: () =>
			nock(BASE_URL)
				.post(SEND)
				.times(2)
				.reply(502, {
					non_field_errors: [`upstream refused ${API_KEY}`],
					authorization: [`Bearer ${API_KEY}`],
				}),
		fails: true,
	},
	{
		name: 'a 429 whose message quotes the key',
		parameters: { ...getBalance, requestOptions: { maxRateLimitWait: 1 } },
		credentials: () => apiKeyCredentials('apiKeyHeader'),
		mock: () =>
			nock(BASE_URL)
				.get(BALANCE)
				.reply(429, { error: `Rate limit exceeded for ${API_KEY}` }, { 'Retry-After': '3600' }),
		fails: true,
	},
	{
		name: 'a network error whose text quotes the request headers',
		parameters: getBalance,
		credentials: () => apiKeyCredentials('apiKeyBearer'),
		mock: () =>
			nock(BASE_URL)
				.get(BALANCE)
				.times(4)
				.replyWithError(new Error(`proxy refused the request: ${headerEcho}`)),
		fails: true,
	},
	{
		name: 'connection refused on a send (a closed port)',
		parameters: sendSms,
		items: [{ to: '+255712345678' }],
		credentials: () => apiKeyCredentials('apiKeyBearer', { baseUrl: 'http://127.0.0.1:9' }),
		mock: () => undefined,
		fails: true,
	},
	{
		name: 'a timeout on a send',
		parameters: { ...sendSms, requestOptions: { timeout: 1 } },
		items: [{ to: '+255712345678' }],
		credentials: () => apiKeyCredentials('apiKeyHeader'),
		mock: () =>
			nock(BASE_URL)
				.post(SEND)
				.delay(1500)
				.reply(200, { success: true, message_id: `m-${API_KEY}` }),
		fails: true,
	},
	{
		name: 'a success answer that echoes the key',
		parameters: getBalance,
		credentials: () => apiKeyCredentials('apiKeyBearer'),
		mock: () =>
			nock(BASE_URL)
				.get(BALANCE)
				.reply(200, {
					balance: 5,
					currency: 'TZS',
					debug: { authorization: `Bearer ${API_KEY}`, keys: [API_KEY] },
				}),
		fails: false,
	},
	{
		name: 'a list whose records echo the key',
		parameters: getHistory,
		credentials: () => apiKeyCredentials('apiKeyHeader'),
		mock: () =>
			nock(BASE_URL)
				.get(HISTORY)
				.query(true)
				.reply(200, {
					count: 2,
					next: null,
					results: [{ id: 'r1', note: `key ${API_KEY}` }, { id: 'r2' }],
				}),
		fails: false,
	},
	{
		name: 'sends that succeed, and one with an invalid number (Continue On Fail error item)',
		parameters: sendSms,
		items: [{ to: '+255712345678' }, { to: 'not a number' }, { to: '+255712345679' }],
		credentials: () => apiKeyCredentials('apiKeyBearer'),
		mock: () =>
			nock(BASE_URL)
				.post(SEND)
				.times(2)
				.reply(200, { success: true, message_id: 'm1', status: 'sent' }),
		fails: true,
	},
	{
		name: 'JWT: wrong password, the login answer quotes it',
		parameters: getBalance,
		credentials: () => jwtCredentials(),
		mock: () =>
			nock(BASE_URL)
				.post(LOGIN)
				.reply(401, {
					error: 'Invalid email or password',
					received: { email: 'ops@example.com', password: PASSWORD },
				}),
		fails: true,
	},
	{
		name: 'JWT: the login fails with a 500 page quoting the password',
		parameters: getBalance,
		credentials: () => jwtCredentials(),
		mock: () =>
			nock(BASE_URL).post(LOGIN).reply(500, `<html><body>password=${PASSWORD}</body></html>`, {
				'Content-Type': 'text/html',
			}),
		fails: true,
	},
	{
		name: 'JWT: the login connection breaks with a message quoting the body',
		parameters: getBalance,
		credentials: () => jwtCredentials(),
		mock: () =>
			nock(BASE_URL)
				.post(LOGIN)
				.replyWithError(new Error(`proxy dropped the request body {"password":"${PASSWORD}"}`)),
		fails: true,
	},
	{
		name: 'JWT: token expired (401 quoting it), re-login, then a 500 quoting the new token',
		parameters: getBalance,
		credentials: () => jwtCredentials({ accessToken: FIRST_TOKEN }),
		mock: () => {
			nock(BASE_URL).post(LOGIN).reply(200, { access_token: SECOND_TOKEN });
			nock(BASE_URL)
				.get(BALANCE)
				.times(6)
				.reply(function () {
					const auth = String(this.req.headers.authorization);
					return auth.endsWith(SECOND_TOKEN)
						? [500, { error: `Internal error for ${auth}` }]
						: [401, { detail: `Token ${FIRST_TOKEN} expired`, code: 'token_not_valid' }];
				});
		},
		fails: true,
	},
	{
		name: 'JWT: both tokens refused, the 401 quotes the header',
		parameters: getBalance,
		credentials: () => jwtCredentials({ accessToken: FIRST_TOKEN }),
		mock: () => {
			nock(BASE_URL).post(LOGIN).times(2).reply(200, { access: SECOND_TOKEN });
			nock(BASE_URL)
				.get(BALANCE)
				.times(6)
				.reply(function () {
					return [401, { detail: `Bad token: ${String(this.req.headers.authorization)}` }];
				});
		},
		fails: true,
	},
	{
		// An operation whose answer is output as it came (the login's balance route is read into two fields only).
		name: 'JWT: login, then a success answer echoing the token',
		parameters: { resource: 'sms', operation: 'getStats' },
		credentials: () => jwtCredentials(),
		mock: () => {
			nock(BASE_URL)
				.post(LOGIN)
				.reply(200, { tokens: { access: FIRST_TOKEN, refresh: SECOND_TOKEN } });
			nock(BASE_URL)
				.get('/api/messaging/sms/stats/')
				.reply(200, { success: true, stats: { total_sent: 9, session: FIRST_TOKEN } });
		},
		fails: false,
	},
];

describe('secrets in outputs, errors and logs', () => {
	describe.each([
		['with Continue On Fail', true],
		['without Continue On Fail', false],
	])('%s', (_label, continueOnFail) => {
		it.each(scenarios)('$name', async (scenario) => {
			scenario.mock();
			const helper = new TestCredentialsHelper(scenario.credentials());
			let failedRun: unknown;
			try {
				const { output } = await runNode({
					parameters: scenario.parameters,
					items: scenario.items,
					helper,
					continueOnFail,
				});
				record('output items', output);
				for (const item of output) {
					record('output item json', item.json);
					if (item.json.error !== undefined) {
						record('error item message', item.json.error);
						record('error item description', item.json.description ?? '');
					}
				}
				if (scenario.fails && continueOnFail)
					expect(output.some((o) => o.json.error !== undefined)).toBe(true);
			} catch (error) {
				failedRun = error;
				const e = error as Error & IDataObject;
				record('error message', e.message);
				record('error description', e.description ?? '');
				record('error context', e.context ?? {});
				record('error stack', e.stack ?? '');
				record('error (all of it)', e);
			}
			if (continueOnFail || !scenario.fails) expect(failedRun).toBeUndefined();
			else expect(failedRun).toBeDefined();
			// The credential itself is intact (the scrubbing works on copies of texts, never on the credential).
			expect(JSON.stringify(helper.stored)).toContain(
				String(helper.stored.authMethod === 'jwt' ? helper.stored.password : API_KEY),
			);
		});
	});

	it('the trigger: a poll refused with a 401 quoting the key', async () => {
		nock(BASE_URL)
			.get('/api/notifications/')
			.query(true)
			.reply(401, { error: `Invalid API key ${API_KEY}` });
		try {
			await pollTrigger({ parameters: { event: 'newNotification' }, staticData: {} });
			throw new Error('expected the poll to fail');
		} catch (error) {
			const e = error as Error & IDataObject;
			expect(e.message).toBe('The service did not accept the credential');
			record('poll error', e);
			record('poll error message', e.message);
			record('poll error description', e.description ?? '');
		}
	});

	it('the package picker (listSearch): a 500 quoting the key', async () => {
		nock(BASE_URL)
			.get('/api/billing/sms/packages/')
			.query(true)
			.times(4)
			.reply(500, { error: `Database error for key=${API_KEY}` });
		try {
			await listSearch('searchPackages', {
				resource: 'partnerTenant',
				operation: 'initiatePayment',
			});
			throw new Error('expected the search to fail');
		} catch (error) {
			const e = error as Error & IDataObject;
			expect(e.message).toBe('The service could not answer');
			record('listSearch error', e);
		}
	});

	it("the server's words are kept, only the secret is masked", async () => {
		nock(BASE_URL)
			.get(BALANCE)
			.reply(401, { error: `Invalid API key ${API_KEY}`, code: 'authentication_failed' });
		const { output } = await runNode({ parameters: getBalance, continueOnFail: true });
		expect(output[0].json).toMatchObject({
			error: 'The service did not accept the credential [item 0]',
			httpCode: '401',
			errorCode: 'authentication_failed',
		});
		record('error item', output);
	});

	it('scanned every output, error and log line (and the scan does find a planted secret)', () => {
		expect(scanned).toBeGreaterThanOrEqual(scenarios.length * 2 * 3);
		produced.push({ where: 'planted', text: `x ${API_KEY} y` });
		const found = leaks();
		produced.length = 0;
		expect(found).toHaveLength(1);
	});
});
