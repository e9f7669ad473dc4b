import type { IDataObject } from 'n8n-workflow';

import { billingType, coerceNumbers } from '../transport/response';
import type { TimelineSpec, Verdict } from './timeline';

const IN_PROGRESS = new Set([
	'pending',
	'processing',
	'initiated',
	'in_progress',
	'awaiting_confirmation',
	'created',
]);

function status(record: IDataObject): string {
	return String(record.status ?? '').toLowerCase();
}

/**
 * Payments (billing records of type `payment`): one fires when first seen `completed`, including one that was still
 * pending at an earlier poll (it is remembered until it completes, fails, or is a week older than the cursor; at most
 * 200 are remembered, and they are re-checked within the newest 10 pages).
 */
export function paymentCompletedSpec(maxEmit: number): TimelineSpec {
	return {
		path: '/api/billing/history/',
		qs: { type: 'payment' },
		matches: (record) => (billingType(record) ?? 'payment') === 'payment',
		classify(record): Verdict {
			const value = status(record);
			if (value === 'completed') return 'emit';
			if (IN_PROGRESS.has(value)) return 'pending';
			return 'skip';
		},
		maxEmit,
		pendingLookbackMs: 7 * 24 * 3600 * 1000,
		maxPending: 200,
		maxRecords: 5000,
		maxPages: 250,
		pendingPages: 10,
	};
}

export function isCompletedPayment(record: IDataObject): boolean {
	return status(record) === 'completed';
}

export function paymentItem(record: IDataObject): IDataObject {
	return coerceNumbers({ ...record }, ['amount']);
}
