import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { idField } from '../../helpers/descriptions';
import { readId } from '../../helpers/parameters';
import { apiRequest, unwrapObject } from '../../transport';

const properties: INodeProperties[] = [
	idField(
		'notificationId',
		'Notification ID',
		"The notification's ID, from the output of 'Get Many' or the trigger's 'New Notification'",
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notification'], operation: ['markRead'] } },
	properties,
);

/** Marks one notification read (one already read stays read); outputs its ID with `read: true`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const notificationId = readId(this, 'notificationId', 'Notification ID', itemIndex);
	const { body } = await apiRequest(this, {
		...endpoints.markNotificationRead(notificationId),
		itemIndex,
	});
	const answer = unwrapObject(body);
	return { id: notificationId, read: true, message: answer.message ?? null };
}
