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
					'Retrieve a list of your notifications, newest first: title, message, type and whether it was read',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
