/**
 * Every route of the service that the nodes call, in one place: its method and its path, with ids checked and encoded
 * as one path segment each (as n8n's Microsoft Teams node builds its Graph paths).
 *
 * The service has two families of routes. The documented integration API (`/api/integration/v1/…`) is opened by API
 * keys. The real server's own messaging and billing routes take only the login (email and password). An operation
 * that the service offers on both has a `Routes` pair; the others have one `Endpoint`, the same for every credential.
 *
 * This module imports nothing of the package's own: transport, operations, trigger events and list searches all read
 * their routes from here.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Endpoint {
	method: Method;
	path: string;
	/** The route answers slowly by design (it waits for the payment provider): it gets a longer default timeout. */
	slow?: boolean;
	/** Where its list answer keeps the records, when not in the page envelope's `results` (or `data`, `items`). */
	listKey?: string;
	/** Where its answer keeps the one resource it returns (`{success, transaction: {...}}`), tried first. */
	wrapper?: string;
}

/** One operation on both route families: `documented` for API keys, `login` for the email-and-password login. */
export interface Routes<E extends Endpoint = Endpoint> {
	documented: E;
	login: E;
}

/** A send route, and what it can carry: Send checks an item against it before the request costs anything. */
export interface SendEndpoint extends Endpoint {
	/** It has a schedule field (`schedule_time`). */
	schedules: boolean;
	/** It takes plain ASCII text only (400 INVALID_CHARACTERS otherwise). */
	asciiOnly: boolean;
	/** Most recipients one request may carry. */
	maxRecipients: number;
}

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

const get = (path: string, slow?: boolean): Endpoint =>
	slow ? { method: 'GET', path, slow } : { method: 'GET', path };
const post = (path: string): Endpoint => ({ method: 'POST', path });
const patch = (path: string): Endpoint => ({ method: 'PATCH', path });
const remove = (path: string): Endpoint => ({ method: 'DELETE', path });
/** An endpoint whose answer keeps its resource under `wrapper`. */
const wrapped = (endpoint: Endpoint, wrapper: string): Endpoint => ({ ...endpoint, wrapper });

export const endpoints = {
	/** The login of the email-and-password credential; answers a token. */
	logIn: () => post('/api/auth/login/'),

	/** The documented route has no schedule field; the messaging route takes plain ASCII text only. */
	sendSms: (): Routes<SendEndpoint> => ({
		documented: {
			...post('/api/integration/v1/sms/send/'),
			schedules: false,
			asciiOnly: false,
			maxRecipients: 1000,
		},
		login: {
			...post('/api/messaging/sms/send/'),
			schedules: true,
			asciiOnly: true,
			maxRecipients: 1000,
		},
	}),
	/** A message's delivery status. The login route is also Get Delivery Details' only route. */
	messageStatus: (messageId: string): Routes => ({
		documented: get(`/api/integration/v1/sms/status/${encodeId(messageId)}/`),
		login: get(`/api/messaging/sms/${encodeId(messageId)}/status/`),
	}),
	messageDetails: (messageId: string) =>
		wrapped(get(`/api/messaging/sms/${encodeId(messageId)}/status/`), 'message'),
	smsStats: () => wrapped(get('/api/messaging/sms/stats/'), 'stats'),
	/** The credit balance. The documented route is also how the credential test and the API-key probe check a key. */
	balance: (): Routes => ({
		documented: get('/api/integration/v1/sms/balance/'),
		login: get('/api/billing/sms/balance/'),
	}),

	createTenant: () => wrapped(post('/api/integration/v1/partner/tenants/create/'), 'data'),
	initiatePayment: (tenantId: string) =>
		wrapped(
			post(`/api/integration/v1/partner/tenants/${encodeId(tenantId)}/payments/initiate/`),
			'data',
		),
	/**
	 * A payment's status. The documented route asks the provider and may take a minute (the real server sleeps 60 s
	 * there); the login route answers at once with the stored status. Its answer is read as the documented one.
	 */
	paymentStatus: (transactionId: string): Routes => ({
		documented: wrapped(
			get(`/api/billing/payments/transactions/${encodeId(transactionId)}/status/`, true),
			'transaction',
		),
		login: get(`/api/billing/payments/transactions/${encodeId(transactionId)}/progress/`),
	}),
	/** The billing history. The real server's documented route fails (500) once a custom purchase exists. */
	billingHistory: (): Routes => ({
		documented: get('/api/billing/history/'),
		login: get('/api/billing/history/comprehensive/'),
	}),
	/**
	 * The payments with their own status, for the Payment Completed trigger: billing records of type `payment` on the
	 * documented route; the login's list of payment transactions (newest first, pages of 20, `page` only). The login's
	 * billing history lists a package's payment as its purchase, under the purchase's id.
	 */
	payments: (): Routes => ({
		documented: get('/api/billing/history/'),
		login: get('/api/billing/payments/transactions/'),
	}),
	smsPackages: () => get('/api/billing/sms/packages/'),

	campaignAnalytics: (campaignId: string) =>
		get(`/api/messaging/campaigns/${encodeId(campaignId)}/analytics/`),
	dashboardMetrics: () => get('/api/messaging/dashboard/metrics/'),
	contact: (contactId: string) => get(`/api/messaging/contacts/${encodeId(contactId)}/`),
	/** Contacts (the real server's messaging routes): list, create, and by id update, delete, opt in and out. */
	contacts: () => get('/api/messaging/contacts/'),
	createContact: () => post('/api/messaging/contacts/'),
	updateContact: (contactId: string) => patch(`/api/messaging/contacts/${encodeId(contactId)}/`),
	deleteContact: (contactId: string) => remove(`/api/messaging/contacts/${encodeId(contactId)}/`),
	optInContact: (contactId: string) =>
		post(`/api/messaging/contacts/${encodeId(contactId)}/opt-in/`),
	optOutContact: (contactId: string) =>
		post(`/api/messaging/contacts/${encodeId(contactId)}/opt-out/`),
	/** Create or update up to 1,000 contacts at once (`import_type: phone_contacts`). */
	importContacts: () => post('/api/messaging/contacts/bulk-import/'),
	/** The account's active sender IDs, in one answer (not paged). */
	senderIds: () => get('/api/messaging/sender-ids/'),
	/** Asks for a new sender ID (approved by hand). */
	requestSenderId: () => post('/api/messaging/sender-requests/submit/'),
	/** Answers `{count, activities: [...]}` (the real server: inside `data`), one list without pages. */
	recentActivity: (): Endpoint => ({
		...get('/api/messaging/activity/recent/'),
		listKey: 'activities',
	}),
	organizations: () => get('/api/tenants/'),
	notifications: () => get('/api/notifications/'),
};
