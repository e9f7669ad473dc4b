/**
 * Bad input through the action node in real n8n execution contexts (ExecuteContext: parameters, expressions,
 * credentials). Every case runs three items, the bad value in item 1 only (read by an expression from the item), twice:
 *
 * - with Continue On Fail: three outputs in order, item 1 an error item naming the item, the field and the value,
 *   paired to item 1; items 0 and 2 succeed. An input error is caught before any request for that item.
 * - without: the run rejects with an n8n error (no TypeError, no crash) carrying item index 1.
 *
 * Ids with special characters, where encoding is the right answer, succeed: the request path is asserted.
 */
import nock from 'nock';
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { BASE_URL, apiKeyCredentials, pollTrigger, runNode } from '../support/harness';
import { processedDataStore } from '../support/processedData';

type Reply = [number, string | IDataObject, Record<string, string>?];

interface BadCase {
	name: string;
	parameters: IDataObject;
	/** The value of `$json.v` in items 0 and 2, and in item 1. */
	good: unknown;
	bad: unknown;
	/** The error of item 1 (a string is matched exactly, followed by " [item N]"). */
	error?: string | RegExp;
	/** What the error's description must say (the service's words go there, not into the title). */
	description?: RegExp;
	/** Encoding cases: item 1 succeeds with this request path. */
	path?: string;
	/** The answer item 1's request gets (response cases); item 1's requests are those whose path has `/bad`. */
	reply?: Reply;
	/** Response cases without an id: the n-th request (1-based) gets `reply`. */
	replyOn?: number;
	credentials?: ICredentialDataDecryptedObject;
	/** Credential-level cases: every item fails the same way, before any request. */
	allFail?: boolean;
}

/** n8n's processed-data store, in memory, for the Dedupe Key cases. */
const store = processedDataStore();
beforeEach(() => store.reset());

const EXPR = '={{ $json.v }}';

/** A Dedupe Key of each item's own: text gets the item's index (items 0 and 2 sharing one key would send once). */
const KEY_OF_ITEM = '={{ typeof $json.v === "string" ? $json.v + "-" + $itemIndex : $json.v }}';

/** Sets `path` (dotted) of a copy of `base` to the expression reading the bad value. */
function withField(base: IDataObject, path: string): IDataObject {
	const copy = JSON.parse(JSON.stringify(base)) as IDataObject;
	const parts = path.split('.');
	let target = copy;
	for (const part of parts.slice(0, -1)) {
		target[part] = { ...((target[part] as IDataObject) ?? {}) };
		target = target[part] as IDataObject;
	}
	target[parts[parts.length - 1]] = EXPR;
	return copy;
}

const send: IDataObject = {
	resource: 'sms',
	operation: 'send',
	recipients: '+255712345678',
	message: 'Hello',
	senderId: 'ACME',
};
const getStatus: IDataObject = { resource: 'sms', operation: 'getStatus', messageId: 'msg-1' };
const getDetails: IDataObject = { resource: 'sms', operation: 'getDetails', messageId: 'msg-1' };
const paymentStatus: IDataObject = {
	resource: 'payment',
	operation: 'getStatus',
	transactionId: 'tx-1',
};
const contact: IDataObject = { resource: 'contact', operation: 'get', contactId: 'c-1' };
const campaign: IDataObject = {
	resource: 'campaign',
	operation: 'getAnalytics',
	campaignId: 'cmp-1',
};
const balance: IDataObject = { resource: 'account', operation: 'getBalance' };
const history: IDataObject = {
	resource: 'billing',
	operation: 'getHistory',
	returnAll: false,
	limit: 50,
};
const activity: IDataObject = { resource: 'activity', operation: 'getRecent', limit: 20 };
const metrics: IDataObject = { resource: 'dashboard', operation: 'getMetrics', period: '30d' };
const createTenant: IDataObject = {
	resource: 'partnerTenant',
	operation: 'create',
	tenantName: 'Acme Ltd',
	ownerEmail: 'owner@example.com',
	ownerName: 'Owner',
	contactPhone: '+255712345678',
	initialCredits: 10,
};
const payment: IDataObject = {
	resource: 'partnerTenant',
	operation: 'initiatePayment',
	tenantId: 't-1',
	packageId: { __rl: true, mode: 'id', value: 'pkg-1' },
	buyerEmail: 'buyer@example.com',
	buyerName: 'Buyer',
	buyerPhone: '0712345678',
	mobileMoneyProvider: 'tigo',
};
const paymentWait = {
	...payment,
	options: { waitForCompletion: true, pollInterval: 1, waitTimeout: 5 },
};

const NOT_E164 = 'not in E.164 format: start with + and the country code, e.g. +255712345678';
const ONLY_DIGITS =
	'a phone number may only contain digits, an initial +, spaces, dashes, dots and parentheses';
