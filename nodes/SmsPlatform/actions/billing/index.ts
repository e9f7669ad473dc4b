import type { INodeProperties } from 'n8n-workflow';

import * as getHistory from './getHistory.operation';

export { getHistory };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['billing'] } },
		options: [
			{
				name: 'Get History',
				value: 'getHistory',
				action: 'Get billing history',
				description:
					'Return billing records (purchase, payment, usage), newest first: one item each with ID, type, description, amount, currency, status, created_at',
			},
		],
		default: 'getHistory',
	},
	...getHistory.description,
];
