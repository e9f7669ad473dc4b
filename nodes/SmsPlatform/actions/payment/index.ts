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
				action: 'Get payment status',
				description:
					"Retrieve a payment’s status (pending, completed or failed) and amount, by the transaction ID from 'Initiate Payment'",
			},
		],
		default: 'getStatus',
	},
	...getStatus.description,
];
