import { isInProgress, paymentStatus } from '../helpers/payments';
import { billingType, groupedRecords } from '../helpers/billing';
import { coerceNumbers } from '../transport';
import type { Verdict } from './timeline';
import { maxEventsOption, timelineEvent } from './triggerEvent';

/**
 * Payments (billing records of type `payment`): one fires when first seen `completed`, including one that was still
 * pending at an earlier poll (it is remembered until it completes, fails, or is a week older than the cursor; at most
 * 200 are remembered, and they are re-checked within the newest 10 pages).
 */
export const paymentCompleted = timelineEvent({
	value: 'paymentCompleted',
	name: 'Payment Completed',
	description:
		'A mobile-money payment reached status completed (each payment fires once, also one that was pending at an earlier check)',
	fields: [],
	options: [maxEventsOption],
	// `threshold: 0` keeps the state key of version 0.1.0.
	settings: () => ({ threshold: 0 }),
	spec: (_settings, maxEvents) => ({
		path: '/api/billing/history/',
		qs: { type: 'payment' },
		readPage: groupedRecords,
		matches: (record) => (billingType(record) ?? 'payment') === 'payment',
		classify(record): Verdict {
			const status = paymentStatus(record);
			if (status === 'completed') return 'emit';
			if (isInProgress(status)) return 'pending';
			return 'skip';
		},
		maxEmit: maxEvents,
		pendingLookbackMs: 7 * 24 * 3600 * 1000,
		maxPending: 200,
		maxRecords: 5000,
		maxPages: 250,
		pendingPages: 10,
	}),
	toItem: (record) => coerceNumbers({ ...record }, ['amount']),
	isTestEvent: (record) => paymentStatus(record) === 'completed',
	what: 'completed payment',
});
