import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { returnAllOrLimit } from '../../helpers/descriptions';
import { listLimit } from '../../helpers/parameters';
import { listRecords } from '../../transport';

const PACKAGE_NUMBERS = ['sms_count', 'price', 'bonus_sms', 'validity_days'];

const properties: INodeProperties[] = returnAllOrLimit();

export const description = updateDisplayOptions(
	{ show: { resource: ['smsPackage'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listRecords(this, {
		...endpoints.smsPackages(),
		itemIndex,
		limit: listLimit(this, itemIndex),
		numbers: PACKAGE_NUMBERS,
	});
}
