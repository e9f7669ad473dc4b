import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organization'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many organizations',
				description:
					'Return the tenants (organizations) the credential can access: one item each with ID, name, subdomain, business details, is_active',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
