import type { IDataObject } from 'n8n-workflow';

import { isRead } from '../transport/response';
import type { TimelineSpec } from './timeline';

/** Notifications: each one not seen before fires once; with Unread Only, only unread ones are read. */
export function newNotificationSpec(maxEmit: number, unreadOnly: boolean): TimelineSpec {
	const qs: IDataObject = {};
	if (unreadOnly) qs.unread_only = 'true';
	return {
		path: '/api/notifications/',
		qs,
		// A server may ignore `unread_only`: read ones are passed over here, on whichever read flag they carry.
		matches: (record) => !unreadOnly || isRead(record) !== true,
		classify: () => 'emit',
		maxEmit,
		pendingLookbackMs: 0,
		maxPending: 0,
		maxRecords: 5000,
		maxPages: 250,
		pendingPages: 1,
	};
}
