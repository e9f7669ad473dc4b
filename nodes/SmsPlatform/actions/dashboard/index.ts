import type { INodeProperties } from 'n8n-workflow';

import * as getMetrics from './getMetrics.operation';

export { getMetrics };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dashboard'] } },
		options: [
			{
				name: 'Get Metrics',
				value: 'getMetrics',
				action: 'Get dashboard metrics',
				description:
					'Retrieve the dashboard’s totals for a period (7 days to 1 year): messages, delivery rate, cost, and a daily breakdown',
			},
		],
		default: 'getMetrics',
	},
	...getMetrics.description,
];
