import type { INodeProperties } from 'n8n-workflow';

import * as getStatus from './getStatus.operation';

export { getStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['payment'] } },
		options: [
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get the status of a payment',
				description:
					'Return the payment transaction: ID, order_id, amount, currency, status (pending, completed...) and completed_at',
			},
		],
		default: 'getStatus',
	},
	...getStatus.description,
];
