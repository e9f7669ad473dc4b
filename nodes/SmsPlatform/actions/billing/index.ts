import type { INodeProperties } from 'n8n-workflow';

import { NEEDS_LOGIN, SOME_REFUSE_API_KEY } from '../../helpers/descriptions';
import * as getHistory from './getHistory.operation';
import * as getSummary from './getSummary.operation';
import * as getUsage from './getUsage.operation';

export { getHistory, getSummary, getUsage };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['billing'] } },
		options: [
			{
				// Shown as Get Many, as n8n names its lists; the value stays (saved workflows store it).
				name: 'Get Many',
				value: 'getHistory',
				action: 'Get many billing records',
				description: `Retrieve a list of billing records (purchases, payments, usage), newest first (${SOME_REFUSE_API_KEY})`,
			},
			{
				name: 'Get Summary',
				value: 'getSummary',
				action: 'Get billing summary',
				description: `Retrieve the billing summary of a period: credits bought and used, their cost, the balance (${NEEDS_LOGIN})`,
			},
			{
				name: 'Get Usage',
				value: 'getUsage',
				action: 'Get usage records',
				description: `Retrieve billing usage: each send’s credits and cost, newest first (${NEEDS_LOGIN})`,
			},
		],
		default: 'getHistory',
	},
	...getHistory.description,
	...getUsage.description,
	...getSummary.description,
];
