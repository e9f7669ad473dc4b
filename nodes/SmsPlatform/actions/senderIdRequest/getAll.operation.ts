import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { returnAllOrLimit } from '../../helpers/descriptions';
import { listLimit } from '../../helpers/parameters';
import { listRecords } from '../../transport';
import { REQUEST_STATUSES } from './statuses';

const properties: INodeProperties[] = [
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		options: [
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
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['senderIdRequest'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const values = REQUEST_STATUSES.map((status) => status.value);
	let wanted: string | undefined;
	if (filters.status !== undefined && filters.status !== '') {
		const status = typeof filters.status === 'string' ? filters.status.trim() : filters.status;
		if (typeof status !== 'string' || !values.includes(status)) {
			throw new NodeOperationError(
				this.getNode(),
				`'Status' in 'Filters' is ${JSON.stringify(filters.status)}, not one of ${values.join(', ')}`,
				{ itemIndex, description: `Choose one of ${values.join(', ')} in 'Filters' → 'Status'.` },
			);
		}
		wanted = status;
	}
	// The service ignores `?status=`: every page is read and filtered here, before the limit counts.
	return await listRecords(this, {
		...endpoints.senderIdRequests(),
		itemIndex,
		limit: listLimit(this, itemIndex),
		keep: wanted === undefined ? undefined : (record) => record.status === wanted,
	});
}
