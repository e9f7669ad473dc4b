/**
 * The credential: the exact headers each authentication mode sends, the JWT login (body, the three token locations,
 * re-login on 401, a refused password), and the credential test request, run as n8n runs it (RoutingNode).
 */
import nock from 'nock';

import type { IDataObject, IHttpRequestHelper, INode, INodeTypes } from 'n8n-workflow';
import { NodeApiError, Workflow } from 'n8n-workflow';

import { SmsPlatformApi } from '../../credentials/SmsPlatformApi.credentials';
import { credentialTest, runCredentialTest } from '../support/credentialTest';
import { extractAccessToken, isLoginFailure } from '../../nodes/SmsPlatform/transport/login';
import {
	API_KEY,
	BASE_URL,
	PASSWORD,
	TestCredentialsHelper,
	apiKeyCredentials,
	jwtCredentials,
	runNode,
	caught,
} from '../support/harness';

const BALANCE = '/api/integration/v1/sms/balance/';
/** The balance route of the login family (the real server's own routes): a JWT credential asks it first. */
const LOGIN_BALANCE = '/api/billing/sms/balance/';
const LOGIN = '/api/auth/login/';
const getBalance = { resource: 'account', operation: 'getBalance' };

describe('SmsPlatformApi credential: description', () => {
	const credential = new SmsPlatformApi();

	it('keeps the public names that saved workflows store', () => {
		expect(credential.name).toBe('smsPlatformApi');
		expect(credential.displayName).toBe('SMS Platform API');
		expect(credential.properties.map((p) => p.name)).toEqual([
			'baseUrl',
			'authMethod',
			'apiKey',
			'email',
			'password',
			'accessToken',
		]);
		const auth = credential.properties.find((p) => p.name === 'authMethod');
		expect(auth?.options?.map((o) => (o as { value: string }).value)).toEqual([
			'apiKeyBearer',
			'apiKeyHeader',
			'jwt',
		]);
	});

	it('hides the access token, marks it expirable, and keeps the secrets as passwords', () => {
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		expect(byName.accessToken.type).toBe('hidden');
		expect(byName.accessToken.typeOptions).toMatchObject({ expirable: true, password: true });
		expect(byName.apiKey.typeOptions).toMatchObject({ password: true });
		expect(byName.password.typeOptions).toMatchObject({ password: true });
		expect(byName.apiKey.displayOptions).toEqual({
			show: { authMethod: ['apiKeyBearer', 'apiKeyHeader'] },
		});
		expect(byName.email.displayOptions).toEqual({ show: { authMethod: ['jwt'] } });
		expect(byName.password.displayOptions).toEqual({ show: { authMethod: ['jwt'] } });
	});

	it("describes the Base URL in the user's terms, with an example and no sandbox address", () => {
		const baseUrl = credential.properties.find((p) => p.name === 'baseUrl');
		expect(baseUrl?.description).toBe(
			'The address of your SMS Platform service, as your provider gives it, starting with https:// (or http://), e.g. https://api.example.com',
		);
		expect(baseUrl?.placeholder).toBe('e.g. https://api.example.com');
	});

	it('validates the Base URL field as an http(s) URL', () => {
		const baseUrl = credential.properties.find((p) => p.name === 'baseUrl');
		const rule = (
			baseUrl?.typeOptions?.validationRules as Array<{ properties: { regex: string } }>
		)[0];
		const regex = new RegExp(rule.properties.regex);
		expect(regex.test('https://api.example.com')).toBe(true);
		expect(regex.test('http://localhost:4010/')).toBe(true);
		expect(regex.test('api.example.com')).toBe(false);
		expect(regex.test('ftp://api.example.com')).toBe(false);
	});

	it('refuses a Base URL without http(s):// when it authenticates a request, as the credential modal shows it', async () => {
		const requestOptions = { url: '/api/integration/v1/sms/balance/' };
		for (const baseUrl of ['localhost:4010', 'api.example.com', 'ftp://api.example.com', '']) {
			await expect(
				credential.authenticate(
					{ baseUrl, authMethod: 'apiKeyBearer', apiKey: 'k' },
					requestOptions,
				),
			).rejects.toThrow(/is not an http:\/\/ or https:\/\/ address/);
		}
		await expect(
			credential.authenticate(
				{ baseUrl: ' https://api.example.com/ ', authMethod: 'apiKeyBearer', apiKey: 'k' },
				requestOptions,
			),
		).resolves.toMatchObject({ headers: { Authorization: 'Bearer k' } });
	});

	it('has a test request per mode: the balance for an API key, the organisations for the login (JWT), a route every server has', () => {
		expect(credential.test.request).toEqual({
			baseURL: expect.stringMatching(/^=\{\{.*\$credentials\.baseUrl.*\}\}$/),
			url: '={{$credentials.authMethod === "jwt" ? "/api/tenants/" : "/api/integration/v1/sms/balance/"}}',
			method: 'GET',
		});
		expect(
			credential.test.rules?.map((rule) => (rule.properties as { value: number }).value),
		).toEqual([401, 403, 404, 'String']);
	});
});

