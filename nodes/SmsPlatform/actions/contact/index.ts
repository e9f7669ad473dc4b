import type { INodeProperties } from 'n8n-workflow';

import { NEEDS_LOGIN, SOME_REFUSE_API_KEY } from '../../helpers/descriptions';

import * as addTags from './addTags.operation';
import * as create from './create.operation';
import * as deleteContact from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as optIn from './optIn.operation';
import * as optOut from './optOut.operation';
import * as update from './update.operation';
import * as upsert from './upsert.operation';

export { addTags, create, deleteContact as delete, get, getAll, optIn, optOut, update, upsert };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Add Tags',
				value: 'addTags',
				action: 'Add tags to contact',
				description: `Update contacts with more tags, keeping the tags they have (${NEEDS_LOGIN})`,
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create contact',
				description: `Create a new contact from a name and a phone number (${NEEDS_LOGIN})`,
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Create or update contact',
				description: `Create a new contact (${NEEDS_LOGIN}), or update the current one if it already exists (upsert)`,
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete contact',
				description: `Delete a contact permanently, by its ID (${NEEDS_LOGIN})`,
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get contact',
				description: `Retrieve a contact by its ID, with its tags and opt-in state (${SOME_REFUSE_API_KEY})`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contacts',
				description: `Retrieve a list of contacts, newest first, optionally filtered (${NEEDS_LOGIN})`,
			},
			{
				name: 'Opt In',
				value: 'optIn',
				action: 'Opt in contact',
				description: `Update a contact’s consent, by its ID: opted in to messages again (${NEEDS_LOGIN})`,
			},
			{
				name: 'Opt Out',
				value: 'optOut',
				action: 'Opt out contact',
				description: `Update a contact’s consent, by its ID: opted out of messages (${NEEDS_LOGIN})`,
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update contact',
				description: `Update a contact’s details or active state, by its ID (${NEEDS_LOGIN})`,
			},
		],
		default: 'get',
	},
	...addTags.description,
	...create.description,
	...upsert.description,
	...deleteContact.description,
	...get.description,
	...getAll.description,
	...optIn.description,
	...optOut.description,
	...update.description,
];