const DOTS = '"." and ".." would change the request path';
const HUGE_HTML = `<html><head><title>${'Overloaded '.repeat(300_000)}</title></head><body></body></html>`;

const phoneCases: BadCase[] = [
	[
		'local number without a default country code',
		'0712345678',
		'a local number: set "Default Country Code" in the options, or write it in E.164 (+255...)',
	],
	['digits without +', '12345', NOT_E164],
	['too short', '+12345', 'too short for an E.164 number (5 digits, at least 7)'],
	['too long', '+1234567890123456', 'too long for an E.164 number (16 digits, at most 15)'],
	[
		'country code starting with 0',
		'+0712345678',
		'after the + comes the country code, which never starts with 0',
	],
	[
		'00 international prefix',
		'00255712345678',
		'write the international prefix 00 as +, e.g. +255712345678',
	],
	['letters inside', '+255 712 ABC 678', ONLY_DIGITS],
	['a + in the middle', '255+712345678', 'the + may only stand at the start'],
	['full-width unicode digits', '+２５５７１２３４５６７８', ONLY_DIGITS],
	['an emoji', '+255712345678🙂', ONLY_DIGITS],
].map(([name, bad, reason]) => ({
	name: `recipients: ${name}`,
	parameters: withField(send, 'recipients'),
	good: '+255712345678',
	bad,
	error: `Recipient "${bad}" is not a usable phone number: ${reason}`,
}));

