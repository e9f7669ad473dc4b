import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { readLimit } from '../../helpers/parameters';
import { getList } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		// n8n's convention for a Limit (and what the community-package scanner requires); the service caps it at 100.
		default: 50,
		description: 'Max number of results to return',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['activity'], operation: ['getRecent'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex, 100);
	const records = await getList(
		this,
		{
			...endpoints.recentActivity(),
			qs: { limit },
			itemIndex,
		},
		{ noun: 'activities', shape: '{ count, activities: [...] }' },
	);
	// A server that ignores `limit` must not flood the workflow.
	return records.slice(0, limit);
}
