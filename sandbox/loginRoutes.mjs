// The real service's own routes for the email and password login (issue 28), beside the documented ones, in the wild
// and demo profiles, on the same state as the documented routes. Shapes as in the service's code
// (MGASALUCAS/mifumosms_backend, branch backend_testing): billing/views_sms.py (balance), views_payment.py (progress,
// the payment transactions), views_billing_history.py (comprehensive history); the send is in loginSend.mjs. Also here:
// the 500 of the documented billing history once a custom purchase exists, and the 500 of an unknown campaign's
// analytics.
import { randomUUID } from 'node:crypto';

import { wildProviderProgress } from './billing.mjs';
import { loginSend, realError } from './loginSend.mjs';
import { answersAsRealServer, isoSeconds } from './util.mjs';

/**
 * What one state keeps for these routes, rebuilt when the state is reset (its seed time changes): the custom SMS
 * purchases.
 * @type {WeakMap<object, {seededAt: number, customPurchases: Record<string, any>[]}>}
 */
const stores = new WeakMap();

/** @param {import('./state.mjs').SandboxState} state */
function storeOf(state) {
	let store = stores.get(state);
	if (!store || store.seededAt !== state.seededAt) {
		store = { seededAt: state.seededAt, customPurchases: [] };
		stores.set(state, store);
	}
	return store;
}

/** @param {import('./routeTypes.mjs').Ctx} ctx */
const isWild = (ctx) => answersAsRealServer(ctx.state.config);

/**
 * GET /api/billing/sms/balance/: the balance record (SMSBalanceSerializer), `credits` the balance.
 * @param {import('./routeTypes.mjs').Ctx} ctx
 */
function loginBalance(ctx) {
	const used = ctx.state.messageList.reduce(
		(sum, /** @type {any} */ m) => sum + (m.tenant_account_id ? 0 : m.credits),
		0,
	);
	const at = isoSeconds(ctx.state.seededAt || Date.now());
	return {
		status: 200,
		body: {
			id: 'b0000000-0000-4000-8000-000000000001',
			tenant: 'Sandbox Organisation',
			credits: ctx.state.balance,
			total_purchased: ctx.state.balance + used,
			total_used: used,
			last_updated: isoSeconds(Date.now()),
			created_at: at,
		},
	};
}

/**
 * GET /api/billing/payments/transactions/{id}/progress/: at once, the stored `status` and the provider's
 * `payment_status`. An unknown id is the view's own 500 (its `get_object_or_404` inside `except Exception`).
 * @param {import('./routeTypes.mjs').Ctx} ctx
 */
function paymentProgress(ctx) {
	const tx = ctx.state.transactions.get(ctx.params.transaction_id);
	if (!tx)
		throw realError(500, {
			message: 'Failed to get payment progress',
			error: 'No PaymentTransaction matches the given query.',
		});
	const done = tx.status === 'completed';
	const steps = [
		'Payment Initiated',
		'Complete Payment on Mobile',
		'Payment Verification',
		'Credits Added',
	];
	return {
		status: 200,
		body: {
			success: true,
			data: {
				transaction_id: tx.id,
				order_id: tx.order_id,
				invoice_number: `INV-${tx.order_id}`,
				amount: tx.amount,
				currency: tx.currency,
				status: tx.status,
				payment_status: done ? 'COMPLETED' : tx.status === 'failed' ? 'FAILED' : 'PENDING',
				progress: { step: done ? 4 : 1, total_steps: 4, percentage: done ? 100 : 25 },
				progress_percentage: done ? 100 : 25,
				current_step: done ? 'Credits Added' : 'Payment Initiated',
				next_step: done ? '' : 'Complete Payment on Mobile',
				steps,
				purchase: null,
				created_at: isoSeconds(tx.createdMs),
				updated_at: isoSeconds(tx.updatedMs),
				completed_at: tx.completed_at,
				// In `wild`, what the provider says of a purchase still stored pending (billing.mjs).
				...(isWild(ctx) ? wildProviderProgress(tx) : {}),
			},
		},
	};
}

/**
 * One billing record as the comprehensive history lists it.
 * @param {Record<string, any>} r a billing record of type purchase or payment
 * @param {Record<string, any> | undefined} tx its transaction
 */