const inputCases: BadCase[] = [
	...phoneCases,
	{
		name: 'recipients: one bad number among good ones',
		parameters: withField(send, 'recipients'),
		good: '+255712345678',
		bad: '+255712345678, not-a-phone',
		error: `Recipient "not-a-phone" is not a usable phone number: ${ONLY_DIGITS}`,
	},
	{
		name: 'recipients: empty',
		parameters: withField(send, 'recipients'),
		good: '+255712345678',
		bad: '',
		error: "'Recipients' is empty",
	},
	{
		name: 'recipients: whitespace',
		parameters: withField(send, 'recipients'),
		good: '+255712345678',
		bad: '  \t ',
		error: "'Recipients' is empty",
	},
	{
		name: 'recipients: only separators',
		parameters: withField(send, 'recipients'),
		good: '+255712345678',
		bad: ' , ;\n',
		error: "'Recipients' is empty",
	},
	{
		name: 'recipients: an object from an expression',
		parameters: withField(send, 'recipients'),
		good: '+255712345678',
		bad: { phone: '+255712345678' },
		error: "'Recipients' must be phone numbers (text or a list), not an object",
	},
	{
		name: 'recipients: a list of objects',
		parameters: withField(send, 'recipients'),
		good: ['+255712345678'],
		bad: [{ phone: '+255712345678' }],
		error:
			'Recipient "{"phone":"+255712345678"}" is not a usable phone number: expected a phone number, got an object',
	},
	{
		name: 'recipients: a list holding null',
		parameters: withField(send, 'recipients'),
		good: ['+255712345678'],
		bad: ['+255712345678', null],
		error: 'Recipient "null" is not a usable phone number: expected a phone number, got null',
	},
	{
		name: 'recipients: a number without +',
		parameters: withField(send, 'recipients'),
		good: '+255712345678',
		bad: 255712345678,
		error: `Recipient "255712345678" is not a usable phone number: ${NOT_E164}`,
	},
	{
		name: 'recipients: a boolean',
		parameters: withField(send, 'recipients'),
		good: '+255712345678',
		bad: true,
		error: 'Recipient "true" is not a usable phone number: expected a phone number, got a boolean',
	},
	{
		name: 'recipients: a local number too short for the country code',
		parameters: { ...withField(send, 'recipients'), options: { defaultCountryCode: '255' } },
		good: '0712345678',
		bad: '07',
		error:
			'Recipient "07" is not a usable phone number: a number in Tanzania (+255) has 9 digits after the country code, this one has 1',
	},
	...['abc', '2555', '0255'].map((bad) => ({
		name: `default country code "${bad}"`,
		parameters: { ...withField(send, 'options.defaultCountryCode'), recipients: '0712345678' },
		good: '255',
		bad,
		error: `'Default Country Code' "${bad}" is not a country calling code (1 to 3 digits, e.g. 255)`,
	})),
	{
		name: 'message: empty',
		parameters: withField(send, 'message'),
		good: 'Hello',
		bad: '',
		error: "'Message' is empty",
	},
	{
		name: 'message: whitespace',
		parameters: withField(send, 'message'),
		good: 'Hello',
		bad: ' \n\t ',
		error: "'Message' is empty",
	},
	{
		name: 'message: an object',
		parameters: withField(send, 'message'),
		good: 'Hello',
		bad: { text: 'hi' },
		error: "'Message' must be text, not an object",
	},
	{
		name: 'message: a list',
		parameters: withField(send, 'message'),
		good: 'Hello',
		bad: ['hi'],
		error: "'Message' must be text, not a list",
	},
	{
		name: 'sender ID: empty',
		parameters: withField(send, 'senderId'),
		good: 'ACME',
		bad: '  ',
		error: "'Sender ID' is empty",
	},
	{
		name: 'sender ID: an object',
		parameters: withField(send, 'senderId'),
		good: 'ACME',
		bad: { id: 'ACME' },
		error: "'Sender ID' must be text, not an object",
	},
	{
		name: 'sender ID: a list',
		parameters: withField(send, 'senderId'),
		good: 'ACME',
		bad: ['A', 'B'],
		error: "'Sender ID' must be text, not a list",
	},
	{
		name: 'tenant account ID: an object',
		parameters: withField(send, 'options.tenantAccountId'),
		good: 'tenant-1',
		bad: { id: 'x' },
		error: "'Tenant Account ID' must be text, not an object",
	},
	{
		name: 'dedupe key: an object',
		parameters: { ...send, options: { dedupeKey: KEY_OF_ITEM } },
		good: 'order-1042',
		bad: { id: 1042 },
		error: "'Dedupe Key' must be text, not an object",
	},
	{
		name: 'dedupe key of a payment: a list',
		parameters: { ...payment, options: { dedupeKey: KEY_OF_ITEM } },
		good: 'order-1042',
		bad: ['order-1042'],
		error: "'Dedupe Key' must be text, not a list",
	},
	...[0, 1001, 2.5, 'ten'].map((bad) => ({
		name: `batch size ${JSON.stringify(bad)}`,
		parameters: withField(send, 'options.batchSize'),
		good: 100,
		bad,
		error: `'Batch Size' must be a whole number from 1 to 1000, not ${JSON.stringify(bad)}`,
	})),
	...[0, -1, 601, 'soon'].map((bad) => ({
		name: `request timeout ${JSON.stringify(bad)}`,
		parameters: withField(getStatus, 'requestOptions.timeout'),
		good: 30,
		bad,
		error: `'Timeout' in 'Request Options' must be a number from 1 to 600, not ${JSON.stringify(bad)}`,
	})),
	{
		name: 'max rate-limit wait -5 on a send',
		parameters: withField(send, 'requestOptions.maxRateLimitWait'),
		good: 120,
		bad: -5,
		error: "'Max Rate-Limit Wait' in 'Request Options' must be a number from 0 to 3600, not -5",
	},
	...[0, 11, 'many'].map((bad) => ({
		name: `parallel requests ${JSON.stringify(bad)} on a send`,
		parameters: withField(send, 'requestOptions.parallelRequests'),
		good: 4,
		bad,
		error: `'Parallel Requests' in 'Request Options' must be a number from 1 to 10, not ${JSON.stringify(bad)}`,
	})),
	// Ids
	{
		name: 'message ID: empty',
		parameters: withField(getStatus, 'messageId'),
		good: 'msg-1',
		bad: '',
		error: "'Message ID' is empty",
	},
	{
		name: 'message ID: whitespace',
		parameters: withField(getStatus, 'messageId'),
		good: 'msg-1',
		bad: ' \t ',
		error: "'Message ID' is empty",
	},
	{
		name: 'message ID: an object',
		parameters: withField(getStatus, 'messageId'),
		good: 'msg-1',
		bad: { id: 'm' },
		error: "'Message ID' must be text, not an object",
	},
	{
		name: 'message ID: a list',
		parameters: withField(getDetails, 'messageId'),
		good: 'msg-1',
		bad: ['a', 'b'],
		error: "'Message ID' must be text, not a list",
	},
	{
		name: 'message ID: null',
		parameters: withField(getStatus, 'messageId'),
		good: 'msg-1',
		bad: null,
		error: "'Message ID' must be text, not null",
	},
	{
		name: 'message ID: a boolean',
		parameters: withField(getStatus, 'messageId'),
		good: 'msg-1',
		bad: true,
		error: "'Message ID' must be text, not a boolean",
	},
	...['..', '.', '%2e%2E', ' .. '].map((bad) => ({
		name: `message ID ${JSON.stringify(bad)} (a dot segment)`,
		parameters: withField(getStatus, 'messageId'),
		good: 'msg-1',
		bad,
		error: `'Message ID' "${bad.trim()}" is not a usable id: ${DOTS}`,
	})),
	{
		name: 'transaction ID: empty',
		parameters: withField(paymentStatus, 'transactionId'),
		good: 'tx-1',
		bad: '',
		error: "'Transaction ID' is empty",
	},
	{
		name: 'contact ID: an object',
		parameters: withField(contact, 'contactId'),
		good: 'c-1',
		bad: { contact: 1 },
		error: "'Contact ID' must be text, not an object",
	},
	{
		name: 'campaign ID: ".."',
		parameters: withField(campaign, 'campaignId'),
		good: 'cmp-1',
		bad: '..',
		error: `'Campaign ID' ".." is not a usable id: ${DOTS}`,
	},
	{
		name: 'tenant ID: empty',
		parameters: withField(payment, 'tenantId'),
		good: 't-1',
		bad: '',
		error: "'Tenant ID' is empty",
	},
	{
		name: 'tenant ID: ".."',
		parameters: withField(payment, 'tenantId'),
		good: 't-1',
		bad: '..',
		error: `'Tenant ID' ".." is not a usable id: ${DOTS}`,
	},
	{
		name: 'SMS package (resource locator): empty',
		parameters: { ...payment, packageId: { __rl: true, mode: 'id', value: EXPR } },
		good: 'pkg-1',
		bad: ' ',
		error: "'SMS Package' is empty",
	},
	// E-mails and phones of partner operations
	...['not-an-email', 'a@b', 'two words@example.com', 'owner@@example.com'].map((bad) => ({
		name: `owner e-mail "${bad}"`,
		parameters: withField(createTenant, 'ownerEmail'),
		good: 'owner@example.com',
		bad,
		error: `'Owner Email' "${bad}" is not an email address`,
	})),
	{
		name: 'owner e-mail: empty',
		parameters: withField(createTenant, 'ownerEmail'),
		good: 'owner@example.com',
		bad: '',
		error: "'Owner Email' is empty",
	},
	{
		name: 'owner e-mail: a list',
		parameters: withField(createTenant, 'ownerEmail'),
		good: 'owner@example.com',
		bad: ['a@b.co'],
		error: "'Owner Email' must be text, not a list",
	},
	{
		name: 'buyer e-mail without domain dot',
		parameters: withField(payment, 'buyerEmail'),
		good: 'buyer@example.com',
		bad: 'buyer@localhost',
		error: '\'Buyer Email\' "buyer@localhost" is not an email address',
	},
	{
		name: 'contact phone not E.164',
		parameters: withField(createTenant, 'contactPhone'),
		good: '+255712345678',
		bad: '12345',
		error: `'Contact Phone' "12345" is not a usable phone number: ${NOT_E164}`,
	},
	{
		name: 'buyer phone: words',
		parameters: withField(payment, 'buyerPhone'),
		good: '0712345678',
		bad: 'call me',
		error: '\'Buyer Phone\' "call me" is not a phone number',
	},
	{
		name: 'mobile money provider not offered',
		parameters: withField(payment, 'mobileMoneyProvider'),
		good: 'tigo',
		bad: 'mpesa',
		error: '\'Mobile Money Provider\' "mpesa" is not one of vodacom, tigo, airtel, halotel',
	},
	// Limits
	...[0, -5, 2.5, 'lots', { n: 5 }].map((bad) => ({
		name: `billing history limit ${JSON.stringify(bad)}`,
		parameters: withField(history, 'limit'),
		good: 50,
		bad,
		error: `'Limit' must be a whole number from 1 to 1000000, not ${JSON.stringify(bad)}`,
	})),
	...[0, 101].map((bad) => ({
		name: `recent activity limit ${bad}`,
		parameters: withField(activity, 'limit'),
		good: 20,
		bad,
		error: `'Limit' must be a whole number from 1 to 100, not ${bad}`,
	})),
	{
		name: 'initial credits -1',
		parameters: withField(createTenant, 'initialCredits'),
		good: 10,
		bad: -1,
		error: `'Initial Credits' must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, not -1`,
	},
	// Checked before the payment is initiated: a second run after fixing the value must not pay twice.
	...[0, 5000].map((bad) => ({
		name: `payment wait timeout ${bad}`,
		parameters: withField(paymentWait, 'options.waitTimeout'),
		good: 5,
		bad,
		error: `'Wait Timeout' must be a whole number from 1 to 3600, not ${bad}`,
	})),
	{
		name: 'payment poll interval 0',
		parameters: withField(paymentWait, 'options.pollInterval'),
		good: 1,
		bad: 0,
		error: "'Poll Interval' must be a whole number from 1 to 300, not 0",
	},
	{
		name: 'dashboard period "weekly"',
		parameters: withField(metrics, 'period'),
		good: '30d',
		bad: 'weekly',
		error: '\'Period\' "weekly" is not one of 7d, 30d, 90d, 1y',
	},
	{
		name: 'dashboard period: an object',
		parameters: withField(metrics, 'period'),
		good: '30d',
		bad: { p: '7d' },
		error: '\'Period\' "{"p":"7d"}" is not one of 7d, 30d, 90d, 1y',
	},
];

