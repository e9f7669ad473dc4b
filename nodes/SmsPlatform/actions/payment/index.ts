import type { INodeProperties } from 'n8n-workflow';

import { SOME_REFUSE_API_KEY } from '../../helpers/descriptions';
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
				description: `Retrieve a payment’s status by the transaction ID 'Initiate Payment' returned (${SOME_REFUSE_API_KEY})`,
			},
		],
		default: 'getStatus',
	},
	...getStatus.description,
];
