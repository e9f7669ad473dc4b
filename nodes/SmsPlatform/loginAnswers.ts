import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from './plainObject';

/**
 * How the real server's own routes (the login family) answer, read in the API reference's shape, so an operation's
 * output has the same fields whichever route answered. endpoints.ts pairs each of these with its route; the transport
 * applies it to that route's answer. Shapes as in the service's code (branch `backend_testing`):
 * messaging/views_sms_beem.py, billing/views_sms.py, billing/views_payment.py, billing/views_billing_history.py.
 * Pure functions: this module imports nothing of the package's own but plainObject.ts.
 */

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
 * Send's login route, `POST …/messaging/sms/send/`, answers 201 `{success, message, data: {message_id,
 * base_message_id, recipient_count, status, …}}`: read as the documented `{success, message_id, status,
 * recipients_count, base_message_id}`.
 */
export function sentOnLogin(answer: unknown): unknown {
	if (!isPlainObject(answer) || !isPlainObject(answer.data)) return answer;
	const data = answer.data;
	return defined({
		success: answer.success,
		message_id: data.message_id,
		status: data.status,
		recipients_count: data.recipient_count,
		base_message_id: data.base_message_id,
	});
}

/** Get Status: `GET …/messaging/sms/{id}/status/` → `{message_id, status, delivered_at}`. */
export function messageStatusOnLogin(answer: unknown): unknown {
	const record = inner(answer, 'message');
	if (!isPlainObject(record)) return answer;
	return defined({
		message_id: record.message_id ?? record.id,
		status: record.status,
		delivered_at: record.delivered_at ?? null,
	});
}

/** Get Balance: `GET …/billing/sms/balance/` answers the balance record with `credits` → `{balance, currency}`. */
export function balanceOnLogin(answer: unknown): unknown {
	const record = inner(answer);
	if (!isPlainObject(record) || record.credits === undefined) return answer;
	return { balance: record.credits, currency: 'credits' };
}

/**
 * Payment Get Status: `GET …/billing/payments/transactions/{id}/progress/` answers at once with the stored `status`
 * and the provider's `payment_status` (the documented `…/status/` sleeps 60 s there). Read as the documented
 * transaction `{id, order_id, amount, currency, status, completed_at}`, with `payment_status` beside it.
 */
export function paymentStatusOnLogin(answer: unknown): unknown {
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
}

/** Comprehensive history type → the documented record type (a custom SMS purchase is a purchase). */
const HISTORY_TYPES: Record<string, string> = {
	purchase: 'purchase',
	payment: 'payment',
	custom: 'purchase',
};

/**
 * Billing Get Many: `GET …/billing/history/comprehensive/` (the documented `history/` answers 500 there once a
 * custom purchase exists) pages with `page`/`page_size` and answers `{success, data: {transactions, summary,
 * pagination: {count, next, …}}}`; read as the documented page `{count, next, previous, results}`. It has no usage
 * records.
 */
export function billingHistoryOnLogin(answer: unknown): unknown {
	const data = inner(answer);
	if (!isPlainObject(data) || !Array.isArray(data.transactions)) return answer;
	const pagination = isPlainObject(data.pagination) ? data.pagination : {};
	const results = data.transactions.filter(isPlainObject).map((record) => {
		const type = HISTORY_TYPES[String(record.type)] ?? String(record.type);
		return { ...record, type, kind: record.type };
	});
	return {
		count: pagination.count ?? results.length,
		next: pagination.next ?? null,
		previous: pagination.previous ?? null,
		results,
	};
}

/**
 * One payment transaction of the login's list (PaymentTransactionSerializer: `id`, `order_id`, `amount` as a decimal
 * string, `status`, `created_at`, `updated_at`, `completed_at`, …) as the documented billing record of type `payment`,
 * its transaction in `transaction_id`. The real server's other fields follow. A record without a description gets the
 * one the server's own billing history gives a payment.
 */
export function paymentRecord(record: IDataObject): IDataObject {
	const method = record.payment_method_display ?? record.payment_method;
	const description =
		record.description ??
		`Payment of ${String(record.amount)} ${String(record.currency)}${method ? ` via ${String(method)}` : ''}`;
	return {
		...defined({
			id: record.id,
			type: 'payment',
			description,
			amount: record.amount,
			currency: record.currency,
			status: record.status,
			created_at: record.created_at,
			transaction_id: record.id,
		}),
		...record,
		type: 'payment',
		description,
	};
}

/**
 * The Payment Completed trigger's list. With the login: `GET …/billing/payments/transactions/`, the payment
 * transactions with their own status (set `completed`, with `completed_at`, when the provider confirms), newest
 * created first, 20 a page (`page` only: `page_size` is ignored; a page past the end answers 404), as the documented
 * page `{count, next, previous, results}`. Every status is read, not only `completed`: a payment seen pending is
 * watched until it completes (events/paymentCompleted.ts), which a list of completed ones alone could not do. The
 * billing history there lists a package's payment as its purchase (under the purchase's id), so it is not read.
 */
export function paymentsOnLogin(answer: unknown): unknown {
	if (!isPlainObject(answer) || !Array.isArray(answer.results)) return answer;
	return { ...answer, results: answer.results.filter(isPlainObject).map(paymentRecord) };
}
