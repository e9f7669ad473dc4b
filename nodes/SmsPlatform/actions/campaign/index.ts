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
				action: 'Get analytics of a campaign',
				description:
					'Return a campaign’s totals: recipients, sent, delivered, failed, delivery rate (%), cost, duration and throughput',
			},
		],
		default: 'getAnalytics',
	},
	...getAnalytics.description,
];
