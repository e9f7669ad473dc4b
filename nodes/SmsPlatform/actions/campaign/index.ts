import type { INodeProperties } from 'n8n-workflow';

import * as getAnalytics from './getAnalytics.operation';

export { getAnalytics };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['campaign'] } },
		options: [
			{
				name: 'Get Analytics',
				value: 'getAnalytics',
				action: 'Get campaign analytics',
				description:
					'Retrieve a campaign’s delivery totals by its campaign ID: sent, delivered, failed, delivery rate and cost',
			},
		],
		default: 'getAnalytics',
	},
	...getAnalytics.description,
];
