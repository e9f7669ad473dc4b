// The real service's routes for buying credits for the account itself, recording payments, reading the spend, following
// sender ID requests and marking notifications read (issue 42), as its code answers them (MGASALUCAS/mifumosms_backend,
// branch backend_testing): billing/views_payment.py (initiate_payment, sync_pending_payments), views_billing_history.py
// (usage_history_detailed, billing_history_summary), messaging/views_sender_requests.py (the list and detail views),
// notifications/views.py (mark_notification_read, mark_all_read). In `wild` a purchase the provider completed stays
// `pending` until it is recorded: by `POST …/payments/sync/` (or the slow `…/status/` route), as there.
import { ApiError } from './errors.mjs';
import { senderRequestsOf } from './contacts.mjs';
import { SMS_PRICE } from './fixtures.mjs';
import { NewestFirstList, isoSeconds } from './util.mjs';

/** @typedef {import('./routeTypes.mjs').Ctx} Ctx */
/** @typedef {import('./routeTypes.mjs').Result} Result */
/** @typedef {Record<string, any>} Rec */

/** The providers the real server takes (get_mobile_money_providers_data). */
const PROVIDERS = ['vodacom', 'tigo', 'airtel', 'halotel'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The real server's days: Africa/Dar_es_Salaam, UTC+3 all year. */
const SERVICE_OFFSET_MS = 3 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
/** DRF's page size there (PAGE_SIZE 20; `page_size` is not a query parameter of those lists). */
const DRF_PAGE = 20;

/**
 * The real server's `{success: false, message}` error.
 * @param {number} status
 * @param {string} message
 */
const refusal = (status, message) =>
	new ApiError(status, 'error', message).withBody({ success: false, message });

/** @param {number} ms */
const serviceDay = (ms) => new Date(ms + SERVICE_OFFSET_MS).toISOString().slice(0, 10);

/**
 * POST /api/billing/payments/initiate/: a package for the caller's own account. Checks in the real view's order: the
 * four fields, the provider, a local 07/06 phone, a UUID package id, an active package. Answers 201 `{success,
 * message, data: {transaction_id, …, status: 'pending'}}`.
 * @param {Ctx} ctx
 * @returns {Result}
 */
function initiate(ctx) {
	const b = /** @type {Rec} */ (ctx.body);
	const provider = b.mobile_money_provider ?? 'vodacom';
	if (![b.package_id, b.buyer_email, b.buyer_name, b.buyer_phone].every(Boolean))
		throw refusal(400, 'Missing required fields: package_id, buyer_email, buyer_name, buyer_phone');
	if (!PROVIDERS.includes(provider))
		throw refusal(400, `Invalid mobile money provider. Choose from: ${PROVIDERS.join(', ')}`);
	if (!/^0[67]/.test(String(b.buyer_phone)))
		throw refusal(
			400,
			'Invalid phone number. Must be a Tanzanian mobile number starting with 07 or 06 (e.g., 0744963858)',
		);
	if (!UUID.test(String(b.package_id)))
		throw refusal(
			400,
			`Invalid package ID format: ${b.package_id}. Please select a valid package.`,
		);
	const pkg = ctx.state.packages.get(b.package_id);
	if (!pkg || !pkg.is_active)
		throw refusal(404, 'Package not found or inactive. Please select a valid package.');
	const tx = ctx.state.initiatePayment(
		null,
		/** @type {any} */ ({ ...b, mobile_money_provider: provider }),
	);
	const credits = pkg.sms_count + pkg.bonus_sms;
	return {
		status: 201,
		body: {
			success: true,
			message: 'Payment initiated successfully. Please complete payment on your mobile device.',
			data: {
				transaction_id: tx.id,
				order_id: tx.order_id,
				zenopay_order_id: `zp-${tx.id}`,
				invoice_number: `INV-${tx.order_id}`,
				amount: tx.amount,
				currency: tx.currency,
				credits,
				status: 'pending',
				mobile_money_provider: provider,
				payment_instructions: 'Request in progress. You will receive a callback shortly',
				package: { id: pkg.id, name: pkg.name, credits, price: pkg.price },
				buyer: { name: b.buyer_name, email: b.buyer_email, phone: b.buyer_phone },
			},
		},
	};
}

/**
 * Records what the provider said about one pending payment (what sync and the slow status route do there).
 * @param {import('./state.mjs').SandboxState} state
 * @param {Rec} tx
 * @returns {'completed'|'failed'|'pending'}
 */
export function recordProviderAnswer(state, tx) {
	if (tx.status !== 'pending') return tx.status;
	if (tx.provider === 'COMPLETED') return state.completePayment(tx.id).status;
	// The branch `main` records a FAILED order only: a CANCELLED one (declined on the phone) stays pending there.
	const declined =
		tx.provider === 'FAILED' || (tx.provider === 'CANCELLED' && state.config.profile !== 'main');
	if (declined) return state.failPayment(tx.id).status;
	return 'pending';
}

/**
 * POST /api/billing/payments/sync/: asks the provider about every pending payment of the account and records what
 * completed or failed: `{success, data: {checked, updated, failed_checks, results: [{id, status}]}}`.
 * @param {Ctx} ctx
 * @returns {Result}
 */
function sync(ctx) {
	const results = [];
	let updated = 0;
	for (const tx of ctx.state.transactions.values()) {
		if (tx.status !== 'pending' || tx.tenant_id !== null) continue;
		const status = recordProviderAnswer(ctx.state, tx);
		if (status !== 'pending') updated++;
		results.push({ id: tx.id, status });
	}
	return {
		status: 200,
		body: {
			success: true,
			data: { checked: results.length, updated, failed_checks: 0, results },
		},
	};
}

/**
 * A page of a list as the history views cut it: `page`/`page_size` (20 by default, not capped), and the real view's
 * `next` link, which keeps only the page and its size (the date range is dropped).
 * @param {Ctx} ctx
 * @param {Rec[]} all
 */
function historyPage(ctx, all) {
	const page = Math.max(1, Number(ctx.query.get('page')) || 1);
	const size = Math.max(1, Number(ctx.query.get('page_size')) || 20);
	const start = (page - 1) * size;
	return {
		records: all.slice(start, start + size),
		pagination: {
			count: all.length,
			next: start + size < all.length ? `?page=${page + 1}&page_size=${size}` : null,
			previous: page > 1 ? `?page=${page - 1}&page_size=${size}` : null,
			page,
			page_size: size,
			total_pages: Math.ceil(all.length / size),
		},
	};
}

/**
 * The usage records (UsageRecordSerializer: `id`, `credits_used`, `cost` as a decimal string, `created_at`), newest
 * first, from the sandbox's billing records of type usage.
 * @param {import('./state.mjs').SandboxState} state
 */
function usageRecords(state) {
	return state.billing.usage.slice(0, state.billing.usage.length).map((/** @type {Rec} */ r) => {
		const credits = Math.round(Math.abs(Number(r.amount)) / SMS_PRICE);
		return {
			id: r.id,
			credits_used: credits,
			cost: (credits * SMS_PRICE).toFixed(2),
			created_at: r.created_at,
		};
	});
}

/**
 * A date filter as the real view reads it: `YYYY-MM-DD`, else ignored (its `except ValueError: pass`).
 * @param {string|null} value
 */
const dayFilter = (value) =>
	value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;

/**
 * GET /api/billing/history/usage/: `start_date`/`end_date` compared with each record's day in the server's time zone.
 * @param {Ctx} ctx
 * @returns {Result}
 */
function usage(ctx) {
	const from = dayFilter(ctx.query.get('start_date'));
	const to = dayFilter(ctx.query.get('end_date'));
	const all = usageRecords(ctx.state).filter((r) => {
		const day = serviceDay(Date.parse(r.created_at));
		return (!from || day >= from) && (!to || day <= to);
	});
	const { records, pagination } = historyPage(ctx, all);
	return { status: 200, body: { success: true, data: { usage_records: records, pagination } } };
}

/** The periods the summary knows, in days; any other is 30 days. */
const PERIOD_DAYS = /** @type {Record<string, number>} */ ({
	'7d': 7,
	'30d': 30,
	'90d': 90,
	'1y': 365,
});

/**
 * GET /api/billing/history/summary/: the totals of `period` (30d when missing or unknown), up to today.
 * @param {Ctx} ctx
 * @returns {Result}
 */
function summary(ctx) {
	const asked = ctx.query.get('period') ?? '30d';
	const days = PERIOD_DAYS[asked] ?? 30;
	const end = serviceDay(Date.now());
	const start = serviceDay(
		Date.parse(`${end}T00:00:00Z`) - SERVICE_OFFSET_MS - days * DAY_MS + DAY_MS / 2,
	);
	const inPeriod = (/** @type {Rec} */ r) => serviceDay(Date.parse(r.created_at)) >= start;
	const billing = ctx.state.billing;
	const purchases = billing.purchase.slice(0, billing.purchase.length).filter(inPeriod);
	const payments = billing.payment.slice(0, billing.payment.length).filter(inPeriod);
	const used = usageRecords(ctx.state).filter(inPeriod);
	/** @type {Record<string, {credits: number, cost: number}>} */
	const months = {};
	for (const r of used) {
		const month = serviceDay(Date.parse(r.created_at)).slice(0, 7);
		months[month] ??= { credits: 0, cost: 0 };
		months[month].credits += r.credits_used;
		months[month].cost += Number(r.cost);
	}
	const sum = (/** @type {number[]} */ values) => values.reduce((s, v) => s + v, 0);
	return {
		status: 200,
		body: {
			success: true,
			data: {
				summary: {
					total_purchased: sum(purchases.map((r) => Number(r.amount))),
					total_credits_purchased: sum(
						purchases.map((r) => Math.round(Number(r.amount) / SMS_PRICE)),
					),
					total_usage_cost: sum(used.map((r) => Number(r.cost))),
					total_credits_used: sum(used.map((r) => r.credits_used)),
					current_balance: ctx.state.balance,
					total_purchases: purchases.length,
					total_payments: payments.length,
					total_usage_records: used.length,
					period: asked,
					start_date: start,
					end_date: end,
				},
				charts: {
					monthly_usage: Object.entries(months)
						.sort(([a], [b]) => a.localeCompare(b))
						.map(([month, v]) => ({ month, credits: v.credits, cost: v.cost })),
					payment_methods: payments.length
						? [
								{
									method: 'zenopay_mobile_money',
									count: payments.length,
									amount: sum(payments.map((r) => Number(r.amount))),
								},
							]
						: [],
				},
			},
		},
	};
}

/**
 * A sender ID request as SenderIDRequestSerializer gives it.
 * @param {Rec} r
 */
const requestView = (r) => ({
	reviewed_by: null,
	reviewed_at: null,
	rejection_reason: '',
	sms_package: null,
	...r,
	user_email: 'demo@sandbox.test',
});

/**
 * GET /api/messaging/sender-requests/: the account's requests, newest created first, DRF's page of 20 (`page` only);
 * `?status=` is not a filter there. A page past the end is 404 `{detail: "Invalid page."}`.
 * @param {Ctx} ctx
 * @returns {Result}
 */
function senderRequests(ctx) {
	const all = [...senderRequestsOf(ctx.state)].reverse().map(requestView);
	const pages = Math.max(1, Math.ceil(all.length / DRF_PAGE));
	const raw = ctx.query.get('page') ?? '1';
	const page = /^\d+$/.test(raw) ? Number(raw) : 0;
	if (page < 1 || page > pages) return { status: 404, body: { detail: 'Invalid page.' } };
	const link = (/** @type {number} */ n) => `${ctx.origin}${ctx.path}?page=${n}`;
	const start = (page - 1) * DRF_PAGE;
	return {
		status: 200,
		body: {
			count: all.length,
			next: page < pages ? link(page + 1) : null,
			previous: page > 1 ? link(page - 1) : null,
			results: all.slice(start, start + DRF_PAGE),
		},
	};
}

/**
 * GET /api/messaging/sender-requests/{id}/: the bare request; an unknown id is DRF's 404.
 * @param {Ctx} ctx
 * @returns {Result}
 */
function senderRequest(ctx) {
	const found = senderRequestsOf(ctx.state).find((r) => r.id === ctx.params.request_id);
	if (!found) return { status: 404, body: { detail: 'Not found.' } };
	return { status: 200, body: requestView(found) };
}

/**
 * What the service's staff do by hand (admin: POST /__sandbox/sender-requests/{id}/decide): the request's new status
 * and, when rejected, its reason; an approved name becomes an active sender ID.
 * @param {import('./state.mjs').SandboxState} state
 * @param {string} id
 * @param {{status?: unknown, rejection_reason?: unknown}} decision
 * @param {(state: any, name: string) => void} approve
 */
export function decideSenderRequest(state, id, decision, approve) {
	// By its id, or by the name requested (the newest request of that name): what a user of the demo has at hand.
	const requests = senderRequestsOf(state);
	const named = requests.filter(
		(r) => String(r.requested_sender_id).toUpperCase() === String(id).toUpperCase(),
	);
	const found = requests.find((r) => r.id === id) ?? named[named.length - 1];
	if (!found) throw new ApiError(404, 'not_found', `No sender ID request '${id}'`);
	const status = String(decision.status ?? 'approved');
	if (!['approved', 'rejected', 'requires_changes', 'cancelled'].includes(status))
		throw new ApiError(
			400,
			'validation_error',
			'status: approved, rejected, requires_changes or cancelled',
		);
	if (status === 'approved') approve(state, found.requested_sender_id);
	const now = isoSeconds(Date.now());
	Object.assign(found, {
		status,
		reviewed_at: now,
		updated_at: now,
		rejection_reason:
			status === 'rejected' ? String(decision.rejection_reason ?? 'Not approved') : '',
	});
	return requestView(found);
}

/**
 * The unread list again after notifications were read (the sandbox keeps unread ones in their own list).
 * @param {import('./state.mjs').SandboxState} state
 */
function rebuildUnread(state) {
	state.unreadNotifications = new NewestFirstList();
	for (const n of state.notifications.slice(0, state.notifications.length))
		if (!n.is_read) state.unreadNotifications.append(n);
}

/**
 * POST /api/notifications/{id}/mark-read/: one read already stays read (200); an unknown one is 404 `{success: false,
 * error}`; an id that is not a UUID matches no route there (Django's 404 page).
 * @param {Ctx} ctx
 * @returns {Result}
 */
function markRead(ctx) {
	const id = ctx.params.notification_id;
	if (!UUID.test(id))
		return /** @type {Result} */ ({ status: 404, body: null, html: '<h1>Not Found</h1>' });
	const found = ctx.state.notifications
		.slice(0, ctx.state.notifications.length)
		.find((n) => n.id === id);
	if (!found)
		return {
			status: 404,
			body: { success: false, error: 'Notification not found or already read' },
		};
	if (!found.is_read) {
		found.is_read = true;
		found.read_at = isoSeconds(Date.now());
		rebuildUnread(ctx.state);
	}
	return { status: 200, body: { success: true, message: 'Notification marked as read' } };
}

/**
 * POST /api/notifications/mark-all-read/: `{success, message: "Marked N notifications as read"}`.
 * @param {Ctx} ctx
 * @returns {Result}
 */
function markAllRead(ctx) {
	const unread = ctx.state.unreadNotifications.slice(0, ctx.state.unreadNotifications.length);
	const now = isoSeconds(Date.now());
	for (const n of unread) Object.assign(n, { is_read: true, read_at: now });
	rebuildUnread(ctx.state);
	return {
		status: 200,
		body: { success: true, message: `Marked ${unread.length} notifications as read` },
	};
}

/**
 * A handler whose answers are the real server's already: the wild reshaping (string amounts, other timestamps) leaves
 * them as they are.
 * @param {(ctx: Ctx) => Result} handler
 * @returns {(ctx: Ctx) => Result}
 */
const asIs = (handler) => (ctx) => /** @type {Result} */ ({ ...handler(ctx), raw: true });

/**
 * These routes: method, path template, handler, whether auth is needed (as in api.mjs).
 * @type {Array<[string, string, (ctx: Ctx) => Result, boolean]>}
 */
export const BILLING_ROUTES = [
	['POST', '/api/billing/payments/initiate/', asIs(initiate), true],
	['POST', '/api/billing/payments/sync/', asIs(sync), true],
	['GET', '/api/billing/history/usage/', asIs(usage), true],
	['GET', '/api/billing/history/summary/', asIs(summary), true],
	['GET', '/api/messaging/sender-requests/', asIs(senderRequests), true],
	['GET', '/api/messaging/sender-requests/{request_id}/', asIs(senderRequest), true],
	['POST', '/api/notifications/{notification_id}/mark-read/', asIs(markRead), true],
	['POST', '/api/notifications/mark-all-read/', asIs(markAllRead), true],
];

/**
 * The progress route's provider fields in `wild` (ZenoPay's `result`, as views_payment.py shows it): `SUCCESS` for an
 * order it knows, `FAIL` for a failed one; the progress at 100 once it reports the order completed, although the
 * stored `status` stays `pending` until the payment is recorded.
 * @param {Rec} tx
 */
export function wildProviderProgress(tx) {
	// Only the account's own purchases: a partner tenant's payment completes on its own here (state.mjs).
	if (tx.status !== 'pending' || tx.tenant_id !== null) return {};
	if (tx.provider === 'FAILED' || tx.provider === 'CANCELLED') return { payment_status: 'FAIL' };
	const paid = tx.provider === 'COMPLETED';
	return {
		payment_status: 'SUCCESS',
		progress: { step: paid ? 4 : 2, total_steps: 4, percentage: paid ? 100 : 33 },
		progress_percentage: paid ? 100 : 33,
		current_step: paid ? 'Payment Completed' : 'Complete Payment on Mobile',
	};
}
