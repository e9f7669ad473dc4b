import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { listFields } from '../../helpers/descriptions';
import { chosenFilter, listLimit } from '../../helpers/parameters';
import { listRecords } from '../../transport';
import { REQUEST_STATUSES } from './statuses';

const properties: INodeProperties[] = listFields([
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		default: 'pending',
		options: REQUEST_STATUSES.map(({ name, value, description }) => ({
			name,
			value,
			description,
		})),
		description: 'Return only requests with this status. Defaults to Pending.',
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['senderIdRequest'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const values = REQUEST_STATUSES.map((status) => status.value);
	const wanted = chosenFilter(this, itemIndex, 'status', 'Status', values);
	// The service ignores `?status=`: every page is read and filtered here, before the limit counts.
	return await listRecords(this, {
		...endpoints.senderIdRequests(),
		itemIndex,
		limit: listLimit(this, itemIndex),
		keep: wanted === undefined ? undefined : (record) => record.status === wanted,
	});
}