const encodingCases: BadCase[] = [
	['../../admin', '..%2F..%2Fadmin'],
	['a?b=c', 'a%3Fb%3Dc'],
	['a#frag', 'a%23frag'],
	['  id with spaces  ', 'id%20with%20spaces'],
	['ñandú-✓', '%C3%B1and%C3%BA-%E2%9C%93'],
	['100%', '100%25'],
	['...', '...'],
].map(([bad, encoded]) => ({
	name: `message ID ${JSON.stringify(bad)} is encoded as one segment`,
	parameters: withField(getStatus, 'messageId'),
	good: 'msg-1',
	bad,
	path: `/api/integration/v1/sms/status/${encoded}/`,
}));
encodingCases.push(
	{
		name: 'contact ID "a/b" is encoded as one segment',
		parameters: withField(contact, 'contactId'),
		good: 'c-1',
		bad: 'a/b',
		path: '/api/messaging/contacts/a%2Fb/',
	},
	{
		name: 'tenant ID "../x" is encoded as one segment',
		parameters: withField(payment, 'tenantId'),
		good: 't-1',
		bad: '../x',
		path: '/api/integration/v1/partner/tenants/..%2Fx/payments/initiate/',
	},
	{
		name: 'campaign ID given as a number',
		parameters: withField(campaign, 'campaignId'),
		good: 'cmp-1',
		bad: 12345,
		path: '/api/messaging/campaigns/12345/analytics/',
	},
);

