import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idField, requestOptionsDescription } from '../../helpers/descriptions';
import { getRequestSettings, readId } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [
	idField('campaignId', 'Campaign ID', 'The ID of the campaign (a UUID)'),
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: ['getAnalytics'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getRecord(this, {
		path: `/api/messaging/campaigns/${readId(this, 'campaignId', 'Campaign ID', itemIndex)}/analytics/`,
		itemIndex,
		settings: getRequestSettings(this, itemIndex),
		numbers: [
			'total_recipients',
			'sent',
			'delivered',
			'failed',
			'delivery_rate',
			'cost',
			'duration_seconds',
			'messages_per_second',
		],
	});
}
