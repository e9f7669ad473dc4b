import type { INodeProperties } from 'n8n-workflow';

import { NEEDS_LOGIN, SOME_REFUSE_API_KEY } from '../../helpers/descriptions';
import * as getAll from './getAll.operation';
import * as markAllRead from './markAllRead.operation';
import * as markRead from './markRead.operation';

export { getAll, markAllRead, markRead };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['notification'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many notifications',
				description: `Retrieve a list of your notifications, newest first, with whether each was read (${SOME_REFUSE_API_KEY})`,
			},
			{
				name: 'Mark All Read',
				value: 'markAllRead',
				action: 'Mark all notifications as read',
				description: `Update every unread notification of the account to read, without any input (${NEEDS_LOGIN})`,
			},
			{
				name: 'Mark Read',
				value: 'markRead',
				action: 'Mark notification as read',
				description: `Update one notification to read, by its ID (${NEEDS_LOGIN})`,
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...markRead.description,
	...markAllRead.description,
];
