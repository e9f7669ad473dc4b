import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { requestOptionsDescription } from '../../helpers/descriptions';
import { getRequestSettings } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const PERIODS = ['7d', '30d', '90d', '1y'];

const properties: INodeProperties[] = [
	{
		displayName: 'Period',
		name: 'period',
		type: 'options',
		default: '30d',
		options: [
			{ name: 'Last 7 Days', value: '7d' },
			{ name: 'Last 30 Days', value: '30d' },
			{ name: 'Last 90 Days', value: '90d' },
			{ name: 'Last Year', value: '1y' },
		],
		description: 'The period the metrics cover',
	},
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['dashboard'], operation: ['getMetrics'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const raw = this.getNodeParameter('period', itemIndex, '30d') as unknown;
	// An expression may give an object or a list: name it as JSON rather than "[object Object]".
	const period = typeof raw === 'string' ? raw.trim() : (JSON.stringify(raw) ?? String(raw));
	if (!PERIODS.includes(period)) {
		throw new NodeOperationError(
			this.getNode(),
			`Period "${period}" in item ${itemIndex} is not one of ${PERIODS.join(', ')}`,
			{ itemIndex },
		);
	}
	return await getRecord(this, {
		path: '/api/messaging/dashboard/metrics/',
		qs: { period },
		itemIndex,
		settings: getRequestSettings(this, itemIndex),
		numbers: [
			'metrics.messages_sent',
			'metrics.messages_delivered',
			'metrics.delivery_rate',
			'metrics.cost',
			'metrics.contacts_added',
			'metrics.campaigns_created',
			'daily_breakdown[].sent',
			'daily_breakdown[].delivered',
			'daily_breakdown[].cost',
		],
	});
}
