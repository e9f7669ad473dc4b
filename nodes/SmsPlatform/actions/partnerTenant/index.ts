import type { INodeProperties } from 'n8n-workflow';

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
				action: 'Create a partner tenant',
				description:
					'Create a tenant account under the partner’s key; returns tenant_id, service_account_id (for sending on its behalf), sms_balance and created_at',
			},
			{
				name: 'Initiate Payment',
				value: 'initiatePayment',
				action: 'Initiate a mobile money payment for a tenant',
				description:
					'Ask the buyer to pay for an SMS package by mobile money; returns transaction_id, order_id, amount, currency and status (pending), or waits for completion',
			},
		],
		default: 'create',
	},
	...create.description,
	...initiatePayment.description,
];
