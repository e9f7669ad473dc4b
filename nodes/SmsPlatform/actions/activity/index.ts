import type { INodeProperties } from 'n8n-workflow';

import { SOME_REFUSE_API_KEY } from '../../helpers/descriptions';
import * as getRecent from './getRecent.operation';

export { getRecent };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['activity'] } },
		options: [
			{
				// Shown as Get Many, as n8n names its lists; the value stays (saved workflows store it).
				name: 'Get Many',
				value: 'getRecent',
				action: 'Get many activity entries',
				description: `Retrieve a list of recent activity, newest first (${SOME_REFUSE_API_KEY})`,
			},
		],
		default: 'getRecent',
	},
	...getRecent.description,
];
