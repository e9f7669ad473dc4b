import type { INodeProperties } from 'n8n-workflow';

import * as getBalance from './getBalance.operation';

export { getBalance };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get Balance',
				value: 'getBalance',
				action: 'Get the credit balance',
				description:
					'Return the account’s SMS credit balance: { balance (credits, integer), currency }',
			},
		],
		default: 'getBalance',
	},
	...getBalance.description,
];