const responseCases: BadCase[] = (
	[
		{
			name: 'an empty 200 answer',
			parameters: withField(getStatus, 'messageId'),
			reply: [200, ''],
			error: "The service's answer is empty",
		},
		{
			name: 'a JSON null answer',
			parameters: withField(getDetails, 'messageId'),
			reply: [200, 'null', { 'Content-Type': 'application/json' }],
			error: "The service's answer is empty",
		},
		{
			name: 'an HTML login page with status 200',
			parameters: withField(getStatus, 'messageId'),
			reply: [
				200,
				'<!doctype html><html><head><title>Sign in</title></head><body>Please sign in</body></html>',
				{ 'Content-Type': 'text/html' },
			],
			error: 'The service answered with a web page instead of data',
		},
		{
			name: 'malformed JSON',
			parameters: withField(getStatus, 'messageId'),
			reply: [
				200,
				'{"message_id": "bad", "status": "deliv',
				{ 'Content-Type': 'application/json' },
			],
			error: "The service's answer is not valid JSON",
		},
		{
			name: 'a huge (3 MB) HTML error page',
			parameters: withField(contact, 'contactId'),
			reply: [503, HUGE_HTML, { 'Content-Type': 'text/html' }],
			error: 'The service could not answer',
			description: /^The service said: "(Overloaded ){20}[^"]*…" \(HTTP 503\)/,
		},
		{
			name: 'a huge (2 MB) plain-text 400',
			parameters: withField(campaign, 'campaignId'),
			reply: [400, 'x'.repeat(2_000_000)],
			error: 'The service refused the request as invalid',
			description: /^The service said: "x{300}…" \(HTTP 400\)/,
		},
		{
			name: 'message status without its documented "status"',
			parameters: withField(getStatus, 'messageId'),
			reply: [200, { message_id: 'bad', delivered_at: null }],
			error: `The service's answer has no 'status' field`,
		},
		{
			name: 'payment status without its documented "status"',
			parameters: withField(paymentStatus, 'transactionId'),
			reply: [200, { success: true, transaction: { id: 'bad', amount: 5 } }],
			error: `The service's answer has no 'status' field`,
		},
		{
			name: 'balance without its documented "balance"',
			parameters: balance,
			replyOn: 2,
			reply: [200, { currency: 'TZS' }],
			error: `The service's balance answer has no number in 'balance'`,
		},
		{
			name: 'a list answer that is not a list',
			parameters: { ...history, limit: EXPR },
			good: 50,
			bad: 50,
			replyOn: 2,
			reply: [200, { detail: 'ok' }],
			error: `The service's answer to page 1 of /api/billing/history/ is not a list`,
		},
		{
			name: 'an empty list answer body',
			parameters: { ...history, limit: EXPR },
			good: 50,
			bad: 50,
			replyOn: 2,
			reply: [200, ''],
			error: `The service's answer to page 1 of /api/billing/history/ is not a list`,
		},
		{
			name: 'recent activity without its "activities"',
			parameters: { ...activity, limit: EXPR },
			good: 20,
			bad: 20,
			replyOn: 2,
			reply: [200, { count: 3 }],
			error: `The service's answer is not a list of activities`,
		},
		{
			name: 'success: false inside a 200',
			parameters: withField(getDetails, 'messageId'),
			reply: [200, { success: false, message: 'Message archived', error_code: 'archived' }],
			error: 'The service says the request did not go through',
		},
		{
			name: 'a DRF 404 detail',
			parameters: withField(contact, 'contactId'),
			reply: [404, { detail: 'Not found.' }],
			error: 'The service has no contact with the ID "bad"',
		},
		{
			name: 'a DRF field dict on a send',
			parameters: withField(send, 'recipients'),
			good: '+255712345678',
			bad: '+255700000001',
			replyOn: 2,
			reply: [400, { recipients: ['+255700000001 is blocked'] }],
			error: 'The service refused the request as invalid',
		},
	] as Array<Omit<BadCase, 'good' | 'bad'> & Partial<Pick<BadCase, 'good' | 'bad'>>>
).map((c) => ({ good: 'ok-id', bad: 'bad', ...c }));

