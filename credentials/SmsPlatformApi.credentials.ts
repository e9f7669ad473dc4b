import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { loginFailure } from '../nodes/SmsPlatform/transport/loginFailure';

type AuthMethod = 'apiKeyBearer' | 'apiKeyHeader' | 'jwt';

/** Reads the access token from the login response: servers in the wild put it in one of three places. */
export function extractAccessToken(body: unknown): string | undefined {
	if (typeof body === 'string') {
		try {
			body = JSON.parse(body);
		} catch {
			return undefined;
		}
	}
	if (!body || typeof body !== 'object') return undefined;
	const record = body as Record<string, unknown>;
	const nested = (record.tokens ?? {}) as Record<string, unknown>;
	const data = (record.data ?? {}) as Record<string, unknown>;
	for (const candidate of [record.access_token, record.access, nested.access, data.access_token]) {
		if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
	}
	return undefined;
}

/** The service's own words in an error answer (`detail`, `message`, `error`, DRF field lists, an HTML title). */
export function serviceWords(body: unknown): string | undefined {
	if (typeof body === 'string') {
		const text = body.trim();
		if (!text) return undefined;
		try {
			return serviceWords(JSON.parse(text));
		} catch {
			const title =
				/<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] ??
				/<h1[^>]*>([^<]*)<\/h1>/i.exec(text)?.[1];
			if (title) return title.trim().slice(0, 200);
			return /</.test(text) ? undefined : text.slice(0, 200);
		}
	}
	if (Array.isArray(body)) {
		const parts = body.map(serviceWords).filter((part): part is string => !!part);
		return parts.length ? parts.join('; ') : undefined;
	}
	if (!body || typeof body !== 'object') return undefined;
	const record = body as Record<string, unknown>;
	for (const key of ['error', 'detail', 'message', 'non_field_errors']) {
		const words = serviceWords(record[key]);
		if (words) return words;
	}
	const fields = Object.entries(record)
		.filter(([, value]) => Array.isArray(value))
		.map(([field, value]) => `${field}: ${serviceWords(value) ?? ''}`);
	return fields.length ? fields.join('; ').slice(0, 300) : undefined;
}

