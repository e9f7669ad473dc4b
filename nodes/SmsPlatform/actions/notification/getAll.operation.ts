import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints, UNREAD_ONLY } from '../../endpoints';
import { listFields } from '../../helpers/descriptions';
import { isRead } from '../../helpers/notifications';
import { listLimit, readFilters } from '../../helpers/parameters';
import { listRecords } from '../../transport';

const properties: INodeProperties[] = listFields([
	{
		displayName: 'Unread Only',
		name: 'unreadOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to return only notifications that are not read yet. Defaults to false.',
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['notification'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const unreadOnly = readFilters(this, itemIndex).unreadOnly === true;
	// A server may ignore both filters: read notifications are left out here too, on whichever read flag they carry.
	return await listRecords(this, {
		...endpoints.notifications(),
		qs: unreadOnly ? UNREAD_ONLY : {},
		itemIndex,
		limit: listLimit(this, itemIndex),
		keep: unreadOnly ? (record) => isRead(record) !== true : undefined,
	});
}
