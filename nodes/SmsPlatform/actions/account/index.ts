import type { INodeProperties } from 'n8n-workflow';

import { NEEDS_LOGIN } from '../../helpers/descriptions';
import * as buyCredits from './buyCredits.operation';
import * as getBalance from './getBalance.operation';

export { buyCredits, getBalance };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Buy Credits',
				value: 'buyCredits',
				action: 'Buy SMS credits',
				description: `Ask a buyer to pay for SMS credits for your own account by mobile money (${NEEDS_LOGIN})`,
			},
			{
				name: 'Get Balance',
				value: 'getBalance',
				action: 'Get account balance',
				description:
					'Retrieve the account’s SMS credit balance and its currency, without any input',
			},
		],
		default: 'getBalance',
	},
	...getBalance.description,
	...buyCredits.description,
];
