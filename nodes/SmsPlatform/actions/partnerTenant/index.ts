import type { INodeProperties } from 'n8n-workflow';

import { SOME_REFUSE_LOGIN } from '../../helpers/descriptions';
import * as create from './create.operation';
import * as initiatePayment from './initiatePayment.operation';

export { create, initiatePayment };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['partnerTenant'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create partner tenant',
				description: `Create a new partner tenant, an account using your credits (${SOME_REFUSE_LOGIN})`,
			},
			{
				name: 'Initiate Payment',
				value: 'initiatePayment',
				action: 'Initiate payment for partner tenant',
				description: `Ask a tenant’s buyer to pay for an SMS package by mobile money (${SOME_REFUSE_LOGIN})`,
			},
		],
		default: 'create',
	},
	...create.description,
	...initiatePayment.description,
];
