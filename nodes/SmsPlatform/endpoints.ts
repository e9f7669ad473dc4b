import type { IDataObject } from 'n8n-workflow';

import {
	balanceOnLogin,
	billingHistoryOnLogin,
	messageStatusOnLogin,
	paymentsOnLogin,
	paymentStatusOnLogin,
	sentOnLogin,
} from './loginAnswers';
import type { Endpoint, Method, Paired, SendEndpoint } from './endpointShape';

/**
 * Every route of the service that the nodes call, in one place: its method and its path, with ids checked and encoded
 * as one path segment each (as n8n's Microsoft Teams node builds its Graph paths).
 *
 * The service has two families of routes: the API reference's (`documented`, mostly `/api/integration/v1/…`) and the
 * real service's own messaging and billing routes (`login`, which its code opens to the email-and-password login
 * only). A server may have either family, or both. An operation that has a route in each is declared here once: the
 * documented endpoint with its `login` route beside it, and how that route's answer reads in the documented shape
 * (loginAnswers.ts). The server decides which one is used: the transport asks one and, when the server does not have
 * it or refuses the credential's kind there, the other (transport/routes.ts). The others have one `Endpoint`.
 *
 * This module imports only the pure answer readers of loginAnswers.ts and the types of endpointShape.ts:
 * transport, operations, trigger events and list searches all read their routes from here.
 */

/** `.`, `..` and their percent-encoded forms, which URL parsing treats as "this" and "parent" folder. */
export function isDotSegment(value: string): boolean {
	return /^(\.|%2e){1,2}$/i.test(value);
}

/** Encodes one path segment; an id with `/`, `?`, `#` or spaces stays one segment. */
export function encodeId(value: string): string {
	// `.` and `..` (even as %2E) are dot segments: URL parsing would remove them and the request would go to another
	// route (`/sms/status/../` is `/sms/`). No encoding keeps them one segment, so they are refused.
	if (isDotSegment(value))
		throw new Error(`"${value}" cannot be used as an id: it would change the request path`);
	return encodeURIComponent(value);
}

/** Marks a route as an endpoint (see Routed): the one place an endpoint is made from a bare path. */
const declared = (route: { method: Method; path: string; slow?: boolean }): Endpoint =>
	route as Endpoint;

const get = (path: string, slow?: boolean): Endpoint =>
	declared(slow ? { method: 'GET', path, slow } : { method: 'GET', path });
/** An endpoint whose path names one record: what kind, and its id. */
const one = (kind: string, id: string | undefined, endpoint: Endpoint): Endpoint => ({
	...endpoint,
	namesRecord: { kind, id },
});
const post = (path: string): Endpoint => declared({ method: 'POST', path });
const patch = (path: string): Endpoint => declared({ method: 'PATCH', path });
const remove = (path: string): Endpoint => declared({ method: 'DELETE', path });
/** An endpoint whose answer keeps its resource under `wrapper`. */
const wrapped = (endpoint: Endpoint, wrapper: string): Endpoint => ({ ...endpoint, wrapper });
/** An endpoint some servers do not have (see Endpoint.notOnEveryServer). */
const notOnEvery = (endpoint: Endpoint): Endpoint => ({ ...endpoint, notOnEveryServer: true });

