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
				// Shown as Get Many, as n8n names its lists; the value stays (saved workflows store it).
				name: 'Get Many',
				value: 'getHistory',
				action: 'Get many billing records',
				description:
					'Retrieve a list of billing records (purchases, payments, usage), newest first',
			},
		],
		default: 'getHistory',
	},
	...getHistory.description,
];
