import type { INodeProperties } from 'n8n-workflow';

import { NEEDS_LOGIN } from '../../helpers/descriptions';
import * as create from './create.operation';
import * as deleteTemplate from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export { create, deleteTemplate as delete, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['template'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create template',
				description: `Create a new message template from a name, a body and a category (${NEEDS_LOGIN})`,
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete template',
				description: `Delete a template permanently; returns deleted: true (${NEEDS_LOGIN})`,
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get template',
				description: `Retrieve a template by its ID; 'bodyCut' tells when its body is cut short (${NEEDS_LOGIN})`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many templates',
				description: `Retrieve a list of the account's templates, newest first (${NEEDS_LOGIN})`,
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update template',
				description: `Update a template: name, body, category, language or description (${NEEDS_LOGIN})`,
			},
		],
		default: 'getAll',
	},
	...create.description,
	...deleteTemplate.description,
	...get.description,
	...getAll.description,
	...update.description,
];
