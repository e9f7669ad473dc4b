import type { IDataObject } from 'n8n-workflow';

import { NEEDS_LOGIN } from '../helpers/descriptions';
import { endpoints } from '../endpoints';
import type { Verdict } from './timeline';
import { maxEventsOption, timelineEvent } from './triggerEvent';

/** A request pending this long before the cursor is no longer watched (staff may take days to decide). */
export const WATCH_REQUESTS_MS = 60 * 24 * 3600 * 1000;

function changedAt(record: IDataObject): number | undefined {
	for (const field of ['updated_at', 'reviewed_at']) {
		const raw = record[field];
		const ms = typeof raw === 'string' ? Date.parse(raw) : NaN;
		if (!Number.isNaN(ms)) return ms;
	}
	return undefined;
}

/**
 * Sender ID requests (`GET …/messaging/sender-requests/`, newest created first, 20 a page, no filter on changes): one
 * fires once when its status leaves `pending` after activation (approved, rejected, requires_changes, cancelled),
 * with the request. The time of a decision is the record's `updated_at`. A request pending at a poll is watched until
 * it is decided, so each poll reads the list down to the oldest request still pending: with one pending request
 * 100 requests ago, that is 5 requests a poll.
 */
export const senderIdDecided = timelineEvent({
	value: 'senderIdDecided',
	name: 'Sender ID Decided',
	description: `Fires once when a sender ID request is no longer pending (${NEEDS_LOGIN})`,
	fields: [],
	options: [maxEventsOption],
	settings: () => ({}),
	spec: (_settings, maxEvents) => ({
		...endpoints.senderIdRequests(),
		classify: (record): Verdict => (record.status === 'pending' ? 'pending' : 'emit'),
		changedAt,
		maxEmit: maxEvents,
		pendingLookbackMs: WATCH_REQUESTS_MS,
		maxPending: 200,
		maxRemembered: 200,
		maxRecords: 5000,
		maxPages: 250,
		pendingPages: 50,
	}),
	toItem: (record) => record,
	isTestEvent: (record) => record.status !== 'pending',
	what: 'decided sender ID request',
});
