import type { INodeProperties } from 'n8n-workflow';

import { SOME_REFUSE_API_KEY } from '../../helpers/descriptions';
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
				description: `Retrieve the dashboard’s totals for a period, with a daily breakdown (${SOME_REFUSE_API_KEY})`,
			},
		],
		default: 'getMetrics',
	},
	...getMetrics.description,
];
