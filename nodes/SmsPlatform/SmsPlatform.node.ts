import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
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
import * as senderId from './actions/senderId';
import * as senderIdRequest from './actions/senderIdRequest';
import { router } from './actions/router';
import * as sms from './actions/sms';
import * as smsPackage from './actions/smsPackage';
import * as template from './actions/template';
import {
	APP_DESCRIPTION,
	NEEDS_LOGIN,
	SOME_REFUSE_API_KEY,
	SOME_REFUSE_LOGIN,
	requestOptionsDescription,
} from './helpers/descriptions';
import { listSearch, loadOptions } from './methods';
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
		// Read by n8n's AI workflow builder when it picks and sets up nodes (n8n's own nodes carry the same metadata).
		builderHint: {
			searchHint:
				"SMS Platform sends SMS and manages the account's contacts and sender IDs. SMS → Send needs recipients in E.164 (+255712345678; a local number needs the option Default Country Code), a message and a sender ID the account owns (Sender ID → Get Many lists them; pick one From List). Send is never repeated by the node: a message that may have gone out is reported with outcome unknown. To send many items at once, turn on the option Combine Items. To preview a send before it goes out (for a broadcast, or before asking a user to confirm), run it with the option Dry Run: every item shows its recipients, text, SMS parts, credits and request, and fails where the real send would, and nothing is sent; then run it again without Dry Run. To leave out contacts who replied STOP, turn on the option Skip Opted-Out Contacts. Contact → Create or Update takes many items in one request and says per item whether the contact was created, updated or refused: use it for forms and CRM syncs; Contact → Create fails when the phone number is already a contact's. To honour an opt-out (a reply STOP), find the contact with Contact → Get Many (filter Phone) and run Contact → Opt Out with its ID. Partner Tenant and Payment operations are for partners selling SMS packages by mobile money; the SMS Platform Trigger starts a workflow when a payment completes, a notification arrives or the balance runs low.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-sms-platform.smsPlatformTrigger',
					relationHint: 'Starts a workflow on a completed payment, a notification or a low balance',
				},
				{
					nodeType: 'n8n-nodes-base.webhook',
					relationHint: 'Receives form submissions or STOP replies to add or opt out contacts',
				},
			],
		},
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
					{
						name: 'Contact',
						value: 'contact',
						description: `The people you message: add, update, list, opt in or out (${SOME_REFUSE_API_KEY})`,
					},
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
						description: `Your white-label customers and their mobile money payments (${SOME_REFUSE_LOGIN})`,
					},
					{ name: 'Payment', value: 'payment', description: 'Mobile money payments' },
					{
						name: 'Sender ID',
						value: 'senderId',
						description: `The sender names messages come from: list them, request a new one (${NEEDS_LOGIN})`,
					},
					{
						name: 'Sender ID Request',
						value: 'senderIdRequest',
						description: `Requests for new sender IDs and the service’s decision on them (${NEEDS_LOGIN})`,
					},
					{ name: 'SMS', value: 'sms', description: 'Send SMS, check delivery, statistics' },
					{ name: 'SMS Package', value: 'smsPackage', description: 'SMS packages on sale' },
					{
						name: 'Template',
						value: 'template',
						description: `Approved message texts, filled in per recipient (${NEEDS_LOGIN})`,
					},
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
			...senderId.description,
			...senderIdRequest.description,
			...template.description,
			// After every operation's own fields, on every operation: a new operation has it with nothing to add.
			requestOptionsDescription,
		],
	};

	methods = { listSearch, loadOptions };

	// The router is the node's execute: n8n calls it with the execution's context, and it hands each item to its operation.
	execute = router;
}
