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
