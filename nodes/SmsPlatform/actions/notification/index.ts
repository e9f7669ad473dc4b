import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['notification'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many notifications',
				description:
					'Return the user’s notifications, newest first: one item each with ID, title, message, type, is_read, created_at',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
