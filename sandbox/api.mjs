// The API endpoints of the reference: route table and handlers. Handlers are synchronous and return
// `{status, body}`; they throw ApiError for the documented error body.
import { BILLING_ROUTES, recordProviderAnswer } from './billing.mjs';
import { CONTACT_ROUTES } from './contacts.mjs';
import { ApiError, fieldError, validate } from './errors.mjs';
import { PRICE_CURRENCY } from './fixtures.mjs';
import { LOGIN_ROUTES } from './loginRoutes.mjs';
import { TEMPLATE_ROUTES } from './templates.mjs';
import {
	BILLING_TYPES,
	DASHBOARD_PERIODS,
	loginRequestSchema,
	paymentInitiateRequestSchema,
	sendRequestSchema,
	tenantCreateRequestSchema,
} from './schemas.mjs';
import { isoSeconds } from './util.mjs';

/** @typedef {import('./routeTypes.mjs').Ctx} Ctx */
/** @typedef {import('./routeTypes.mjs').Result} Result */

const MAX_PAGE_SIZE = 100;

/**
 * @param {URLSearchParams} query
 * @param {string} name
 * @param {number} fallback
 */
function positiveInt(query, name, fallback) {
	const raw = query.get(name);
	if (raw === null || raw === '') return fallback;
	if (!/^\d+$/.test(raw) || Number(raw) < 1)
		throw fieldError(name, `'${raw}' is not a positive integer`);
	return Number(raw);
}

/**
 * `page` and `page_size` from the query (page_size clamped to 100).
 * @param {URLSearchParams} query
 */
function pageParams(query) {
	return {
		page: positiveInt(query, 'page', 1),
		pageSize: Math.min(positiveInt(query, 'page_size', 20), MAX_PAGE_SIZE),
	};
}

/**
 * Page envelope over a list (an array or a NewestFirstList) with absolute next/previous URLs.
 * @param {Ctx} ctx
 * @param {{length: number, slice: (a: number, b: number) => any[]}} list
 */
function paginate(ctx, list) {
	const { page, pageSize } = pageParams(ctx.query);
	const count = list.length;
	const start = (page - 1) * pageSize;
	if (page > 1 && start >= count) throw new ApiError(404, 'not_found', 'Invalid page.');
	/** @param {number} p */
	const link = (p) => {
		const q = new URLSearchParams();
		q.set('page', String(p));
		q.set('page_size', String(pageSize));
		for (const [k, v] of ctx.query) if (k !== 'page' && k !== 'page_size') q.append(k, v);
		return `${ctx.origin}${ctx.path}?${q}`;
	};
	return {
		count,
		next: start + pageSize < count ? link(page + 1) : null,
		previous: page > 1 ? link(page - 1) : null,
		results: list.slice(start, start + pageSize),
	};
}

/**
 * @param {URLSearchParams} query
 * @param {string} name
 */
function parseBool(query, name) {
	const raw = query.get(name);
	if (raw === null || raw === '') return false;
	const v = raw.toLowerCase();
	if (v === 'true' || v === '1' || v === 'yes') return true;
	if (v === 'false' || v === '0' || v === 'no') return false;
	throw fieldError(name, `'${raw}' is not a boolean (use true or false)`);
}

/**
 * @param {unknown} body
 * @param {number} [status]
 * @returns {Result}
 */
const ok = (body, status = 200) => ({ status, body });

// -----------------------------------------------------------------------------------------------------------
// Handlers

/** @param {Ctx} ctx */
function sendSms(ctx) {
	const body = validate(sendRequestSchema, ctx.body);
	const { msg } = ctx.state.sendMessage(body);
	return ok({
		success: true,
		message_id: msg.id,
		status: 'sent',
		recipients_count: msg.recipients.length,
		credits_used: msg.credits,
	});
}

/** @param {Ctx} ctx */
function findMessage(ctx) {
	const msg = ctx.state.messages.get(ctx.params.message_id);
	if (!msg) {
		throw new ApiError(404, 'message_not_found', `Message not found: '${ctx.params.message_id}'`);
	}
	return msg;
}

