import type { IDataObject } from 'n8n-workflow';

/** Payment statuses of a mobile-money payment that is still under way: its status will change again. */
const IN_PROGRESS = new Set([
	'pending',
	'processing',
	'initiated',
	'in_progress',
	'awaiting_confirmation',
	'created',
]);

export function paymentStatus(record: { status?: unknown }): string {
	return String(record.status ?? '').toLowerCase();
}

export function isInProgress(status: string): boolean {
	return IN_PROGRESS.has(status.toLowerCase());
}

/**
 * A payment record as output: the status endpoint calls the transaction `id`, the initiation and history call it
 * `transaction_id`. When both hold the same value only `transaction_id` is kept, so no field is there twice.
 */
export function paymentOutput(record: IDataObject): IDataObject {
	const out = { ...record };
	if (
		out.id !== undefined &&
		out.transaction_id !== undefined &&
		String(out.id) === String(out.transaction_id)
	) {
		delete out.id;
	}
	return out;
}

function timeOf(value: unknown): number | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

/**
 * When a payment record last changed, as far as it says (ms): `completed_at`, else `updated_at`; `undefined` when it
 * carries neither (the documented billing record has only `created_at`). Real servers keep one record per payment
 * and change its status, so this, not the creation time, says when it completed.
 */
export function paymentChangedAt(record: { completed_at?: unknown; updated_at?: unknown }) {
	return timeOf(record.completed_at) ?? timeOf(record.updated_at);
}

/**
 * The transaction a billing record belongs to, when it says (`transaction_id`). A history that adds a record at
 * completion beside the one of the initiation shows one payment in two records with one transaction.
 */
export function paymentTransaction(record: { transaction_id?: unknown }): string | undefined {
	const key = record.transaction_id;
	return key === undefined || key === null || key === '' ? undefined : String(key);
}

/**
 * A phone number as the payment's buyer may type it (local `0712 345 678` or international `+255 712 345 678`): the
 * service takes it as typed and normalises it itself (the API reference shows a local number there).
 */
export function looksLikePhone(text: string): boolean {
	return /^\+?[\d\s\-.()]{6,20}$/.test(text);
}
