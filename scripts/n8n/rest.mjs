// n8n's HTTP APIs as a client: the internal REST API (/rest) with a logged-in session as the editor uses it (owner
// setup, login, API keys), and the public API (/api/v1) with an API key (workflows, executions). Node built-ins only.
//
//   const owner = await ensureOwner(server.url, { email, password });
//   const apiKey = await createApiKey(owner);
//   await activateWorkflow(server.url, apiKey, 'workflow-id');
//   const executions = await listExecutions(server.url, apiKey, { workflowId, includeData: true });
import { randomUUID } from 'node:crypto';

/** A logged-in session of the internal REST API (/rest), cookie-based, as the editor UI uses it. */
export class N8nSession {
	/** @param {string} url */
	constructor(url) {
		this.url = url;
		this.cookie = '';
		// n8n binds the auth cookie to a browser id that every later request must repeat.
		this.browserId = randomUUID();
	}

	/**
	 * @param {string} method
	 * @param {string} pathname
	 * @param {unknown} [body]
	 * @returns {Promise<{ status: number, ok: boolean, json: any, text: string }>}
	 */
	async request(method, pathname, body) {
		const response = await fetch(`${this.url}${pathname}`, {
			method,
			headers: {
				'content-type': 'application/json',
				accept: 'application/json',
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.getSetCookie?.() ?? [];
		for (const entry of setCookie) {
			const pair = entry.split(';')[0];
			if (pair.startsWith('n8n-auth=')) this.cookie = pair;
		}
		const text = await response.text();
		let json;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		return { status: response.status, ok: response.ok, json, text };
	}

	/**
	 * @param {string} method
	 * @param {string} pathname
	 * @param {unknown} [body]
	 * @returns {Promise<any>}
	 */
	async requestOk(method, pathname, body) {
		const response = await this.request(method, pathname, body);
		if (!response.ok) {
			throw new Error(
				`${method} ${pathname} → HTTP ${response.status}: ${response.text.slice(0, 500)}`,
			);
		}
		return response.json?.data ?? response.json;
	}
}

/**
 * Logs in; resolves the session, or undefined when the e-mail/password are refused.
 * @param {string} url
 * @param {{ email: string, password: string }} credentials
 */
export async function login(url, { email, password }) {
	const session = new N8nSession(url);
	const response = await session.request('POST', '/rest/login', {
		emailOrLdapLoginId: email,
		email,
		password,
	});
	if (!response.ok) return undefined;
	return session;
}

/**
 * Makes sure the instance has an owner with these credentials and returns a logged-in session. Sets the owner up
 * when the instance has none; otherwise logs in (fails clearly when the owner exists with another password).
 * @param {string} url
 * @param {{ email: string, password: string, firstName?: string, lastName?: string }} owner
 * @returns {Promise<N8nSession & { created: boolean }>}
 */
export async function ensureOwner(
	url,
	{ email, password, firstName = 'Demo', lastName = 'Owner' },
) {
	const settings = await fetch(`${url}/rest/settings`).then((response) => response.json());
	const needsSetup = settings?.data?.userManagement?.showSetupOnFirstLoad === true;
	if (needsSetup) {
		const session = new N8nSession(url);
		await session.requestOk('POST', '/rest/owner/setup', { email, password, firstName, lastName });
		if (!session.cookie) {
			const loggedIn = await login(url, { email, password });
			if (!loggedIn) throw new Error('owner was set up but logging in failed');
			return Object.assign(loggedIn, { created: true });
		}
		return Object.assign(session, { created: true });
	}
	const session = await login(url, { email, password });
	if (!session)
		throw new Error(
			`n8n at ${url} already has an owner and ${email} / the given password are refused`,
		);
	return Object.assign(session, { created: false });
}

/**
 * Creates a public-API key with every scope the user may have; returns the raw key (X-N8N-API-KEY).
 * @param {N8nSession} session
 * @param {{ label?: string }} [options]
 * @returns {Promise<string>}
 */
export async function createApiKey(session, { label = `sms-platform-${Date.now()}` } = {}) {
	let scopes;
	try {
		scopes = await session.requestOk('GET', '/rest/api-keys/scopes');
	} catch {
		scopes = undefined;
	}
	if (!Array.isArray(scopes) || scopes.length === 0) {
		scopes = [
			'workflow:create',
			'workflow:read',
			'workflow:update',
			'workflow:list',
			'workflow:activate',
			'workflow:deactivate',
			'execution:read',
			'execution:list',
			'credential:create',
		];
	}
	const created = await session.requestOk('POST', '/rest/api-keys', {
		label: label.slice(0, 50),
		scopes,
		expiresAt: null,
	});
	const key = created?.rawApiKey ?? created?.apiKey;
	if (!key)
		throw new Error(
			`POST /rest/api-keys answered without a key: ${JSON.stringify(created).slice(0, 300)}`,
		);
	return key;
}

/**
 * Calls n8n's public REST API (/api/v1) with an API key; resolves the parsed JSON, throws on non-2xx.
 * @param {string} url
 * @param {string} apiKey
 * @param {string} method
 * @param {string} pathname
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function publicApi(url, apiKey, method, pathname, body) {
	const response = await fetch(`${url}/api/v1${pathname}`, {
		method,
		headers: {
			'X-N8N-API-KEY': apiKey,
			accept: 'application/json',
			'content-type': 'application/json',
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok)
		throw new Error(
			`${method} /api/v1${pathname} → HTTP ${response.status}: ${text.slice(0, 800)}`,
		);
	return text ? JSON.parse(text) : undefined;
}

/**
 * Activates (publishes) a workflow through the public API.
 * @param {string} url
 * @param {string} apiKey
 * @param {string} id
 */
export async function activateWorkflow(url, apiKey, id) {
	return await publicApi(url, apiKey, 'POST', `/workflows/${encodeURIComponent(id)}/activate`, {});
}

/**
 * @param {string} url
 * @param {string} apiKey
 * @param {string} id
 */
export async function deactivateWorkflow(url, apiKey, id) {
	return await publicApi(
		url,
		apiKey,
		'POST',
		`/workflows/${encodeURIComponent(id)}/deactivate`,
		{},
	);
}

/**
 * Lists executions of a workflow (newest first), with their run data when `includeData`.
 * @param {string} url
 * @param {string} apiKey
 * @param {{ workflowId?: string, includeData?: boolean, limit?: number }} [options]
 * @returns {Promise<any[]>}
 */
export async function listExecutions(
	url,
	apiKey,
	{ workflowId, includeData = false, limit = 20 } = {},
) {
	const query = new URLSearchParams({ limit: String(limit), includeData: String(includeData) });
	if (workflowId) query.set('workflowId', workflowId);
	const body = await publicApi(url, apiKey, 'GET', `/executions?${query}`);
	return body?.data ?? [];
}