/** @param {Ctx} ctx */
function integrationStatus(ctx) {
	const msg = findMessage(ctx);
	const now = Date.now();
	return ok({
		message_id: msg.id,
		status: ctx.state.messageStatus(msg, now),
		delivered_at: ctx.state.deliveredAt(msg, now),
	});
}

/** @param {Ctx} ctx */
function balance(ctx) {
	return ok({ balance: ctx.state.balance, currency: 'credits' });
}

/** @param {Ctx} ctx */
function createTenant(ctx) {
	const body = validate(tenantCreateRequestSchema, ctx.body);
	const t = ctx.state.createTenant(body);
	return ok(
		{
			success: true,
			data: {
				service_account_id: t.service_account_id,
				service_account_id_public: t.service_account_id_public,
				service_api_key: t.service_api_key,
				tenant_name: t.tenant_name,
				tenant_id: t.tenant_id,
				sms_balance: t.sms_balance,
				owner_email: t.owner_email,
				created_at: t.created_at,
			},
		},
		201,
	);
}

/** @param {Ctx} ctx */
function initiatePayment(ctx) {
	const tenantId = ctx.params.tenant_id;
	if (!ctx.state.findTenant(tenantId))
		throw new ApiError(404, 'tenant_not_found', `Tenant not found: '${tenantId}'`);
	const body = validate(paymentInitiateRequestSchema, ctx.body);
	const tx = ctx.state.initiatePayment(tenantId, body);
	return ok(
		{
			success: true,
			data: {
				transaction_id: tx.id,
				order_id: tx.order_id,
				amount: tx.amount,
				currency: tx.currency,
				status: tx.status,
				message: `Payment instructions were sent to ${body.buyer_phone} via ${body.mobile_money_provider}.`,
			},
		},
		201,
	);
}

/** @param {Ctx} ctx */
function login(ctx) {
	const body = validate(loginRequestSchema, ctx.body);
	return ok(ctx.auth.login(body, ctx.state.config.jwtTtlSeconds));
}

/** @param {Ctx} ctx */
function billingHistory(ctx) {
	const type = ctx.query.get('type');
	let list = ctx.state.billing.all;
	if (type !== null && type !== '') {
		if (!BILLING_TYPES.includes(/** @type {any} */ (type))) {
			throw fieldError('type', `'${type}' is not one of ${BILLING_TYPES.join(', ')}`);
		}
		list = ctx.state.billing[/** @type {import('./state.mjs').BillingKey} */ (type)];
	}
	return ok(paginate(ctx, list));
}

/** @param {Ctx} ctx */
function transactionStatus(ctx) {
	const tx = ctx.state.transactions.get(ctx.params.transaction_id);
	if (!tx)
		throw new ApiError(
			404,
			'transaction_not_found',
			`Transaction not found: '${ctx.params.transaction_id}'`,
		);
	// The slow status route is, with sync, what records an own purchase the provider completed (billing.mjs).
	if (tx.tenant_id === null) recordProviderAnswer(ctx.state, tx);
	return ok({ success: true, transaction: ctx.state.transactionView(tx) });
}

/** @param {Ctx} ctx */
function packages(ctx) {
	const list = ctx.state.packageList;
	return ok({ count: list.length, results: list });
}

/** @param {Ctx} ctx */
function messageDetails(ctx) {
	const msg = findMessage(ctx);
	const now = Date.now();
	return ok({
		success: true,
		message: {
			id: msg.id,
			recipient: msg.recipients[0],
			recipients: msg.recipients,
			message: msg.message,
			sender_id: msg.sender_id,
			status: ctx.state.messageStatus(msg, now),
			sent_at: isoSeconds(msg.sentMs),
			delivered_at: ctx.state.deliveredAt(msg, now),
			cost: msg.cost,
			currency: PRICE_CURRENCY,
		},
	});
}

/** @param {Ctx} ctx */
function smsStats(ctx) {
	return ok({ success: true, stats: ctx.state.smsStats() });
}

/** @param {Ctx} ctx */
function campaignAnalytics(ctx) {
	const c = ctx.state.campaigns.get(ctx.params.campaign_id);
	if (!c)
		throw new ApiError(
			404,
			'campaign_not_found',
			`Campaign not found: '${ctx.params.campaign_id}'`,
		);
	const { _createdMs, ...view } = c;
	return ok(view);
}

