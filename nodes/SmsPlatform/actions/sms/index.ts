import type { INodeProperties } from 'n8n-workflow';

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
				action: 'Get the details of an SMS',
				description:
					'The whole message from the messaging API: recipient, text, sender ID, status, sent_at, delivered_at and cost. Use it to audit or bill a message; for a quick delivery check use Get Status.',
			},
			{
				name: 'Get Statistics',
				value: 'getStats',
				action: 'Get SMS statistics',
				description:
					'Return the current period’s totals: sent, delivered, failed, delivery rate (%) and cost',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get the status of an SMS',
				description:
					'Delivery status of a sent message (sent, delivered, failed) and delivered_at, from the integration API with an API key. Use it to check delivery after Send; for text and cost use Get Delivery Details.',
			},
			{
				name: 'Send',
				value: 'send',
				action: 'Send an SMS',
				description:
					'Send a text to one or more E.164 phone numbers; returns the message_id and status (one credit per recipient)',
			},
		],
		default: 'send',
	},
	...send.description,
	...getStatus.description,
	...getDetails.description,
	...getStats.description,
];
