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
