import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { apiRequest, unwrapObject } from '../../transport';

/** Nothing to fill in: the whole account's notifications. */
const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['notification'], operation: ['markAllRead'] } },
	properties,
);

/** Marks every notification read; outputs how many were unread (`marked`), as the service counts them. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { body } = await apiRequest(this, {
		...endpoints.markAllNotificationsRead(),
		itemIndex,
	});
	const answer = unwrapObject(body);
	const message = typeof answer.message === 'string' ? answer.message : undefined;
	// The service says the count only in its words: "Marked 14 notifications as read".
	const counted = message ? /(\d+)/.exec(message) : null;
	return { marked: counted ? Number(counted[1]) : null, message: message ?? null };
}