const credentialCases: BadCase[] = [
	['api.example.com', 'is not an http:// or https:// URL'],
	['ftp://api.example.com', 'is not an http:// or https:// URL'],
	['', 'is not an http:// or https:// URL'],
	['http://', 'is not an http:// or https:// URL'],
	['https://api.example.com?x=1', 'must not contain a query (?) or fragment (#)'],
	['https://api.example.com/#top', 'must not contain a query (?) or fragment (#)'],
].map(([baseUrl, what]) => ({
	name: `base URL ${JSON.stringify(baseUrl)}`,
	parameters: withField(getStatus, 'messageId'),
	good: 'msg-1',
	bad: 'msg-2',
	credentials: apiKeyCredentials('apiKeyBearer', { baseUrl }),
	allFail: true,
	error: `The credential's 'Base URL' "${baseUrl}" ${what}`,
}));
credentialCases.push(
	{
		name: 'base URL with a path prefix and trailing slashes',
		parameters: withField(getStatus, 'messageId'),
		good: 'msg-1',
		bad: 'msg-2',
		credentials: apiKeyCredentials('apiKeyBearer', { baseUrl: `  ${BASE_URL}/v2//  ` }),
		path: '/v2/api/integration/v1/sms/status/msg-2/',
	},
	{
		name: 'base URL with surrounding spaces and a trailing slash',
		parameters: withField(getStatus, 'messageId'),
		good: 'msg-1',
		bad: 'a b',
		credentials: apiKeyCredentials('apiKeyBearer', { baseUrl: ` ${BASE_URL}/ ` }),
		path: '/api/integration/v1/sms/status/a%20b/',
	},
);

/** Documented answers of every endpoint the cases use, keyed by the path. */
function okBody(method: string, path: string): IDataObject {
	const id = decodeURIComponent(
		/\/(?:status|contacts|campaigns|transactions|tenants)\/([^/]+)\//.exec(path)?.[1] ?? 'x',
	);
	if (method === 'POST' && path.includes('/sms/send/'))
		return { success: true, message_id: 'msg-ok', status: 'sent' };
	if (path.includes('/tenants/create/'))
		return { success: true, data: { tenant_id: 't-1', tenant_name: 'Acme Ltd' } };
	if (path.includes('/payments/initiate/')) {
		return { success: true, data: { transaction_id: 'tx-1', status: 'completed', amount: 12500 } };
	}
	if (
		path.startsWith('/v2/api/integration/v1/sms/status/') ||
		path.startsWith('/api/integration/v1/sms/status/')
	) {
		return { message_id: id, status: 'delivered', delivered_at: '2025-01-01T00:00:00Z' };
	}
	if (path.startsWith('/api/messaging/sms/'))
		return { success: true, message: { id, status: 'delivered' } };
	if (path.includes('/transactions/'))
		return { success: true, transaction: { id, status: 'completed' } };
	if (path.startsWith('/api/messaging/contacts/')) return { id, name: 'Amina' };
	if (path.startsWith('/api/messaging/campaigns/'))
		return { campaign_id: id, name: 'Promo', status: 'completed' };
	if (path.startsWith('/api/integration/v1/sms/balance/')) return { balance: 100, currency: 'TZS' };
	if (path.startsWith('/api/billing/history/')) {
		return { count: 2, next: null, previous: null, results: [{ id: 'r1' }, { id: 'r2' }] };
	}
	if (path.startsWith('/api/messaging/activity/recent/'))
		return { count: 1, activities: [{ id: 'a1' }] };
	if (path.startsWith('/api/messaging/dashboard/metrics/'))
		return { period: '30d', metrics: { messages_sent: 1 } };
	return { error: `no mock for ${method} ${path}` };
}

interface Seen {
	method: string;
	path: string;
}

/** A mock service for every endpoint: documented answers, or the case's bad answer for item 1's request(s). */
function serve(testCase: BadCase): Seen[] {
	const seen: Seen[] = [];
	const answer = (method: string) => (uri: string) => {
		seen.push({ method, path: uri });
		const path = uri.split('?')[0];
		const isBad =
			testCase.replyOn !== undefined ? seen.length === testCase.replyOn : path.includes('/bad/');
		if (testCase.reply && isBad) return testCase.reply;
		return [200, okBody(method, path)] as Reply;
	};
	nock(BASE_URL).persist().get(/.*/).reply(answer('GET')).post(/.*/).reply(answer('POST'));
	return seen;
}

