import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { requestOptionsDescription, returnAllOrLimit } from '../../helpers/descriptions';
import { getRequestSettings, listLimit } from '../../helpers/parameters';
import { listRecords } from '../../transport';

const properties: INodeProperties[] = [...returnAllOrLimit(), requestOptionsDescription];

export const description = updateDisplayOptions(
	{ show: { resource: ['organization'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listRecords(this, {
		path: endpoints.organizations().path,
		itemIndex,
		limit: listLimit(this, itemIndex),
		settings: getRequestSettings(this, itemIndex),
	});
}
