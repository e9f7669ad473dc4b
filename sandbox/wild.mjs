// The "wild" profile: the sandbox answers as real servers of this kind do, where they differ from the API reference
// (other envelopes, auth per endpoint group, grouped billing history...). The documented profile stays the default; this one is chosen with
// `startSandbox({ profile: 'wild' })`, `SANDBOX_PROFILE=wild`, `--profile wild` or `POST /__sandbox/config
// {"profile": "wild"}`. The handlers of api.mjs stay as they are: this module reshapes their answers and errors.
import { ApiError, validate } from './errors.mjs';
import { loginRequestSchema } from './schemas.mjs';
import { answersAsRealServer, isoSeconds, randomToken } from './util.mjs';

export { answersAsRealServer };

/**
 * The sandbox profiles: `documented` (the API reference's routes and nothing else, default), `wild` (as the real
 * service's code answers on its branch `backend_testing`), `main` (as its branch `main` answers) and `demo` (both route families, any credential anywhere: for people trying the nodes; no
 * test of the nodes relies on it, since no real server is like it).
 */
export const PROFILES = /** @type {const} */ (['documented', 'wild', 'main', 'demo']);

/**
 * Integration endpoints (send, status, balance, partner) take API keys only; every other group the JWT only.
 * @param {string} path
 */
export function isApiKeyPath(path) {
	return path.startsWith('/api/integration/v1/');
}

