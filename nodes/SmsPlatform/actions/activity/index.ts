import type { INodeProperties } from 'n8n-workflow';

import * as getRecent from './getRecent.operation';

export { getRecent };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['activity'] } },
		options: [
			{
				name: 'Get Recent',
				value: 'getRecent',
				action: 'Get recent activity',
				description:
					'Return the latest account activity (e.g. sms_sent, campaign_created), newest first: one item per entry with type, description, user and timestamp',
			},
		],
		default: 'getRecent',
	},
	...getRecent.description,
];
