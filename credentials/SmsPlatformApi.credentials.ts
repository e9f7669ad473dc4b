import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { endpoints } from '../nodes/SmsPlatform/endpoints';
import { CREDENTIAL_TYPE, checkedBaseUrl, logIn } from '../nodes/SmsPlatform/transport';

/**
 * The credential test's answer must be the service's data, not a web page: a Base URL that reaches a website answers
 * 200 with HTML, which n8n hands over as text. n8n's tester fails the test when the rule's path into the answer gives
 * its value: on text, `constructor.name` is 'String' (on the service's JSON, 'Object').
 */
const ANSWER_IS_DATA: IAuthenticateRuleResponseSuccessBody = {
	type: 'responseSuccessBody',
	properties: {
		key: 'constructor.name',
		value: 'String',
		message:
			"The address in 'Base URL' answered with a web page, not with the SMS Platform service's data: use the address of the service's API (without /api/...), as your provider gives it.",
	},
};

type AuthMethod = 'apiKeyBearer' | 'apiKeyHeader' | 'jwt';

export class SmsPlatformApi implements ICredentialType {
	name = CREDENTIAL_TYPE;

	displayName = 'SMS Platform API';

	icon: Icon = {
		light: 'file:../nodes/SmsPlatform/smsPlatform.svg',
		dark: 'file:../nodes/SmsPlatform/smsPlatform.dark.svg',
	};

	// No '#' in the address: n8n appends its tracking to it, which would land inside an anchor. Credentials come first there.
	documentationUrl =
		'https://github.com/sms-platform/n8n-nodes-sms-platform/blob/main/docs/usage.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			// No default: a user's credential must name their service; the demo's credential points at the sandbox itself.
			default: '',
			placeholder: 'e.g. https://api.example.com',
			required: true,
			description:
				'The address of your SMS Platform service, as your provider gives it, starting with https:// (or http://), e.g. https://api.example.com',
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
					name: 'Email and Password',
					value: 'jwt',
					description:
						'Log in with the email and password of your web account, as in the browser (needed for contacts, templates, sender IDs and billing); n8n logs in again by itself',
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
			description: 'The key created in the account’s API settings',
			displayOptions: { show: { authMethod: ['apiKeyBearer', 'apiKeyHeader'] } },
		},
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'e.g. nathan@example.com',
			default: '',
			required: true,
			description: 'The email address you log in to the service with',
			typeOptions: {
				validationRules: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$',
							errorMessage: 'Enter an email address, e.g. nathan@example.com',
						},
					},
				],
			},
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
		return { accessToken: await logIn(this.helpers, credentials) };
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		// The Base URL is checked once per request: the node's requests come with the full URL, built by the transport
		// from the Base URL it checked; the credential test's request is a path below the field's value, checked here.
		if (!/^https?:\/\//i.test(requestOptions.url)) checkedBaseUrl(credentials.baseUrl);
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
	 * why in the service's words) and then on a route that takes the login's token on every server it meets: the
	 * organisations (`GET /api/tenants/`), which the API reference documents and every branch of the real service's code
	 * has (its notifications are on one branch only; its balance route differs from the reference's).
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			// The routes from endpoints.ts, written into the expression n8n evaluates for the test.
			url: `={{$credentials.authMethod === "jwt" ? "${endpoints.organizations().path}" : "${endpoints.balance().path}"}}`,
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						"The service did not accept this credential (HTTP 401). With an API key: check the key, then try the other header in 'Authentication' (servers differ in whether they read 'Authorization: Bearer' or 'X-API-Key'). With 'Email and Password' the login worked, but the service refused its token: use an API key.",
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
						"This service has no such endpoint (HTTP 404): check 'Base URL' (the address of the API, without /api/...).",
				},
			},
			// n8n's tester reads both kinds of rule from one list (status rules on a refused answer, body rules on an
			// accepted one); its type takes one kind a list.
			ANSWER_IS_DATA,
		] as unknown as IAuthenticateRuleResponseCode[],
	};
}