/** What a DRF-style JWT endpoint answers to an API key (or an expired token) sent as a Bearer token. */
export const TOKEN_NOT_VALID = Object.freeze({
	detail: 'Given token not valid for any token type',
	code: 'token_not_valid',
	messages: [
		{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' },
	],
});
/** What a JWT endpoint answers to a request without an Authorization header (e.g. only X-API-Key). */
export const NOT_PROVIDED = Object.freeze({
	detail: 'Authentication credentials were not provided.',
});
/** What an integration endpoint answers to anything but a valid API key. */
export const INVALID_API_KEY = Object.freeze({
	success: false,
	message: 'Invalid API key',
	error_code: 'INVALID_API_KEY',
});
/** A wrong e-mail or password at the login (400, DRF serializer error). */
export const INVALID_LOGIN = Object.freeze({ non_field_errors: ['Invalid credentials.'] });

/** The HTML page a Django server sends for a path it does not have. */
export const HTML_NOT_FOUND = `<!doctype html>
<html lang="en">
<head>
  <title>Not Found</title>
</head>
<body>
  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>
</body>
</html>
`;

/**
 * Authenticate for one endpoint group, as the real server does: a JWT on an integration endpoint, or an API key on
 * any other, is a 401 in that group's words.
 * @param {import('./auth.mjs').Auth} auth
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {string} path
 * @param {boolean} [refuseKeys] as the real service's code does: no API key gets in anywhere (issue 28), and the
 *   integration endpoints refuse the login too
 * @returns {string} the rate-limit identity
 */
export function authenticateWild(auth, headers, path, refuseKeys = false) {
	const xKey = typeof headers['x-api-key'] === 'string' ? headers['x-api-key'].trim() : '';
	const authz = typeof headers.authorization === 'string' ? headers.authorization : '';
	const bearer = /^bearer\s+/i.test(authz) ? authz.replace(/^bearer\s+/i, '').trim() : '';
	if (isApiKeyPath(path)) {
		if (!refuseKeys && xKey && auth.apiKeys.has(xKey)) return `key:${xKey}`;
		if (!refuseKeys && bearer && auth.apiKeys.has(bearer)) return `key:${bearer}`;
		throw new ApiError(401, 'INVALID_API_KEY', INVALID_API_KEY.message).withBody(INVALID_API_KEY);
	}
	if (!bearer)
		throw new ApiError(401, 'not_authenticated', NOT_PROVIDED.detail).withBody(NOT_PROVIDED);
	const session = auth.tokens.get(bearer);
	if (session && session.expiresMs > Date.now()) return `user:${session.userId}`;
	throw new ApiError(401, 'token_not_valid', TOKEN_NOT_VALID.detail).withBody(TOKEN_NOT_VALID);
}

/**
 * The login answer of the real server: `{message, user, tokens: {refresh, access}}`; a wrong password is a 400.
 * @param {import('./auth.mjs').Auth} auth
 * @param {unknown} body
 * @param {number} ttlSeconds
 */
export function loginWild(auth, body, ttlSeconds) {
	let documented;
	try {
		documented = auth.login(validate(loginRequestSchema, body), ttlSeconds);
	} catch (err) {
		if (err instanceof ApiError && err.status === 401)
			throw new ApiError(400, 'invalid_credentials', 'Invalid credentials.').withBody(
				INVALID_LOGIN,
			);
		throw err;
	}
	return {
		message: 'Login successful',
		user: { ...documented.user, first_name: 'Demo', last_name: 'User' },
		tokens: { refresh: randomToken(32), access: documented.access_token },
	};
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

const TIME_KEYS = /(_at|^timestamp|^date_joined)$/;
const ISO_Z = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?Z$/;
const AMOUNT_KEYS = new Set(['amount', 'price', 'cost', 'total_cost', 'total_amount']);

/**
 * A UTC timestamp the way real servers write it: with microseconds and, by turns, `Z`, `+00:00` or `+03:00` (the
 * same instant, in East Africa Time).
 * @param {string} iso
 */
export function wildTime(iso) {
	const m = ISO_Z.exec(iso);
	if (!m) return iso;
	const ms = Date.parse(iso);
	const micros = `${String(ms % 1000).padStart(3, '0')}${String((Math.floor(ms / 1000) * 7) % 1000).padStart(3, '0')}`;
	const form = Math.floor(ms / 1000) % 3;
	if (form === 0) return `${m[1]}.${micros}Z`;
	if (form === 1) return `${m[1]}.${micros}+00:00`;
	const local = new Date(ms + 3 * 3600_000).toISOString().slice(0, 19);
	return `${local}.${micros}+03:00`;
}

/**
 * Deep copy with wild timestamps and amounts as strings with two decimals (`"18.00"`).
 * @param {unknown} value
 * @param {string} [key]
 * @returns {any}
 */
export function wildValues(value, key = '') {
	if (Array.isArray(value)) return value.map((v) => wildValues(v));
	if (value && typeof value === 'object') {
		/** @type {Record<string, unknown>} */
		const out = {};
		for (const [k, v] of Object.entries(value)) out[k] = wildValues(v, k);
		return out;
	}
	if (typeof value === 'string' && TIME_KEYS.test(key)) return wildTime(value);
	if (typeof value === 'number' && AMOUNT_KEYS.has(key)) return value.toFixed(2);
	return value;
}

/** Billing record type → the group the real server lists it under. */
export const BILLING_GROUPS = Object.freeze({
	purchase: 'purchases',
	payment: 'payments',
	usage: 'usage_records',
});

/**
 * A payment record as the real server lists it: the one record of the payment, created at the initiation, with
 * `completed_at` (null until completed) and `updated_at` (the last status change). A payment initiated through the
 * API takes both from its transaction; a seeded or generated one never changed after its creation.
 * @param {Record<string, any>} record a billing record of type `payment`, without `type`
 * @param {Record<string, any> | undefined} tx its transaction, if it was initiated through the API
 */
export function wildPayment(record, tx) {
	if (tx) return { ...record, completed_at: tx.completed_at, updated_at: isoSeconds(tx.updatedMs) };
	return {
		...record,
		completed_at: record.status === 'completed' ? record.created_at : null,
		updated_at: record.created_at,
	};
}

/**
 * Billing history as the real server answers it: everything at once, grouped by kind, with a summary; `page`,
 * `page_size` and `type` are ignored. Records carry no `type` (the group says it). Custom purchases: none here.
 * A payment is one record whose status changes (see `wildPayment`): its completion adds no record.
 * @param {Record<string, any>[]} records every record, newest first
 * @param {(id: string) => Record<string, any> | undefined} [transaction] the transaction of a payment record
 */
export function groupedBilling(records, transaction = () => undefined) {
	/** @type {Record<string, any[]>} */
	const groups = { purchases: [], payments: [], usage_records: [], custom_purchases: [] };
	let spent = 0;
	let used = 0;
	for (const { type, ...record } of records) {
		const group = groups[BILLING_GROUPS[/** @type {keyof typeof BILLING_GROUPS} */ (type)]];
		group.push(type === 'payment' ? wildPayment(record, transaction(record.id)) : record);
		if (type === 'usage') used += -record.amount;
		else if (type === 'payment' && record.status === 'completed') spent += record.amount;
	}
	return {
		success: true,
		data: {
			summary: {
				total_purchases: groups.purchases.length,
				total_payments: groups.payments.length,
				total_spent: spent.toFixed(2),
				total_usage: used.toFixed(2),
				currency: records[0]?.currency ?? 'TZS',
			},
			...groups,
		},
	};
}

/**
 * A notification as the real server lists it: `status` (`read`/`unread`), `is_unread`, `read_at`,
 * `notification_type` instead of `is_read` and `type`.
 * @param {Record<string, any>} n
 */
export function wildNotification({ is_read, type, ...rest }) {
	return {
		...rest,
		notification_type: type,
		status: is_read ? 'read' : 'unread',
		is_unread: !is_read,
		read_at: is_read ? rest.created_at : null,
		priority: 'normal',
	};
}

/** A single-object answer in the real server's envelope. */
const data = (/** @type {unknown} */ value) => ({ success: true, data: value });

/**
 * Reshape a documented 2xx answer of one route (template as in api.mjs) the way the real server sends it.
 * @param {string} template
 * @param {any} body the documented answer
 */
export function wildAnswer(template, body) {
	switch (template) {
		case '/api/integration/v1/sms/send/': {
			const { success, ...rest } = body;
			return {
				success,
				timestamp: new Date().toISOString(),
				data: rest,
				message: 'SMS sent successfully',
			};
		}
		case '/api/integration/v1/sms/status/{message_id}/':
		case '/api/integration/v1/sms/balance/':
		case '/api/messaging/dashboard/metrics/':
		case '/api/messaging/contacts/{contact_id}/':
			return wildValues(data(body));
		case '/api/integration/v1/partner/tenants/create/':
		case '/api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/':
			return wildValues(body);
		case '/api/billing/payments/transactions/{transaction_id}/status/':
			return wildValues({
				success: true,
				timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
				data: body.transaction,
				message: 'Transaction status retrieved',
			});
		case '/api/messaging/sms/{message_id}/status/':
			return wildValues(data(body.message));
		case '/api/messaging/sms/stats/':
			return wildValues(data(body.stats));
		case '/api/messaging/campaigns/{campaign_id}/analytics/':
			return wildValues({ success: true, analytics: body });
		case '/api/billing/sms/packages/':
			return wildValues(data(body.results));
		case '/api/messaging/activity/recent/':
			return wildValues(data({ count: body.count, activities: body.activities }));
		default:
			return wildValues(body);
	}
}

/**
 * Notifications ignore `unread_only`: the page is cut from every notification, read or not.
 * @param {{state: import('./state.mjs').SandboxState, query: URLSearchParams, origin: string, path: string}} ctx
 */
function notificationsPage(ctx) {
	const page = Math.max(1, Number(ctx.query.get('page')) || 1);
	const size = Math.min(100, Math.max(1, Number(ctx.query.get('page_size')) || 20));
	// `status=unread` is the real server's unread filter (the login's route for Unread Only, issue 28).
	const all =
		ctx.query.get('status') === 'unread' ? ctx.state.unreadNotifications : ctx.state.notifications;
	const start = (page - 1) * size;
	const link = `${ctx.origin}${ctx.path}`;
	return {
		count: all.length,
		next: start + size < all.length ? `${link}?page=${page + 1}&page_size=${size}` : null,
		previous: page > 1 ? `${link}?page=${page - 1}&page_size=${size}` : null,
		results: all.slice(start, start + size).map(wildNotification),
	};
}

/** The only period the real server's dashboard knows, and how it names it. */
export const DASHBOARD_PERIOD = Object.freeze({ period: '30d', label: 'Last 30 days' });

/**
 * Dashboard metrics as the real server answers them (messaging/views_dashboard.py, `dashboard_metrics`): cards of
 * `{value, change, change_type, description}`, the last 30 days whatever `period` asks, and the period stated only
 * in the cards' descriptions ("Last 30 days"), in no field of its own (issue 28).
 * @param {import('./state.mjs').SandboxState} state
 */
export function dashboard30Days(state) {
	const { metrics } = state.dashboard(
		/** @type {keyof typeof import('./state.mjs').PERIOD_DAYS} */ (DASHBOARD_PERIOD.period),
	);
	const card = (/** @type {unknown} */ value, /** @type {string} */ description) => ({
		value,
		change: '+0.0%',
		change_type: 'neutral',
		description,
	});
	return {
		total_messages: card(metrics.messages_sent, DASHBOARD_PERIOD.label),
		sms_messages: card(metrics.messages_sent, `SMS ${DASHBOARD_PERIOD.label.toLowerCase()}`),
		active_contacts: card(state.contactList.length, 'Engaged this month'),
		campaign_success: card(`${metrics.delivery_rate}%`, 'Delivery rate'),
		sms_delivery_rate: card(`${metrics.delivery_rate}%`, 'SMS delivery rate'),
		current_credits: card(state.balance, 'Available credits'),
	};
}

/**
 * Routes whose real server does something else than the documented handler (not just another shape): the login,
 * the billing history (whole and grouped, whatever the query), the notifications (`unread_only` ignored) and the
 * dashboard (`period` ignored: always the last 30 days). Their answers then go through `wildAnswer` as every other.
 * @type {Record<string, (ctx: import('./routeTypes.mjs').Ctx) => import('./routeTypes.mjs').Result>}
 */
export const WILD_HANDLERS = {
	'/api/auth/login/': (ctx) => ({
		status: 200,
		body: loginWild(ctx.auth, ctx.body, ctx.state.config.jwtTtlSeconds),
	}),
	'/api/billing/history/': (ctx) => ({
		status: 200,
		body: groupedBilling(ctx.state.billing.all.slice(0, ctx.state.billing.all.length), (id) =>
			ctx.state.transactions.get(id),
		),
	}),
	'/api/messaging/dashboard/metrics/': (ctx) => ({ status: 200, body: dashboard30Days(ctx.state) }),
	'/api/notifications/': (ctx) => ({ status: 200, body: notificationsPage(ctx) }),
};

/** The model name a Django `get_object_or_404` names in its 500 (a missing handler of Http404). */
const MATCHES_QUERY = Object.freeze({
	'/api/billing/payments/transactions/{transaction_id}/status/': 'PaymentTransaction',
	'/api/messaging/campaigns/{campaign_id}/analytics/': 'Campaign',
	'/api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/': 'Tenant',
});

/**
 * A documented error of one route, as the real server sends it: an id that does not exist is a DRF
 * `{"detail": "Not found."}` 404, or (on some endpoints) a 500 `No <Thing> matches the given query.`.
 * @param {string} template
 * @param {ApiError} err
 * @returns {{status: number, body: unknown}}
 */
export function wildError(template, err) {
	if (err.status === 404 && /not_found$/.test(err.code)) {
		const thing = MATCHES_QUERY[/** @type {keyof typeof MATCHES_QUERY} */ (template)];
		if (thing) return { status: 500, body: { error: `No ${thing} matches the given query.` } };
		return { status: 404, body: { detail: 'Not found.' } };
	}
	if (err.status === 400 && err.code === 'validation_error')
		return { status: 400, body: err.details };
	return { status: err.status, body: err.toBody() };
}
