import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { requestOptionsDescription } from '../../helpers/descriptions';
import { getRequestSettings } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [requestOptionsDescription];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['getStats'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getRecord(this, {
		path: endpoints.smsStats().path,
		itemIndex,
		settings: getRequestSettings(this, itemIndex),
		wrapper: 'stats',
		numbers: ['total_sent', 'total_delivered', 'total_failed', 'delivery_rate', 'total_cost'],
	});
}
