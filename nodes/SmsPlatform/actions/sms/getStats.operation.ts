import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['getStats'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getRecord(this, {
		...endpoints.smsStats(),
		itemIndex,
		numbers: ['total_sent', 'total_delivered', 'total_failed', 'delivery_rate', 'total_cost'],
	});
}
