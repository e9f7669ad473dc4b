import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['senderIdRequest'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get sender ID request',
				description:
					'Retrieve one sender ID request with its status and, when refused, the rejection reason',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many sender ID requests',
				description: 'Retrieve the account’s sender ID requests, newest first, with their status',
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
];