export const endpoints = {
	/** The login of the email-and-password credential; answers a token. */
	logIn: () => post('/api/auth/login/'),

	/** The documented route has no schedule field; the messaging route takes plain ASCII text only. */
	sendSms: (): Paired<SendEndpoint> => ({
		...post('/api/integration/v1/sms/send/'),
		schedules: false,
		asciiOnly: false,
		maxRecipients: 1000,
		login: {
			path: '/api/messaging/sms/send/',
			schedules: true,
			asciiOnly: true,
			maxRecipients: 1000,
			toDocumented: sentOnLogin,
		},
	}),
	/** A message's delivery status. The login route is also Get Delivery Details' only route. */
	messageStatus: (messageId: string): Paired => ({
		...one('message', messageId, get(`/api/integration/v1/sms/status/${encodeId(messageId)}/`)),
		login: {
			path: `/api/messaging/sms/${encodeId(messageId)}/status/`,
			namesRecord: { kind: 'message', id: messageId },
			toDocumented: messageStatusOnLogin,
		},
	}),
	messageDetails: (messageId: string) =>
		wrapped(
			one('message', messageId, get(`/api/messaging/sms/${encodeId(messageId)}/status/`)),
			'message',
		),
	smsStats: () => wrapped(get('/api/messaging/sms/stats/'), 'stats'),
	/** The credit balance. The documented route is also how the API-key probe checks a key. */
	balance: (): Paired => ({
		...get('/api/integration/v1/sms/balance/'),
		login: { path: '/api/billing/sms/balance/', toDocumented: balanceOnLogin },
	}),

	createTenant: () => wrapped(post('/api/integration/v1/partner/tenants/create/'), 'data'),
	initiatePayment: (tenantId: string) =>
		wrapped(
			one(
				'tenant',
				tenantId,
				post(`/api/integration/v1/partner/tenants/${encodeId(tenantId)}/payments/initiate/`),
			),
			'data',
		),
	/**
	 * A payment's status. The documented route asks the provider and may take a minute (the real server sleeps 60 s
	 * there); the login route answers at once with the stored status and the provider's `payment_status`.
	 */
	paymentStatus: (transactionId: string): Paired => ({
		...wrapped(
			one(
				'payment',
				transactionId,
				get(`/api/billing/payments/transactions/${encodeId(transactionId)}/status/`, true),
			),
			'transaction',
		),
		login: {
			path: `/api/billing/payments/transactions/${encodeId(transactionId)}/progress/`,
			namesRecord: { kind: 'payment', id: transactionId },
			toDocumented: paymentStatusOnLogin,
		},
	}),
	/**
	 * The billing history. The real server's documented route fails (500) once a custom purchase exists; its
	 * comprehensive history has purchases and payments (no usage records) and takes no `type`.
	 */
	billingHistory: (): Paired => ({
		...get('/api/billing/history/'),
		login: {
			path: '/api/billing/history/comprehensive/',
			qs: {},
			toDocumented: billingHistoryOnLogin,
		},
	}),
	/**
	 * The payments with their own status, for the Payment Completed trigger: billing records of type `payment` on the
	 * documented route; the login's list of payment transactions (newest first, pages of 20, `page` only). The login's
	 * billing history lists a package's payment as its purchase, under the purchase's id.
	 */
	payments: (): Paired => ({
		...get('/api/billing/history/'),
		login: { path: '/api/billing/payments/transactions/', qs: {}, toDocumented: paymentsOnLogin },
	}),
	smsPackages: () => get('/api/billing/sms/packages/'),

	campaignAnalytics: (campaignId: string) =>
		one('campaign', campaignId, get(`/api/messaging/campaigns/${encodeId(campaignId)}/analytics/`)),
	dashboardMetrics: () => get('/api/messaging/dashboard/metrics/'),
	contact: (contactId: string) =>
		one('contact', contactId, get(`/api/messaging/contacts/${encodeId(contactId)}/`)),
	/** Contacts (the real server's messaging routes): list, create, and by id update, delete, opt in and out. */
	contacts: () => get('/api/messaging/contacts/'),
	createContact: () => post('/api/messaging/contacts/'),
	updateContact: (contactId: string) =>
		one('contact', contactId, patch(`/api/messaging/contacts/${encodeId(contactId)}/`)),
	deleteContact: (contactId: string) =>
		one('contact', contactId, remove(`/api/messaging/contacts/${encodeId(contactId)}/`)),
	optInContact: (contactId: string) =>
		one('contact', contactId, post(`/api/messaging/contacts/${encodeId(contactId)}/opt-in/`)),
	optOutContact: (contactId: string) =>
		one('contact', contactId, post(`/api/messaging/contacts/${encodeId(contactId)}/opt-out/`)),
	/** Create or update up to 1,000 contacts at once (`import_type: phone_contacts`). */
	importContacts: () => post('/api/messaging/contacts/bulk-import/'),
	/** The account's active sender IDs, in one answer (not paged). */
	senderIds: () => get('/api/messaging/sender-ids/'),
	/** Asks for a new sender ID (approved by hand). */
	requestSenderId: () => post('/api/messaging/sender-requests/submit/'),
	/** Answers `{count, activities: [...]}` (the real server: inside `data`), one list without pages. */
	recentActivity: (): Endpoint => ({
		...notOnEvery(get('/api/messaging/activity/recent/')),
		listKey: 'activities',
	}),
	/** The caller's organisations: on the reference's service and every branch of the real one (the credential test). */
	organizations: () => get('/api/tenants/'),
	/**
	 * Notifications. Their unread filter is `unread_only=true` in the reference and `status=unread` on the real server:
	 * a request sends both (UNREAD_ONLY), since each server ignores the other's.
	 */
	notifications: () => notOnEvery(get('/api/notifications/')),

	/**
	 * Message templates and bulk tagging (the real server's messaging routes, issue 44). The template list keeps its
	 * records in `results.templates` on one branch of that server, in `results` on the other. One template by id is
	 * not read: that route answers 500 on the branch the service runs, so a template is found in the list.
	 */
	templates: (): Endpoint => ({ ...get('/api/messaging/templates/'), listKey: 'templates' }),
	createTemplate: () => post('/api/messaging/templates/'),
	/**
	 * What the template create takes (DRF's metadata): its category choices in the server's own spelling, which differ
	 * between the real server's branches (`utility` or `UTILITY`).
	 */
	describeTemplates: (): Omit<Endpoint, 'method'> & { method: 'OPTIONS' } => ({
		...get('/api/messaging/templates/'),
		method: 'OPTIONS',
	}),
	updateTemplate: (templateId: string) =>
		one('template', templateId, patch(`/api/messaging/templates/${encodeId(templateId)}/`)),
	deleteTemplate: (templateId: string) =>
		one('template', templateId, remove(`/api/messaging/templates/${encodeId(templateId)}/`)),
	/** Adds tags to up to 100 contacts at once; one id the account does not have fails the whole call (404). */
	addContactTags: () => notOnEvery(post('/api/messaging/contacts/bulk-add-tags/')),

	// The real service's own routes for buying credits, following sender ID requests, reading the spend and marking
	// notifications read (issue 42; login only). Shapes in billing/views_payment.py, views_billing_history.py,
	// messaging/views_sender_requests.py and notifications/views.py (branch backend_testing).
	/**
	 * Buys a package for the caller's own account; answers `{success, data: {transaction_id, …}}`. It names a record
	 * (the package in its body): its JSON 404 is the package's ("Package not found or inactive"), not a missing route.
	 */
	buyCredits: (): Endpoint => ({
		...wrapped(one('SMS package', undefined, post('/api/billing/payments/initiate/')), 'data'),
		loginFamilyOnly: true,
	}),
	/**
	 * Asks the payment provider about every pending payment of the account and records what completed or failed. The
	 * only quick way to have a completion recorded there (the `…/status/` route sleeps 60 s first).
	 */
	syncPayments: (): Endpoint => ({ ...post('/api/billing/payments/sync/'), loginFamilyOnly: true }),
	/** The account's sender ID requests, newest first, 20 a page (`page` only; `?status=` is ignored). */
	senderIdRequests: () => get('/api/messaging/sender-requests/'),
	senderIdRequest: (requestId: string) =>
		one(
			'sender ID request',
			requestId,
			get(`/api/messaging/sender-requests/${encodeId(requestId)}/`),
		),
	/** Usage records (one a send), newest first: `{success, data: {usage_records, pagination}}`. */
	usage: (): Endpoint => ({
		...get('/api/billing/history/usage/'),
		listKey: 'usage_records',
	}),
	/** Totals for a period (`7d`, `30d`, `90d`, `1y`): `{success, data: {summary, charts}}`. */
	billingSummary: () => wrapped(get('/api/billing/history/summary/'), 'data'),
	markNotificationRead: (notificationId: string) =>
		notOnEvery(
			one(
				'notification',
				notificationId,
				post(`/api/notifications/${encodeId(notificationId)}/mark-read/`),
			),
		),
	markAllNotificationsRead: () => notOnEvery(post('/api/notifications/mark-all-read/')),
};

/** The notifications' unread filter, on both families at once (see `notifications`). */
export const UNREAD_ONLY: IDataObject = { unread_only: 'true', status: 'unread' };
