import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account';
import * as activity from './actions/activity';
import * as billing from './actions/billing';
import * as campaign from './actions/campaign';
import * as contact from './actions/contact';
import * as dashboard from './actions/dashboard';
import * as notification from './actions/notification';
import * as organization from './actions/organization';
import * as partnerTenant from './actions/partnerTenant';
import * as payment from './actions/payment';
import { router } from './actions/router';
import * as sms from './actions/sms';
import * as smsPackage from './actions/smsPackage';
import { APP_DESCRIPTION, requestOptionsDescription } from './helpers/descriptions';
import { listSearch } from './methods';
import { CREDENTIAL_TYPE } from './transport';

export class SmsPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMS Platform',
		name: 'smsPlatform',
		icon: { light: 'file:smsPlatform.svg', dark: 'file:smsPlatform.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: APP_DESCRIPTION,
		defaults: { name: 'SMS Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account', description: 'Credit balance' },
					{ name: 'Activity', value: 'activity', description: 'Recent account activity' },
					{ name: 'Billing', value: 'billing', description: 'Billing history' },
					{ name: 'Campaign', value: 'campaign', description: 'Campaign analytics' },
					{ name: 'Contact', value: 'contact', description: 'Contacts' },
					{ name: 'Dashboard', value: 'dashboard', description: 'Dashboard metrics' },
					{ name: 'Notification', value: 'notification', description: 'Your notifications' },
					{
						name: 'Organization',
						value: 'organization',
						description: 'Organizations your credential can access',
					},
					{
						name: 'Partner Tenant',
						value: 'partnerTenant',
						description: 'Your white-label customers and their mobile money payments',
					},
					{ name: 'Payment', value: 'payment', description: 'Mobile money payments' },
					{ name: 'SMS', value: 'sms', description: 'Send SMS, check delivery, statistics' },
					{ name: 'SMS Package', value: 'smsPackage', description: 'SMS packages on sale' },
				],
				default: 'sms',
			},
			...sms.description,
			...account.description,
			...partnerTenant.description,
			...payment.description,
			...billing.description,
			...smsPackage.description,
			...campaign.description,
			...dashboard.description,
			...contact.description,
			...activity.description,
			...organization.description,
			...notification.description,
			// After every operation's own fields, on every operation: a new operation has it with nothing to add.
			requestOptionsDescription,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
