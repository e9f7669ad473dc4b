import { endpoints } from '../endpoints';
import { billingType, groupedRecords } from '../helpers/billing';
import {
	declinedWatched,
	isInProgress,
	paymentChangedAt,
	paymentOutput,
	paymentStatus,
	paymentTransaction,
	recordCompletions,
} from '../helpers/payments';
import { CREDENTIAL_TYPE, coerceNumbers } from '../transport';
import type { Verdict } from './timeline';
import { idOf } from './timelineReader';
import { maxEventsOption, timelineEvent } from './triggerEvent';

import { SOME_REFUSE_API_KEY } from '../helpers/descriptions';
/**
 * The bounds of watching a payment that is still in progress (pending, processing...) until it completes: at most
 * `MAX_WATCHED_PAYMENTS` are watched (the oldest are let go first), and one created more than `WATCH_MAX_AGE_MS`
 * before the trigger's cursor (service time) is let go. Watching costs requests only on a paged history: it is
 * re-read down to the oldest watched payment, at most `WATCH_PAGES` pages a poll.
 */
export const MAX_WATCHED_PAYMENTS = 200;
export const WATCH_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const WATCH_PAGES = 10;
/**
 * The latest payments emitted (or found completed at activation) are remembered, so none fires (again) when its
 * record changes after completing (a later `updated_at`) or when the history shows it in a second record (same
 * `transaction_id`).
 */
export const MAX_REMEMBERED_PAYMENTS = 200;

/**
 * Payments (billing records of type `payment`; with the login, the payment transactions: endpoints.ts): each fires
 * once when it is seen `completed` after activation, whenever it was created. The time of a payment is its completion
 * (`completed_at`, else `updated_at`) where the record has one, else its creation: it orders the items and moves the
 * cursor, so a record created before the cursor that completed after it fires too. One seen in progress is watched until it completes, fails or a bound lets it go
 * (see above); one let go still fires when it completes if its record carries the completion time.
 */
export const paymentCompleted = timelineEvent({
	value: 'paymentCompleted',
	name: 'Payment Completed',
	description: `Fires once when a mobile money payment completes, whenever it was created (${SOME_REFUSE_API_KEY})`,
	fields: [],
	options: [maxEventsOption],
	settings: () => ({}),
	spec: (_settings, maxEvents) => ({
		...endpoints.payments(),
		qs: { type: 'payment' },
		readPage: groupedRecords,
		matches: (record) => (billingType(record) ?? 'payment') === 'payment',
		classify(record): Verdict {
			const status = paymentStatus(record);
			if (status === 'completed') return 'emit';
			if (isInProgress(status)) return 'pending';
			return 'skip';
		},
		changedAt: paymentChangedAt,
		keyOf: (record) => paymentTransaction(record) ?? idOf(record),
		maxEmit: maxEvents,
		pendingLookbackMs: WATCH_MAX_AGE_MS,
		maxPending: MAX_WATCHED_PAYMENTS,
		maxRemembered: MAX_REMEMBERED_PAYMENTS,
		maxRecords: 5000,
		maxPages: 250,
		pendingPages: WATCH_PAGES,
	}),
	toItem: (record) => coerceNumbers(paymentOutput(record), ['amount']),
	// The real service records a completion only when asked: while payments are watched, each poll asks it once
	// (`POST …/payments/sync/`, one request) before reading the list. Only that service has the route, and it takes
	// only the login: an API key never asks (nor does the login on a server of the API reference's routes, see
	// recordCompletions). A payment the provider declined that the sync leaves pending (branch main ignores a
	// cancelled order) is let go, never fired: one such payment is looked at a poll (declinedWatched).
	beforeRead: async (ctx, watched, lastChecked) => {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		if (credentials.authMethod !== 'jwt') return { letGo: [] };
		return await declinedWatched(ctx, watched, await recordCompletions(ctx), lastChecked);
	},
	isTestEvent: (record) => paymentStatus(record) === 'completed',
	what: 'completed payment',
});