/** @param {Ctx} ctx */
function dashboardMetrics(ctx) {
	const raw = ctx.query.get('period');
	const period = raw === null || raw === '' ? '30d' : raw;
	if (!DASHBOARD_PERIODS.includes(/** @type {any} */ (period))) {
		throw fieldError('period', `'${period}' is not one of ${DASHBOARD_PERIODS.join(', ')}`);
	}
	return ok(
		ctx.state.dashboard(/** @type {keyof typeof import('./state.mjs').PERIOD_DAYS} */ (period)),
	);
}

/** @param {Ctx} ctx */
function contact(ctx) {
	const c = ctx.state.contacts.get(ctx.params.contact_id);
	if (!c)
		throw new ApiError(404, 'contact_not_found', `Contact not found: '${ctx.params.contact_id}'`);
	return ok(c);
}

/** @param {Ctx} ctx */
function recentActivity(ctx) {
	const raw = ctx.query.get('limit');
	let limit = 20;
	if (raw !== null && raw !== '') {
		if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 100) {
			throw fieldError('limit', `'${raw}' is not an integer between 1 and 100`);
		}
		limit = Number(raw);
	}
	const activities = ctx.state.activities.slice(0, limit);
	return ok({ count: activities.length, activities });
}

/** @param {Ctx} ctx */
function organizations(ctx) {
	return ok(paginate(ctx, ctx.state.organizations));
}

/** @param {Ctx} ctx */
function notifications(ctx) {
	// `status=unread` is the real server's unread filter; the API reference knows only `unread_only`.
	const unread =
		parseBool(ctx.query, 'unread_only') ||
		(ctx.state.config.profile !== 'documented' && ctx.query.get('status') === 'unread');
	return ok(paginate(ctx, unread ? ctx.state.unreadNotifications : ctx.state.notifications));
}

/**
 * The API reference's routes: method, path template (exactly as in the API reference), handler, whether auth is
 * needed. The `documented` profile serves these and nothing else.
 * @type {Array<[string, string, (ctx: Ctx) => Result, boolean]>}
 */
export const REFERENCE_ROUTES = [
	['POST', '/api/integration/v1/sms/send/', sendSms, true],
	['GET', '/api/integration/v1/sms/status/{message_id}/', integrationStatus, true],
	['GET', '/api/integration/v1/sms/balance/', balance, true],
	['POST', '/api/integration/v1/partner/tenants/create/', createTenant, true],
	[
		'POST',
		'/api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/',
		initiatePayment,
		true,
	],
	['POST', '/api/auth/login/', login, false],
	['GET', '/api/billing/history/', billingHistory, true],
	['GET', '/api/billing/payments/transactions/{transaction_id}/status/', transactionStatus, true],
	['GET', '/api/billing/sms/packages/', packages, true],
	['GET', '/api/messaging/sms/{message_id}/status/', messageDetails, true],
	['GET', '/api/messaging/sms/stats/', smsStats, true],
	['GET', '/api/messaging/campaigns/{campaign_id}/analytics/', campaignAnalytics, true],
	['GET', '/api/messaging/dashboard/metrics/', dashboardMetrics, true],
	['GET', '/api/messaging/contacts/{contact_id}/', contact, true],
	['GET', '/api/messaging/activity/recent/', recentActivity, true],
	['GET', '/api/tenants/', organizations, true],
	['GET', '/api/notifications/', notifications, true],
];

/**
 * Routes the real service's code has and the API reference does not: served by the `wild` profile (as that code
 * answers) and the `demo` profile (both families, for people trying the nodes), never by `documented`.
 * @type {Array<[string, string, (ctx: Ctx) => Result, boolean]>}
 */
export const REAL_SERVER_ROUTES = [
	// Contacts and sender IDs of the real service's messaging API (issue 29): their own module.
	...CONTACT_ROUTES,
	// The real service's own routes for the email and password login (issue 28): their own module.
	...LOGIN_ROUTES,
	// Templates and bulk contact tagging of the real service's messaging API (issue 44): their own module.
	...TEMPLATE_ROUTES,
	// Buying credits, the spend, sender ID requests and reading notifications (issue 42): their own module.
	...BILLING_ROUTES,
];
