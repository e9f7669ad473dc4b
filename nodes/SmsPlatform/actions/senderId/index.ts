import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import * as request from './request.operation';

export { getAll, request };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['senderId'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many sender ids',
				description:
					"Retrieve a list of the sender IDs the account may send from (the names 'Send' accepts), one item each",
			},
			{
				name: 'Request',
				value: 'request',
				action: 'Request sender ID',
				description:
					'Ask for a new sender ID with a sample message; it stays pending until the service approves it',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...request.description,
];
