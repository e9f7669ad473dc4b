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
		displayOptions: { show: { resource: ['organization'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many organizations',
				description: `Retrieve a list of the organizations your credential can access, with their IDs (${SOME_REFUSE_API_KEY})`,
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
