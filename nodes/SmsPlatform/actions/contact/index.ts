import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a contact',
				description:
					'Return one contact: name, phone_e164, email, attributes, tags, opt-in and opt-out times',
			},
		],
		default: 'get',
	},
	...get.description,
];