function trimBaseUrl(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/**
 * The Base URL, or an error a user sees in the credential modal: n8n checks a credential field's pattern only in
 * the node panel, so the credential test (and every request) says it here instead of "Couldn't connect".
 */
export function checkedBaseUrl(value: unknown): string {
	const url = trimBaseUrl(value);
	if (!/^https?:\/\/[^\s/?#]+/i.test(url)) {
		throw new Error(
			`The Base URL "${url}" is not an http:// or https:// address. Enter the service's address with its scheme, e.g. https://api.example.com`,
		);
	}
	return url;
}

export class SmsPlatformApi implements ICredentialType {
	name = 'smsPlatformApi';

	displayName = 'SMS Platform API';

	icon: Icon = {
		light: 'file:../nodes/SmsPlatform/smsPlatform.svg',
		dark: 'file:../nodes/SmsPlatform/smsPlatform.dark.svg',
	};

	documentationUrl = 'https://github.com/sms-platform/n8n-nodes-sms-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			// No default: a user's credential must name their service; the demo's credential points at the sandbox itself.
			default: '',
			placeholder: 'https://api.example.com',
			required: true,
			description:
				'Address of the SMS Platform service, starting with https:// (or http://), e.g. https://api.example.com. A trailing slash is fine. The local sandbox of this package is http://localhost:4010.',
			typeOptions: {
				validationRules: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*https?://[^\\s/?#]+[^\\s]*$',
							errorMessage: 'Enter an http:// or https:// URL, e.g. https://api.example.com',
						},
					},
				],
			},
		},
		{
			displayName: 'Authentication',
			name: 'authMethod',
			type: 'options',
			default: 'apiKeyBearer',
			options: [
				{
					name: 'API Key (Authorization: Bearer)',
					value: 'apiKeyBearer',
					description: 'Send the API key as "Authorization: Bearer &lt;key&gt;" (recommended)',
				},
				{
					name: 'API Key (X-API-Key Header)',
					value: 'apiKeyHeader',
					description: 'Send the API key in the X-API-Key header',
				},
				{
					name: 'Email and Password (JWT)',
					value: 'jwt',
					description:
						'Log in with the e-mail and password of a web account; n8n keeps the access token and logs in again when it expires',
				},
			],
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The key generated in the account’s API settings',
			displayOptions: { show: { authMethod: ['apiKeyBearer', 'apiKeyHeader'] } },
		},
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			required: true,
			displayOptions: { show: { authMethod: ['jwt'] } },
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authMethod: ['jwt'] } },
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	/**
	 * For the JWT mode, logs in and returns the token n8n stores in the hidden, expirable `accessToken`.
	 * n8n calls this when `accessToken` is empty and again (once) when a request answers 401.
	 */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		if ((credentials.authMethod as AuthMethod) !== 'jwt') return {};
		const email = String(credentials.email ?? '').trim();
		const password = String(credentials.password ?? '');
		if (!email || !password) {
			throw loginFailure(
				'SMS Platform login needs an e-mail and a password: fill both in the credential',
			);
		}
		let response: unknown;
		try {
			response = await this.helpers.httpRequest({
				method: 'POST',
				url: `${checkedBaseUrl(credentials.baseUrl)}/api/auth/login/`,
				body: { email, password },
				headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
				json: true,
				timeout: 30000,
			});
		} catch (error) {
			const failure = error as {
				httpCode?: string;
				message?: string;
				response?: { status?: number; data?: unknown };
			};
			const code = failure.response?.status ?? failure.httpCode;
			const words = serviceWords(failure.response?.data);
			const said = words ? ` ("${words}")` : '';
			if (String(code) === '400' || String(code) === '401' || String(code) === '403') {
				throw loginFailure(
					`SMS Platform login failed (HTTP ${code}): the e-mail or password was refused${said}. Check them in the credential.`,
				);
			}
			if (code !== undefined && code !== null && String(code) !== '') {
				throw loginFailure(
					`SMS Platform login failed (HTTP ${code})${words ? `: "${words}"` : `: ${failure.message}`}. ${String(code) === '404' ? 'This service has no login at POST /api/auth/login/: check the Base URL.' : 'Check the Base URL: the login is POST /api/auth/login/ below it.'}`,
				);
			}
			throw loginFailure(`SMS Platform login failed: ${failure.message}. Check the Base URL.`);
		}
		const accessToken = extractAccessToken(response);
		if (!accessToken) {
			throw loginFailure(
				'SMS Platform login answered without an access token (looked for access_token, access and tokens.access)',
			);
		}
		return { accessToken };
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		checkedBaseUrl(credentials.baseUrl);
		const headers = { ...(requestOptions.headers ?? {}) } as Record<string, string>;
		const method = credentials.authMethod as AuthMethod;
		if (method === 'apiKeyHeader') {
			headers['X-API-Key'] = String(credentials.apiKey ?? '').trim();
		} else if (method === 'jwt') {
			headers.Authorization = `Bearer ${String(credentials.accessToken ?? '')}`;
		} else {
			headers.Authorization = `Bearer ${String(credentials.apiKey ?? '').trim()}`;
		}
		return { ...requestOptions, headers };
	}

	/**
	 * Proves the credential the way its mode is used: an API key on an endpoint that takes API keys (the balance); the
	 * e-mail and password by logging in (n8n runs preAuthentication for every credential test, and its error says
	 * why in the service's words) and then on an endpoint that takes the login's token (the notifications), not the
	 * balance, which some servers open to API keys only.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			url: '={{$credentials.authMethod === "jwt" ? "/api/notifications/" : "/api/integration/v1/sms/balance/"}}',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The service refused the credential (HTTP 401). An API key: it is wrong or revoked, or the service reads it from the other header (switch between "Authorization: Bearer" and "X-API-Key"). E-mail and password: the login worked, but the service refused its token on GET /api/notifications/.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The service knows the credential but refuses it access (HTTP 403): the account may lack the permission, or be inactive.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'This service has no such endpoint (HTTP 404): check the Base URL (the address of the API, without /api/...).',
				},
			},
		],
	};
}
