import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestOptionsDescription, returnAllOrLimit } from '../../helpers/descriptions';
import { getList } from '../../helpers/fetch';

const PACKAGE_NUMBERS = ['sms_count', 'price', 'bonus_sms', 'validity_days'];

const properties: INodeProperties[] = [...returnAllOrLimit(), requestOptionsDescription];

export const description = updateDisplayOptions(
	{ show: { resource: ['smsPackage'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await getList(this, itemIndex, '/api/billing/sms/packages/', { numbers: PACKAGE_NUMBERS });
}
