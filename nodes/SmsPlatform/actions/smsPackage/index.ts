import type { INodeProperties } from 'n8n-workflow';

import { SOME_REFUSE_API_KEY } from '../../helpers/descriptions';
import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['smsPackage'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many SMS packages',
				description: `Retrieve a list of the SMS packages on sale, with credits and price (${SOME_REFUSE_API_KEY})`,
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