describe('extractAccessToken', () => {
	it.each([
		['access_token', { access_token: 'tok-1' }, 'tok-1'],
		['access', { access: 'tok-2', refresh: 'r' }, 'tok-2'],
		['tokens.access', { tokens: { access: 'tok-3', refresh: 'r' } }, 'tok-3'],
		['a JSON string', '{"access_token":"tok-4"}', 'tok-4'],
		['access_token before access', { access: 'second', access_token: 'first' }, 'first'],
		['trimmed', { access_token: '  tok-5 ' }, 'tok-5'],
	])('reads %s', (_label, body, token) => {
		expect(extractAccessToken(body)).toBe(token);
	});

	it.each([
		['no token', { refresh: 'r' }],
		['an empty token', { access_token: '' }],
		['a number', { access_token: 42 }],
		['text', 'not json'],
		['null', null],
	])('gives undefined for %s', (_label, body) => {
		expect(extractAccessToken(body)).toBeUndefined();
	});
});

describe('preAuthentication itself', () => {
	const credential = new SmsPlatformApi();
	function withHttp(httpRequest: (options: IDataObject) => Promise<unknown>): IHttpRequestHelper {
		return { helpers: { httpRequest } } as unknown as IHttpRequestHelper;
	}

	async function refusal(run: () => Promise<unknown>): Promise<Error> {
		try {
			await run();
		} catch (error) {
			return error as Error;
		}
		throw new Error('expected preAuthentication to fail');
	}

	it('does nothing for the API key modes', async () => {
		const calls: unknown[] = [];
		const self = withHttp(async (options) => calls.push(options));
		await expect(
			credential.preAuthentication.call(self, apiKeyCredentials('apiKeyBearer')),
		).resolves.toEqual({});
		await expect(
			credential.preAuthentication.call(self, apiKeyCredentials('apiKeyHeader')),
		).resolves.toEqual({});
		expect(calls).toEqual([]);
	});

	it('posts exactly {email, password} as JSON to the login path below the trimmed Base URL', async () => {
		const calls: IDataObject[] = [];
		const self = withHttp(async (options) => {
			calls.push(options);
			return { access_token: 'tok' };
		});
		const result = await credential.preAuthentication.call(
			self,
			jwtCredentials({ baseUrl: ' https://x.test/ ', email: ' ops@example.com ' }),
		);
		expect(result).toEqual({ accessToken: 'tok' });
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({
			method: 'POST',
			url: 'https://x.test/api/auth/login/',
			body: { email: 'ops@example.com', password: PASSWORD },
			json: true,
		});
		expect(Object.keys(calls[0].body as IDataObject)).toEqual(['email', 'password']);
	});

	it.each([400, 401, 403])(
		"a refused login (HTTP %i) says why in the service's words, never shows the password",
		async (status) => {
			const self = withHttp(async () => {
				throw Object.assign(new Error(`Request failed with status code ${status}`), {
					response: {
						status,
						data: { detail: 'No active account found with the given credentials' },
					},
				});
			});
			const error = await refusal(() => credential.preAuthentication.call(self, jwtCredentials()));
			expect(error.message).toBe(
				`The SMS Platform login did not work (HTTP ${status}): the email or password was refused ("No active account found with the given credentials"). Check them in the credential.`,
			);
			expect(error.message).not.toContain(PASSWORD);
		},
	);

	it.each([
		[
			'ENOTFOUND',
			'getaddrinfo ENOTFOUND api.sms.test',
			"The host name could not be resolved. Check the spelling of 'Base URL' in the credential, and that the machine n8n runs on can resolve it (DNS).",
		],
		[
			'ECONNREFUSED',
			'connect ECONNREFUSED 10.0.0.1:443',
			"The host refused the connection: nothing listens on that port. Check the address and port of 'Base URL' in the credential, and that the service is running.",
		],
		[
			'EHOSTUNREACH',
			'connect EHOSTUNREACH 10.0.0.1:443',
			"There is no network route to the host. Check 'Base URL' in the credential, and that the machine n8n runs on can reach it (network, firewall, VPN or proxy).",
		],
	])(
		'a login nothing answers (%s) says so, with the Base URL and what to check',
		async (code, message, advice) => {
			const self = withHttp(async () => {
				throw Object.assign(new Error(message), { code });
			});
			const error = await refusal(() => credential.preAuthentication.call(self, jwtCredentials()));
			expect(error.message).toBe(
				`The SMS Platform login did not work: could not connect to https://api.sms.test (${code}). ${advice}`,
			);
		},
	);

	it('a login whose connection broke after it opened keeps the network words', async () => {
		const self = withHttp(async () => {
			throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
		});
		const error = await refusal(() => credential.preAuthentication.call(self, jwtCredentials()));
		expect(error.message).toBe(
			`The SMS Platform login did not work: read ECONNRESET. Check 'Base URL'.`,
		);
	});
});

