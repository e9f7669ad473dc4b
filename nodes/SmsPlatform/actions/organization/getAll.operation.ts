import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { returnAllOrLimit } from '../../helpers/descriptions';
import { listLimit } from '../../helpers/parameters';
import { listRecords } from '../../transport';

const properties: INodeProperties[] = returnAllOrLimit();

export const description = updateDisplayOptions(
	{ show: { resource: ['organization'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listRecords(this, {
		...endpoints.organizations(),
		itemIndex,
		limit: listLimit(this, itemIndex),
	});
}
