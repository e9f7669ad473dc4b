import type { INodeProperties } from 'n8n-workflow';

import { SOME_REFUSE_API_KEY } from '../../helpers/descriptions';
import * as getAnalytics from './getAnalytics.operation';

export { getAnalytics };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['campaign'] } },
		options: [
			{
				name: 'Get Analytics',
				value: 'getAnalytics',
				action: 'Get campaign analytics',
				description: `Retrieve a campaign’s totals by its ID: sent, delivered, failed, rate and cost (${SOME_REFUSE_API_KEY})`,
			},
		],
		default: 'getAnalytics',
	},
	...getAnalytics.description,
];