describe('authentication headers, through a node run', () => {
	it('apiKeyBearer sends "Authorization: Bearer <key>" and no X-API-Key', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { authorization: `Bearer ${API_KEY}` },
			badheaders: ['x-api-key'],
		})
			.get(BALANCE)
			.reply(200, { balance: 5, currency: 'credits' });
		const { output } = await runNode({
			parameters: getBalance,
			credentials: apiKeyCredentials('apiKeyBearer'),
		});
		expect(output).toEqual([
			{ json: { balance: 5, currency: 'credits' }, pairedItem: { item: 0 } },
		]);
		scope.done();
	});

	it('apiKeyHeader sends "X-API-Key: <key>" and NO Authorization header', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(BALANCE)
			.reply(200, { balance: 6, currency: 'credits' });
		const { output } = await runNode({
			parameters: getBalance,
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output[0].json).toEqual({ balance: 6, currency: 'credits' });
		scope.done();
	});

	it('badheaders really refuses a request carrying Authorization (the control of the test above)', async () => {
		nock(BASE_URL, { badheaders: ['authorization'] })
			.get(BALANCE)
			.reply(200, { balance: 1 });
		const error = await caught(() =>
			runNode({ parameters: getBalance, credentials: apiKeyCredentials('apiKeyBearer') }),
		);
		expect(error.description).toMatch(/Nock: No match/);
	});

	it('trims a key pasted with spaces', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(BALANCE)
			.reply(200, { balance: 1 });
		await runNode({
			parameters: getBalance,
			credentials: apiKeyCredentials('apiKeyBearer', { apiKey: ` ${API_KEY} \n` }),
		});
		scope.done();
	});
});

