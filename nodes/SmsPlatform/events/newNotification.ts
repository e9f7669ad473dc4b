import type { IDataObject } from 'n8n-workflow';

import { SOME_REFUSE_API_KEY } from '../helpers/descriptions';
import { endpoints, UNREAD_ONLY } from '../endpoints';
import { isRead } from '../helpers/notifications';
import { maxEventsOption, timelineEvent } from './triggerEvent';

/** Notifications: each one not seen before fires once; with Unread Only, only unread ones. */
export const newNotification = timelineEvent({
	value: 'newNotification',
	name: 'New Notification',
	description: `Fires once for each new notification (${SOME_REFUSE_API_KEY})`,
	fields: [],
	options: [
		maxEventsOption,
		{
			displayName: 'Unread Only',
			name: 'unreadOnly',
			type: 'boolean',
			default: false,
			description:
				'Whether to fire only for notifications that are still unread. Defaults to false.',
		},
	],
	settings: (ctx) => ({
		unreadOnly: (ctx.getNodeParameter('options', {}) as IDataObject).unreadOnly === true,
	}),
	spec: (settings, maxEvents) => ({
		...endpoints.notifications(),
		qs: settings.unreadOnly ? UNREAD_ONLY : {},
		// A server may ignore both filters: read ones are passed over here, on whichever read flag they carry.
		matches: (record) => !settings.unreadOnly || isRead(record) !== true,
		classify: () => 'emit',
		maxEmit: maxEvents,
		pendingLookbackMs: 0,
		maxPending: 0,
		maxRemembered: 0,
		maxRecords: 5000,
		maxPages: 250,
		pendingPages: 1,
	}),
	toItem: (record) => record,
	isTestEvent: () => true,
	what: 'notification',
});
