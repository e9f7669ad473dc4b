import type { INodeProperties } from 'n8n-workflow';

import { NEEDS_LOGIN } from '../../helpers/descriptions';

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
				action: 'Get many senders',
				description: `Retrieve a list of the sender IDs the account may send from (${NEEDS_LOGIN})`,
			},
			{
				name: 'Request',
				value: 'request',
				action: 'Request sender ID',
				description: `Ask for a new sender ID, pending until the service approves it (${NEEDS_LOGIN})`,
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...request.description,
];