describe('JWT login', () => {
	it.each([
		['access_token', { access_token: 'jwt-token-A', token_type: 'Bearer' }, 'jwt-token-A'],
		['access', { access: 'jwt-token-B', refresh: 'refresh-B' }, 'jwt-token-B'],
		[
			'tokens.access',
			{ user: { id: 1 }, tokens: { access: 'jwt-token-C', refresh: 'refresh-C' } },
			'jwt-token-C',
		],
	])(
		'logs in with exactly {email, password}, reads the token from %s, and sends it as Bearer',
		async (_label, loginResponse, token) => {
			const loginBodies: unknown[] = [];
			const login = nock(BASE_URL, { badheaders: ['authorization', 'x-api-key'] })
				.post(LOGIN, (body: unknown) => {
					loginBodies.push(body);
					return true;
				})
				.reply(200, loginResponse);
			const api = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${token}` } })
				.get(LOGIN_BALANCE)
				.reply(200, { credits: 77 });
			const { output, helper } = await runNode({
				parameters: getBalance,
				credentials: jwtCredentials(),
			});
			expect(loginBodies).toEqual([{ email: 'ops@example.com', password: PASSWORD }]);
			expect(output[0].json).toEqual({ balance: 77, currency: 'credits' });
			expect(helper.logins).toBe(1);
			expect(helper.stored.accessToken).toBe(token);
			login.done();
			api.done();
		},
	);

	it('uses a stored token without logging in', async () => {
		const api = nock(BASE_URL, { reqheaders: { authorization: 'Bearer stored-token' } })
			.get(LOGIN_BALANCE)
			.reply(200, { credits: 3 });
		const { helper } = await runNode({
			parameters: getBalance,
			credentials: jwtCredentials({ accessToken: 'stored-token' }),
		});
		expect(helper.logins).toBe(0);
		api.done();
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('logs in again once on a 401, stores the new token and retries the request with it', async () => {
		const tokensSeen: string[] = [];
		nock(BASE_URL)
			.get(LOGIN_BALANCE)
			.times(5)
			.reply(function () {
				const auth = String(this.req.headers.authorization);
				tokensSeen.push(auth);
				return auth === 'Bearer new-token'
					? [200, { credits: 900 }]
					: [401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' }];
			});
		const logins: unknown[] = [];
		nock(BASE_URL)
			.post(LOGIN, (body: unknown) => {
				logins.push(body);
				return true;
			})
			.times(3)
			.reply(200, { access_token: 'new-token' });

		const helper = new TestCredentialsHelper(jwtCredentials({ accessToken: 'old' }));
		const { output } = await runNode({ parameters: getBalance, helper });

		expect(output).toEqual([
			{ json: { balance: 900, currency: 'credits' }, pairedItem: { item: 0 } },
		]);
		expect(logins).toEqual([{ email: 'ops@example.com', password: PASSWORD }]);
		expect(helper.logins).toBe(1);
		expect(helper.stored.accessToken).toBe('new-token');
		expect(helper.updates).toHaveLength(1);
		// The old token was refused, then the request went once with the new token.
		expect(tokensSeen.filter((t) => t === 'Bearer new-token')).toHaveLength(1);
		expect(tokensSeen[tokensSeen.length - 1]).toBe('Bearer new-token');
		// The expired token went once: two requests in all, never the same expired token twice.
		expect(tokensSeen).toEqual(['Bearer old', 'Bearer new-token']);
	});

	it('logs in only once when the fresh token is refused too (on both route families), and says the endpoint does not take the login token', async () => {
		let apiRequests = 0;
		let documentedRequests = 0;
		nock(BASE_URL)
			.get(LOGIN_BALANCE)
			.times(6)
			.reply(() => {
				apiRequests++;
				return [401, { detail: 'Authentication credentials were not provided.' }];
			});
		nock(BASE_URL)
			.get(BALANCE)
			.times(6)
			.reply(() => {
				documentedRequests++;
				return [401, { success: false, message: 'Invalid API key', error_code: 'INVALID_API_KEY' }];
			});
		const login = nock(BASE_URL).post(LOGIN).times(3).reply(200, { access_token: 'new-token' });
		const helper = new TestCredentialsHelper(jwtCredentials({ accessToken: 'old' }));
		const error = await caught(() => runNode({ parameters: getBalance, helper }));
		expect(helper.logins).toBe(1);
		expect(login.pendingMocks()).toHaveLength(1); // 3 allowed, 1 used (pendingMocks lists the interceptor once)
		// The expired token once, the fresh one once: never more than two requests because of a 401.
		expect(apiRequests).toBe(2);
		// The documented route is tried once with the token the login has just issued: no second login.
		expect(documentedRequests).toBe(1);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'This endpoint does not accept the email and password login [item 0]',
		);
		expect(error.description).toMatch(/'Email' and 'Password' are right/);
		expect(error.description).toMatch(/API key/);
		expect(error.description).not.toMatch(/password (was|is) (wrong|refused)/);
	});

	it.each([
		['an empty stored token (first login)', ''],
		['an expired token (re-login)', 'old'],
	])(
		'a refused password, with %s, says the email or password was refused and never shows the password',
		async (_l, token) => {
			nock(BASE_URL).get(LOGIN_BALANCE).times(2).reply(401, { detail: 'Token expired' });
			nock(BASE_URL)
				.post(LOGIN, { email: 'ops@example.com', password: PASSWORD })
				.reply(401, { detail: 'No active account found with the given credentials' });
			const helper = new TestCredentialsHelper(jwtCredentials({ accessToken: token }));
			const error = await caught(() => runNode({ parameters: getBalance, helper }));
			expect(error.message).toMatch(/login did not work/i);
			expect(error.message).toMatch(/email or password was refused/);
			expect(error.message).toMatch(/401/);
			expect(`${error.message} ${error.description}`).toMatch(/credential/i);
			expect(error.message).not.toContain(PASSWORD);
			expect(String(error.description)).not.toContain(PASSWORD);
			expect(helper.logins).toBe(0);
			expect(helper.stored.accessToken).toBe(token);
		},
	);

	it('a login answer without a token names the places it looked', async () => {
		nock(BASE_URL)
			.post(LOGIN)
			.reply(200, { success: true, user: { id: 1 } });
		const error = await caught(() =>
			runNode({ parameters: getBalance, credentials: jwtCredentials() }),
		);
		expect(error.message).toMatch(/without an access token/);
		expect(error.message).toMatch(/access_token, access and tokens\.access/);
	});

	it('an empty password fails before any request', async () => {
		const error = await caught(() =>
			runNode({ parameters: getBalance, credentials: jwtCredentials({ password: '' }) }),
		);
		expect(error.message).toMatch(/needs an email and a password/);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('logs in below a Base URL given with a trailing slash', async () => {
		const login = nock(BASE_URL).post(LOGIN).reply(200, { access: 'tok' });
		const api = nock(BASE_URL, { reqheaders: { authorization: 'Bearer tok' } })
			.get(LOGIN_BALANCE)
			.reply(200, { credits: 1 });
		await runNode({
			parameters: getBalance,
			credentials: jwtCredentials({ baseUrl: `${BASE_URL}/` }),
		});
		login.done();
		api.done();
	});
});

function evaluateBaseUrl(baseUrl: string): unknown {
	const node: INode = {
		id: 'n',
		name: 'n',
		type: 'x',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const nodeTypes = {
		getByName: () => undefined,
		getByNameAndVersion: () => ({ description: { properties: [] } }),
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({
		id: 'w',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	return workflow.expression.getSimpleParameterValue(
		node,
		new SmsPlatformApi().test.request.baseURL as string,
		'internal',
		{ $credentials: { baseUrl } as IDataObject } as never,
	);
}

describe('the credential test request', () => {
	it.each([
		['https://x.test', 'https://x.test'],
		['https://x.test/', 'https://x.test'],
		['https://x.test///', 'https://x.test'],
		['  https://x.test/api/  ', 'https://x.test/api'],
		['http://localhost:4010', 'http://localhost:4010'],
	])('its baseURL expression turns %j into %j', (input, expected) => {
		expect(evaluateBaseUrl(input)).toBe(expected);
	});

	it('GETs the balance with the API key, as n8n runs a credential test', async () => {
		const scope = nock('https://x.test', { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get('/api/integration/v1/sms/balance/')
			.reply(200, { balance: 10, currency: 'credits' });
		const { result } = await runCredentialTest(
			apiKeyCredentials('apiKeyBearer', { baseUrl: 'https://x.test/' }),
		);
		expect(result[0][0].json).toEqual({ balance: 10, currency: 'credits' });
		scope.done();
	});

	it('uses X-API-Key for the header mode', async () => {
		const scope = nock('https://x.test', {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get('/api/integration/v1/sms/balance/')
			.reply(200, { balance: 10 });
		await runCredentialTest(apiKeyCredentials('apiKeyHeader', { baseUrl: 'https://x.test' }));
		scope.done();
	});

	it('logs in first for the JWT mode, then proves the token on an endpoint that takes it (not the balance)', async () => {
		const login = nock('https://x.test')
			.post('/api/auth/login/', { email: 'ops@example.com', password: PASSWORD })
			.reply(200, { access_token: 'tested-token' });
		const api = nock('https://x.test', { reqheaders: { authorization: 'Bearer tested-token' } })
			.get('/api/tenants/')
			.reply(200, { count: 0, next: null, previous: null, results: [] });
		const { helper } = await runCredentialTest(jwtCredentials({ baseUrl: 'https://x.test/' }));
		expect(helper.logins).toBe(1);
		login.done();
		api.done();
	});

	it("fails for a Base URL that answers with a web page (its answer's shape, not only its status), and passes the service's data", async () => {
		const page = '<!doctype html><html><head><title>Welcome</title></head><body>Hi</body></html>';
		for (const [path, credentials] of [
			[
				'/api/integration/v1/sms/balance/',
				apiKeyCredentials('apiKeyBearer', { baseUrl: 'https://x.test' }),
			],
			['/api/tenants/', jwtCredentials({ baseUrl: 'https://x.test' })],
		] as const) {
			nock('https://x.test')
				.post('/api/auth/login/')
				.optionally()
				.reply(200, { access_token: 't' });
			nock('https://x.test').get(path).reply(200, page, { 'Content-Type': 'text/html' });
			const verdict = await credentialTest(credentials);
			expect(verdict).toEqual({
				status: 'Error',
				message: expect.stringContaining(
					"answered with a web page, not with the SMS Platform service's data",
				),
			});
		}
		nock('https://x.test')
			.get('/api/integration/v1/sms/balance/')
			.reply(200, { balance: 10, currency: 'credits' });
		expect(
			await credentialTest(apiKeyCredentials('apiKeyBearer', { baseUrl: 'https://x.test' })),
		).toEqual({ status: 'OK', message: 'Connection successful!' });
	});

	it('fails when the service refuses the key', async () => {
		nock('https://x.test')
			.get('/api/integration/v1/sms/balance/')
			.reply(401, { detail: 'Invalid API key' });
		await expect(
			runCredentialTest(apiKeyCredentials('apiKeyBearer', { baseUrl: 'https://x.test' })),
		).rejects.toThrow();
	});
});

describe('isLoginFailure', () => {
	it('knows the login by its name, and by its opening words when n8n 1.x passed on only its message', () => {
		const named = Object.assign(new Error('The SMS Platform login did not work (HTTP 400)'), {
			name: 'SmsPlatformLoginError',
		});
		expect(isLoginFailure(new Error('wrapped', { cause: named }))).toBe(named.message);
		expect(
			isLoginFailure(
				new Error('Request failed: The SMS Platform login did not work (HTTP 400): …'),
			),
		).toBe('The SMS Platform login did not work (HTTP 400): …');
		expect(isLoginFailure(new Error('read ECONNRESET'))).toBeUndefined();
	});
});
