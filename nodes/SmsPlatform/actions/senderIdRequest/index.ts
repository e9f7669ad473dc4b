import type { INodeProperties } from 'n8n-workflow';

import { NEEDS_LOGIN } from '../../helpers/descriptions';
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
				description: `Retrieve a sender ID request: its status and, when refused, the reason (${NEEDS_LOGIN})`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many sender ID requests',
				description: `Retrieve a list of the account’s sender ID requests, newest first, with their status (${NEEDS_LOGIN})`,
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
];
