import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['smsPackage'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many SMS packages',
				description:
					'Return the SMS packages on sale: one item each with ID (the package_id for payments), name, sms_count, bonus_sms, price, currency, validity_days, is_active',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
