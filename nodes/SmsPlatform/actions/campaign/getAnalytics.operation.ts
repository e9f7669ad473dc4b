import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	idField,
	requestOptionsDescription,
	simplify,
	simplifyField,
} from '../../helpers/descriptions';
import { getRequestSettings, readId } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [
	idField('campaignId', 'Campaign ID', 'The ID of the campaign, as shown in the campaign’s page'),
	simplifyField,
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: ['getAnalytics'] } },
	properties,
);

/** What Simplify keeps of the 14 fields: the campaign and its delivery totals (timings and throughput dropped). */
const SIMPLE_FIELDS = [
	'campaign_id',
	'name',
	'status',
	'total_recipients',
	'sent',
	'delivered',
	'failed',
	'delivery_rate',
	'cost',
	'currency',
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const analytics = await getRecord(this, {
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
	const simple = this.getNodeParameter('simple', itemIndex, true) as boolean;
	return simple ? simplify(analytics, SIMPLE_FIELDS) : analytics;
}
