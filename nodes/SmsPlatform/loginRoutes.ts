import type { IDataObject } from 'n8n-workflow';

import type { Route } from './transport';

/**
 * The routes the real service's code has for the email and password login, beside the API reference's (design §3,
 * "Two route families"), and how each answer reads in the documented shape, so an operation's output has the same
 * fields whichever route answered. Shapes as in the service's code (branch `backend_testing`): messaging/views_sms_beem.py,
 * billing/views_sms.py, billing/views_payment.py, billing/views_billing_history.py.
 */

function isPlainObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `{success, data: {...}}` (or `{success, message: {...}}`) → the record inside; anything else as it came. */
function inner(body: unknown, ...keys: string[]): unknown {
	if (!isPlainObject(body)) return body;
	for (const key of ['data', ...keys]) if (isPlainObject(body[key])) return body[key];
	return body;
}

/** Only the fields present, in the documented order (an answer without them is checked by the operation). */
function defined(record: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
	return out;
}

/**
 * Send: `POST /api/messaging/sms/send/` takes `{message, recipients (1–1000), sender_id, schedule_time?}` and answers
 * 201 `{success, message, data: {message_id, base_message_id, recipient_count, status, …}}`; read as the documented
 * `{success, message_id, status, recipients_count, …}`. A send for a partner's tenant account (`tenant_account_id`)
 * has no login route: that route sends from the login's own account, which would charge the wrong one.
 */
export function sendLoginRoute(body: IDataObject): Route | undefined {
	if (body.tenant_account_id !== undefined) return undefined;
	return {
		path: '/api/messaging/sms/send/',
		body,
		toDocumented: (answer) => {
			if (!isPlainObject(answer) || !isPlainObject(answer.data)) return answer;
			const data = answer.data;
			return defined({
				success: answer.success,
				message_id: data.message_id,
				status: data.status,
				recipients_count: data.recipient_count,
				base_message_id: data.base_message_id,
			});
		},
	};
}

/** Get Status (`id` encoded with encodeId, as every path parameter): `GET /api/messaging/sms/{id}/status/` → `{message_id, status, delivered_at}`. */
export function smsStatusLoginRoute(id: string): Route {
	return {
		path: `/api/messaging/sms/${id}/status/`,
		toDocumented: (answer) => {
			const record = inner(answer, 'message');
			if (!isPlainObject(record)) return answer;
			return defined({
				message_id: record.message_id ?? record.id,
				status: record.status,
				delivered_at: record.delivered_at ?? null,
			});
		},
	};
}

/** Get Balance: `GET /api/billing/sms/balance/` answers the balance record with `credits` → `{balance, currency}`. */
export const balanceLoginRoute: Route = {
	path: '/api/billing/sms/balance/',
	toDocumented: (answer) => {
		const record = inner(answer);
		if (!isPlainObject(record) || record.credits === undefined) return answer;
		return { balance: record.credits, currency: 'credits' };
	},
};

/**
 * Payment Get Status (`id` encoded with encodeId): `GET /api/billing/payments/transactions/{id}/progress/` answers at once with the stored `status`
 * and the provider's `payment_status` (the documented `…/status/` sleeps 60 s there). Read as the documented
 * transaction `{id, order_id, amount, currency, status, completed_at}`, with `payment_status` beside it.
 */
export function paymentStatusLoginRoute(id: string): Route {
	return {
		path: `/api/billing/payments/transactions/${id}/progress/`,
		toDocumented: (answer) => {
			const record = inner(answer, 'transaction');
			if (!isPlainObject(record)) return answer;
			return {
				transaction: defined({
					id: record.transaction_id ?? record.id,
					order_id: record.order_id,
					amount: record.amount,
					currency: record.currency,
					status: record.status,
					completed_at: record.completed_at ?? null,
					payment_status: record.payment_status,
				}),
			};
		},
	};
}

/** Comprehensive history type → the documented record type (a custom SMS purchase is a purchase). */
const HISTORY_TYPES: Record<string, string> = {
	purchase: 'purchase',
	payment: 'payment',
	custom: 'purchase',
};

/**
 * Billing Get Many: `GET /api/billing/history/comprehensive/` (the documented `history/` answers 500 there once a
 * custom purchase exists) pages with `page`/`page_size` and answers `{success, data: {transactions, summary,
 * pagination: {count, next, …}}}`; read as the documented page `{count, next, previous, results}`. It has no usage
 * records. `asPayments` reads every record as a payment: there a package bought with mobile money is listed as its
 * purchase, not as a payment (the Payment Completed trigger).
 */
export function billingHistoryLoginRoute(asPayments = false): Route {
	return {
		path: '/api/billing/history/comprehensive/',
		qs: {},
		toDocumented: (answer) => {
			const data = inner(answer);
			if (!isPlainObject(data) || !Array.isArray(data.transactions)) return answer;
			const pagination = isPlainObject(data.pagination) ? data.pagination : {};
			const results = data.transactions.filter(isPlainObject).map((record) => {
				const type = asPayments
					? 'payment'
					: (HISTORY_TYPES[String(record.type)] ?? String(record.type));
				return { ...record, type, kind: record.type };
			});
			return {
				count: pagination.count ?? results.length,
				next: pagination.next ?? null,
				previous: pagination.previous ?? null,
				results,
			};
		},
	};
}

/** Notifications: the unread filter with the login is `?status=unread` (the reference's `unread_only` is ignored there). */
export const unreadNotificationsLoginRoute: Route = {
	path: '/api/notifications/',
	qs: { status: 'unread' },
};
