import type { INodeProperties } from 'n8n-workflow';

import { SOME_REFUSE_API_KEY } from '../../helpers/descriptions';
import * as getDetails from './getDetails.operation';
import * as getStats from './getStats.operation';
import * as getStatus from './getStatus.operation';
import * as send from './send.operation';

export { send, getStatus, getDetails, getStats };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sms'] } },
		options: [
			{
				name: 'Get Delivery Details',
				value: 'getDetails',
				action: 'Get SMS delivery details',
				description: `Retrieve an SMS’s record by message ID: text, sender ID, status, times, cost (${SOME_REFUSE_API_KEY})`,
			},
			{
				name: 'Get Statistics',
				value: 'getStats',
				action: 'Get SMS statistics',
				description: `Retrieve this period’s SMS totals: sent, delivered, failed and cost (${SOME_REFUSE_API_KEY})`,
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get SMS status',
				description:
					"Retrieve whether an SMS was delivered, by the message ID 'Send' returned: its status and delivery time",
			},
			{
				name: 'Send',
				value: 'send',
				action: 'Send SMS',
				description:
					"Send an SMS to one or more phone numbers from a sender ID; preview it first with 'Dry Run'",
			},
		],
		default: 'send',
	},
	...send.description,
	...getStatus.description,
	...getDetails.description,
	...getStats.description,
];
