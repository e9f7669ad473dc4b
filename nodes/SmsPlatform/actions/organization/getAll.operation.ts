import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestOptionsDescription, returnAllOrLimit } from '../../helpers/descriptions';
import { getList } from '../../helpers/fetch';

const properties: INodeProperties[] = [...returnAllOrLimit(), requestOptionsDescription];

export const description = updateDisplayOptions(
	{ show: { resource: ['organization'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await getList(this, itemIndex, '/api/tenants/');
}