/** A case's message, which every error ends with the item it names: "…". */
function matches(actual: unknown, expected: string | RegExp | undefined, index: number): void {
	if (expected instanceof RegExp) expect(actual).toMatch(expected);
	else expect(actual).toBe(`${expected} [item ${index}]`);
}

/** Items 0 and 2 ended well, item 1 as `check` says; every output paired, in input order. */
function checkPairing(output: INodeExecutionData[], failing: number[]): void {
	const pairs = output.map((o) => (o.pairedItem as { item: number }).item);
	expect(pairs).toEqual([...pairs].sort((a, b) => a - b));
	for (const index of [0, 1, 2]) {
		const mine = output.filter((o) => (o.pairedItem as { item: number }).item === index);
		expect(mine.length).toBeGreaterThanOrEqual(1);
		if (failing.includes(index)) {
			expect(mine).toHaveLength(1);
			expect(mine[0].json.itemIndex).toBe(index);
		} else {
			for (const o of mine) expect(o.json.error).toBeUndefined();
		}
	}
}

async function rejection(
	run: Promise<unknown>,
): Promise<Error & { context: IDataObject; description?: string }> {
	try {
		await run;
	} catch (error) {
		return error as Error & { context: IDataObject };
	}
	throw new Error('expected the run to fail, but it succeeded');
}

// Each case runs as its own test below, named by its name: two cases of one name would be one line in the report.
const allCases = [...inputCases, ...encodingCases, ...responseCases, ...credentialCases];
const repeated = allCases.filter((c, i) => allCases.findIndex((d) => d.name === c.name) !== i);
if (repeated.length)
	throw new Error(`bad-input cases named twice: ${repeated.map((c) => c.name).join(', ')}`);

describe('bad input through the node', () => {
	describe.each([
		['input errors (caught before any request)', inputCases],
		['ids where encoding is the right answer', encodingCases],
		['bad answers from the service', responseCases],
		['credential base URLs', credentialCases],
	])('%s', (_group, cases) => {
		it.each(cases)('$name', async (testCase) => {
			const items = [
				{ v: testCase.good },
				{ v: testCase.bad },
				{ v: testCase.good },
			] as IDataObject[];
			const failing = testCase.allFail ? [0, 1, 2] : testCase.path ? [] : [1];

			// With Continue On Fail: one error item paired to each failing input, the others processed.
			let seen = serve(testCase);
			const { output } = await runNode({
				parameters: testCase.parameters,
				items,
				credentials: testCase.credentials,
				continueOnFail: true,
			});
			checkPairing(output, failing);
			for (const index of failing) {
				const item = output.find(
					(o) => (o.pairedItem as { item: number }).item === index,
				) as INodeExecutionData;
				matches(item.json.error, testCase.error, index);
				if (testCase.description) expect(item.json.description).toMatch(testCase.description);
				expect(Object.keys(item.json).sort()).toEqual(
					expect.arrayContaining(['error', 'itemIndex']),
				);
			}
			if (testCase.allFail) expect(seen).toHaveLength(0);
			else if (testCase.reply) expect(seen.length).toBeGreaterThanOrEqual(3);
			else if (testCase.path) expect(seen.map((s) => s.path.split('?')[0])[1]).toBe(testCase.path);
			// An input error stops its item before any request: only items 0 and 2 reached the service.
			else expect(seen).toHaveLength(2);
			nock.cleanAll();

			// Without Continue On Fail: the run rejects cleanly, naming the failing item.
			seen = serve(testCase);
			if (testCase.path) {
				const { output: ok } = await runNode({
					parameters: testCase.parameters,
					items,
					credentials: testCase.credentials,
				});
				expect(ok.every((o) => o.json.error === undefined)).toBe(true);
				expect(seen[1].path.split('?')[0]).toBe(testCase.path);
				return;
			}
			const error = await rejection(
				runNode({ parameters: testCase.parameters, items, credentials: testCase.credentials }),
			);
			expect(error instanceof NodeOperationError || error instanceof NodeApiError).toBe(true);
			matches(error.message, testCase.error, failing[0]);
			expect(error.context.itemIndex).toBe(failing[0]);
		});
	});
});

