import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestOptionsDescription, returnAllOrLimit } from '../../helpers/descriptions';
import { getList } from '../../helpers/fetch';

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
				displayName: 'Unread Only',
				name: 'unreadOnly',
				type: 'boolean',
				default: true,
				description: 'Whether to return only notifications that are not read yet',
			},
		],
	},
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notification'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.unreadOnly === true) qs.unread_only = 'true';
	return await getList(this, itemIndex, '/api/notifications/', { qs });
}
