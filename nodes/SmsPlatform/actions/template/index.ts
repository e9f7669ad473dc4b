import type { INodeProperties } from 'n8n-workflow';

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
				description:
					'Create a new message template from a name, a body and a category; returns it with its ID',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete template',
				description: 'Delete a template permanently; returns deleted: true',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get template',
				description:
					"Retrieve a template by its ID; 'bodyCut' is true when the service shows only the first 100 characters of its body",
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many templates',
				description: "Retrieve a list of the account's templates, newest first",
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update template',
				description: 'Update a template: name, body, category, language or description',
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