describe('answers that are odd but must not become errors', () => {
	it('a send answered 200 without a message id is a success item (the SMS may have gone out: never invite a re-send)', async () => {
		nock(BASE_URL).post('/api/integration/v1/sms/send/').reply(200, '');
		const { output } = await runNode({ parameters: send, continueOnFail: true });
		expect(output).toEqual([
			{
				json: expect.objectContaining({
					message_id: null,
					recipients: ['+255712345678'],
					requests: 1,
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	it('a huge valid list page is cut at the limit, not output whole', async () => {
		const results = Array.from({ length: 20_000 }, (_, i) => ({ id: `r${i}`, amount: '1.5' }));
		nock(BASE_URL)
			.get('/api/billing/history/')
			.query(true)
			.reply(200, { count: 20_000, next: null, results });
		const { output } = await runNode({ parameters: { ...history, limit: 3 } });
		expect(output.map((o) => o.json)).toEqual([
			{ id: 'r0', amount: 1.5 },
			{ id: 'r1', amount: 1.5 },
			{ id: 'r2', amount: 1.5 },
		]);
	});
});

describe('bad answers to the trigger: the poll fails, nothing is emitted, no old record fires later', () => {
	const paths: Record<string, string> = {
		newNotification: '/api/notifications/',
		paymentCompleted: '/api/billing/history/',
	};
	const record = (i: number, event: string): IDataObject =>
		event === 'paymentCompleted'
			? {
					id: `p${i}`,
					type: 'payment',
					status: 'completed',
					amount: 100,
					created_at: `2025-01-0${i}T00:00:00Z`,
				}
			: {
					id: `n${i}`,
					title: `Notification ${i}`,
					is_read: false,
					created_at: `2025-01-0${i}T00:00:00Z`,
				};
	const page = (event: string, n: number) => {
		const results = Array.from({ length: n }, (_, i) => record(n - i, event));
		return { count: n, next: null, previous: null, results };
	};

	it.each<[string, string, Reply, RegExp]>([
		[
			'an empty 200 body',
			'newNotification',
			[200, ''],
			/^The service's answer to page 1 of \/api\/notifications\/ is not a list It answered \(HTTP 200\): \{\}/,
		],
		[
			'a JSON object without a list',
			'paymentCompleted',
			[200, { status: 'ok' }],
			/is not a list It answered \(HTTP 200\): \{"status":"ok"\}/,
		],
		[
			'an HTML page',
			'newNotification',
			[200, '<html><title>Maintenance</title></html>', { 'Content-Type': 'text/html' }],
			/web page instead of data The service said: "Maintenance" \(HTTP 200\)/,
		],
		[
			'malformed JSON',
			'paymentCompleted',
			[200, '{"count": 3, "results": [{"id"', { 'Content-Type': 'application/json' }],
			/not valid JSON/,
		],
	])('%s (%s)', async (_name, event, reply, error) => {
		const path = paths[event];
		// Activation meets the bad answer: the poll fails and leaves no state behind.
		nock(BASE_URL)
			.get(path)
			.query(true)
			.reply(...reply);
		// The title says what happened; the description what came (the service's words or its answer).
		const thrown = (await pollTrigger({ parameters: { event }, staticData: {} }).catch(
			(caught: unknown) => caught,
		)) as { message: string; description?: string };
		expect(`${thrown.message} ${thrown.description}`).toMatch(error);
		// The next poll is the baseline: the 3 records already there never fire.
		nock(BASE_URL).get(path).query(true).reply(200, page(event, 3));
		const baseline = await pollTrigger({ parameters: { event }, staticData: {} });
		expect(baseline.items).toBeNull();
		// A bad answer later fails that poll only; then only the new record fires.
		nock(BASE_URL)
			.get(path)
			.query(true)
			.reply(...reply);
		const later = (await pollTrigger({
			parameters: { event },
			staticData: baseline.staticData,
		}).catch((caught: unknown) => caught)) as { message: string; description?: string };
		expect(`${later.message} ${later.description}`).toMatch(error);
		nock(BASE_URL).get(path).query(true).reply(200, page(event, 4));
		const next = await pollTrigger({ parameters: { event }, staticData: baseline.staticData });
		expect(next.items?.map((item) => item.id)).toEqual([
			event === 'paymentCompleted' ? 'p4' : 'n4',
		]);
	});

	it('a balance answer without a balance fails the Low Balance poll instead of reading as "not low"', async () => {
		nock(BASE_URL).get('/api/integration/v1/sms/balance/').reply(200, { currency: 'TZS' });
		await expect(
			pollTrigger({ parameters: { event: 'lowBalance', threshold: 100 }, staticData: {} }),
		).rejects.toThrow(/balance/);
		nock(BASE_URL)
			.get('/api/integration/v1/sms/balance/')
			.reply(200, { balance: '40', currency: 'TZS' });
		const fired = await pollTrigger({
			parameters: { event: 'lowBalance', threshold: 100 },
			staticData: {},
		});
		expect(fired.items).toEqual([
			expect.objectContaining({ balance: 40, threshold: 100, below: true }),
		]);
	});
});