function historyEntry(r, tx) {
	const payment = r.type === 'payment';
	return {
		id: r.id,
		type: r.type,
		type_display: payment ? 'Payment Transaction' : 'SMS Package Purchase',
		invoice_number: `INV-${String(r.id).slice(0, 8).toUpperCase()}`,
		amount: r.amount,
		currency: r.currency,
		status: r.status === 'processing' ? 'pending' : r.status,
		status_display: String(r.status).charAt(0).toUpperCase() + String(r.status).slice(1),
		payment_method: 'mobile_money',
		credits: payment ? null : (r.credits ?? null),
		created_at: r.created_at,
		completed_at: tx ? tx.completed_at : r.status === 'completed' ? r.created_at : null,
		description: r.description,
		...(r.transaction_id ? { transaction_id: r.transaction_id } : {}),
	};
}

/**
 * GET /api/billing/history/comprehensive/: purchases, payments and custom purchases (no usage), newest first, paged
 * with `page`/`page_size` (not capped), filtered by `status` and `transaction_type`.
 * @param {import('./routeTypes.mjs').Ctx} ctx
 */
function comprehensiveHistory(ctx) {
	const q = ctx.query;
	const page = Math.max(1, Number(q.get('page')) || 1);
	const size = Math.max(1, Number(q.get('page_size')) || 20);
	const status = q.get('status');
	const type = q.get('transaction_type');
	/** @type {Record<string, any>[]} */
	let all = ctx.state.billing.all
		.slice(0, ctx.state.billing.all.length)
		.filter((/** @type {any} */ r) => r.type !== 'usage')
		.map((/** @type {any} */ r) => historyEntry(r, ctx.state.transactions.get(r.id)));
	all = [...all, ...storeOf(ctx.state).customPurchases]
		.filter((r) => !status || r.status === status)
		.filter((r) => !type || r.type === type)
		.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
	const start = (page - 1) * size;
	const completed = all.filter((r) => r.status === 'completed');
	return {
		status: 200,
		body: {
			success: true,
			data: {
				transactions: all.slice(start, start + size),
				summary: {
					total_transactions: all.length,
					total_amount: completed.reduce((s, r) => s + Number(r.amount), 0),
					total_credits: completed.reduce((s, r) => s + (r.credits ?? 0), 0),
					currency: 'TZS',
				},
				pagination: {
					count: all.length,
					next: start + size < all.length ? `?page=${page + 1}&page_size=${size}` : null,
					previous: page > 1 ? `?page=${page - 1}&page_size=${size}` : null,
					page,
					page_size: size,
					total_pages: Math.ceil(all.length / size),
				},
			},
		},
	};
}

/**
 * One payment as the real server's PaymentTransactionSerializer gives it: the initiated ones with their transaction
 * (the status changes in place: `completed_at`, `updated_at`), the seeded ones as completed payments.
 * @param {import('./state.mjs').SandboxState} state
 * @param {Record<string, any>} r a billing record of type payment
 */
function paymentTransaction(state, r) {
	const tx = state.transactions.get(r.id);
	const status = tx ? tx.status : r.status;
	const code = String(r.id).slice(0, 8).toUpperCase();
	const pkg = tx ? state.packages.get(tx.package_id) : undefined;
	const updated = tx ? isoSeconds(tx.updatedMs) : r.created_at;
	return {
		id: r.id,
		order_id: tx ? tx.order_id : `ORD-${code}`,
		zenopay_order_id: `zp-${r.id}`,
		invoice_number: `INV-${code}`,
		amount: Number(r.amount).toFixed(2),
		currency: r.currency,
		buyer_email: tx?.buyer_email ?? '',
		buyer_name: tx?.buyer_name ?? '',
		buyer_phone: tx?.buyer_phone ?? '',
		payment_method: 'zenopay_mobile_money',
		payment_method_display: 'ZenoPay Mobile Money',
		status,
		status_display: String(status).charAt(0).toUpperCase() + String(status).slice(1),
		zenopay_reference: '',
		zenopay_transid: '',
		zenopay_channel: '',
		zenopay_msisdn: '',
		webhook_received: status === 'completed',
		created_at: r.created_at,
		updated_at: updated,
		completed_at: tx ? tx.completed_at : status === 'completed' ? r.created_at : null,
		failed_at: status === 'failed' ? updated : null,
		error_message: '',
		purchase_data: pkg
			? {
					id: r.id,
					package_name: pkg.name,
					credits: pkg.sms_count + pkg.bonus_sms,
					unit_price: pkg.price / (pkg.sms_count + pkg.bonus_sms),
				}
			: null,
	};
}

/** The page size of DRF's PageNumberPagination there (PAGE_SIZE 20; `page_size` is not a query parameter). */
const TRANSACTIONS_PAGE = 20;

/**
 * GET /api/billing/payments/transactions/ (PaymentTransactionListView): the tenant's payments with their own status,
 * newest created first, filtered by `status`, `payment_method` and `currency`, 20 a page with `page` only, as DRF's
 * page `{count, next, previous, results}`; a page past the end is 404 `{detail: "Invalid page."}`.
 * @param {import('./routeTypes.mjs').Ctx} ctx
 */
function paymentTransactions(ctx) {
	const q = ctx.query;
	const rawPage = q.get('page') ?? '1';
	/** @type {Record<string, any>[]} */
	const all = ctx.state.billing.payment
		.slice(0, ctx.state.billing.payment.length)
		.map((/** @type {any} */ r) => paymentTransaction(ctx.state, r))
		.filter((/** @type {Record<string, any>} */ r) =>
			['status', 'payment_method', 'currency'].every((f) => !q.get(f) || r[f] === q.get(f)),
		)
		.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
	const pages = Math.max(1, Math.ceil(all.length / TRANSACTIONS_PAGE));
	const page = /^\d+$/.test(rawPage) ? Number(rawPage) : 0;
	if (page < 1 || page > pages) return { status: 404, body: { detail: 'Invalid page.' } };
	const link = (/** @type {number} */ n) => {
		const url = new URL(`${ctx.origin}${ctx.path}`);
		for (const [key, value] of q) if (key !== 'page') url.searchParams.set(key, value);
		if (n > 1) url.searchParams.set('page', String(n));
		return url.href;
	};
	const start = (page - 1) * TRANSACTIONS_PAGE;
	return {
		status: 200,
		body: {
			count: all.length,
			next: page < pages ? link(page + 1) : null,
			previous: page > 1 ? link(page - 1) : null,
			results: all.slice(start, start + TRANSACTIONS_PAGE),
		},
	};
}

/**
 * A custom SMS purchase (admin: POST /__sandbox/custom-purchase `{credits?}`): listed by the comprehensive history;
 * in `wild` the documented history answers 500 from then on, as the real one does.
 * @param {import('./state.mjs').SandboxState} state
 * @param {number} [credits]
 */
export function addCustomPurchase(state, credits = 5000) {
	const id = randomUUID();
	const record = {
		id,
		type: 'custom',
		type_display: 'Custom SMS Purchase',
		invoice_number: `CSP-${id.slice(0, 8).toUpperCase()}`,
		amount: credits * 25,
		currency: 'TZS',
		status: 'pending',
		status_display: 'Pending',
		payment_method: 'custom',
		credits,
		created_at: isoSeconds(Date.now()),
		completed_at: null,
		description: `Custom purchase of ${credits} SMS credits at 25 TZS each`,
	};
	storeOf(state).customPurchases.push(record);
	return record;
}

/**
 * The wild profile's answer where the real server fails on its own: the documented billing history once a custom
 * purchase exists (a 500 from its view), an unknown campaign's analytics (its view answers 500 for any failure).
 * `undefined` when the route answers as usual.
 * @param {string} template
 * @param {import('./routeTypes.mjs').Ctx} ctx
 * @returns {{status: number, body: unknown} | undefined}
 */
export function wildFailure(template, ctx) {
	if (template === '/api/billing/history/' && storeOf(ctx.state).customPurchases.length)
		return {
			status: 500,
			body: {
				success: false,
				message: 'Failed to retrieve billing history',
				// As the real server answered here once a custom purchase was initiated (its view reads `.purchase` of every
				// payment transaction).
				error: 'PaymentTransaction has no purchase.',
			},
		};
	if (
		template === '/api/messaging/campaigns/{campaign_id}/analytics/' &&
		!ctx.state.campaigns.get(ctx.params.campaign_id)
	)
		return { status: 500, body: { success: false, message: 'Failed to get campaign analytics' } };
	return undefined;
}

/**
 * @type {Array<[string, string, (ctx: import('./routeTypes.mjs').Ctx) => import('./routeTypes.mjs').Result, boolean]>}
 */
export const LOGIN_ROUTES = [
	['POST', '/api/messaging/sms/send/', loginSend, true],
	['GET', '/api/billing/sms/balance/', loginBalance, true],
	['GET', '/api/billing/payments/transactions/{transaction_id}/progress/', paymentProgress, true],
	['GET', '/api/billing/history/comprehensive/', comprehensiveHistory, true],
	['GET', '/api/billing/payments/transactions/', paymentTransactions, true],
];

/** These routes answer in the real server's shapes in both profiles: the wild reshaping leaves them as they are. */
export const LOGIN_TEMPLATES = new Set(LOGIN_ROUTES.map((route) => route[1]));
