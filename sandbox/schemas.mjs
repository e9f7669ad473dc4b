// Zod schemas of the SMS Platform API, as its reference documents it: the one source of truth for the
// request bodies the sandbox accepts and the response shapes it produces. Used by the sandbox itself and by
// contract tests. Objects are not strict: extra fields are allowed (the sandbox adds a few).
import { z } from 'zod/v4';

/** E.164: a plus, a non-zero digit, then 6 to 14 more digits (7 to 15 digits in all). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
/** Seconds-precision UTC timestamp with a trailing Z: `2026-11-22T10:00:00Z`. */
export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
/** Partner-create timestamp: microseconds and a numeric UTC offset: `2026-11-22T10:00:00.123456+00:00`. */
export const OFFSET_TIMESTAMP_PATTERN =
	/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}[+-]\d{2}:\d{2}$/;
/** Date-only string `YYYY-MM-DD`. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Order id: `<prefix>-<date>-<code>`, e.g. `ORD-20261122-AB12CD`. */
export const ORDER_ID_PATTERN = /^[A-Z]+-\d{8}-[A-Z0-9]+$/;
/** A loosely written phone number (local or international): digits with optional +, spaces, dashes, dots, parentheses. */
export const LOOSE_PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,22}$/;

export const MOBILE_MONEY_PROVIDERS = /** @type {const} */ ([
	'vodacom',
	'tigo',
	'airtel',
	'halotel',
]);
export const BILLING_TYPES = /** @type {const} */ (['purchase', 'payment', 'usage']);
export const DASHBOARD_PERIODS = /** @type {const} */ (['7d', '30d', '90d', '1y']);
export const MESSAGE_STATUSES = /** @type {const} */ (['sent', 'delivered', 'failed']);
export const PAYMENT_STATUSES = /** @type {const} */ (['pending', 'completed', 'failed']);
export const NOTIFICATION_TYPES = /** @type {const} */ (['success', 'info', 'warning', 'error']);

// ---------------------------------------------------------------------------------------------------------
// Building blocks

export const timestampSchema = z
	.string()
	.regex(TIMESTAMP_PATTERN, 'must be an ISO 8601 UTC timestamp like 2026-11-22T10:00:00Z');
export const offsetTimestampSchema = z
	.string()
	.regex(OFFSET_TIMESTAMP_PATTERN, 'must be an ISO 8601 timestamp with microseconds and offset');
export const uuidSchema = z.uuid();
export const e164Schema = z
	.string({ error: 'must be a string' })
	.regex(E164_PATTERN, { error: (iss) => `'${iss.input}' is not an E.164 phone number` });
export const loosePhoneSchema = z
	.string({ error: 'must be a string' })
	.trim()
	.regex(LOOSE_PHONE_PATTERN, { error: (iss) => `'${iss.input}' is not a phone number` });
export const emailSchema = z.email({
	error: (iss) => `'${iss.input}' is not a valid e-mail address`,
});
const int = z.number().int();
const nonNegInt = z.number().int().nonnegative();
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code');
const nonEmpty = (max = 500) =>
	z
		.string({ error: 'must be a string' })
		.max(max, `must be at most ${max} characters`)
		.refine((s) => s.trim().length > 0, 'must not be blank');

// ---------------------------------------------------------------------------------------------------------
// Request bodies

export const sendRequestSchema = z.object({
	message: nonEmpty(10_000),
	recipients: z
		.array(e164Schema, { error: 'must be an array of E.164 phone numbers' })
		.min(1, 'must contain at least one recipient')
		.max(10_000, 'must contain at most 10000 recipients'),
	sender_id: nonEmpty(15),
	tenant_account_id: z.string({ error: 'must be a string' }).min(1, 'must not be empty').nullish(),
});

export const tenantCreateRequestSchema = z.object({
	tenant_name: nonEmpty(200),
	owner_email: emailSchema,
	owner_name: nonEmpty(200),
	contact_phone: loosePhoneSchema,
	initial_credits: z
		.number({ error: 'must be an integer' })
		.int('must be an integer')
		.min(0, 'must be 0 or more')
		.max(1_000_000_000, 'is too large')
		.optional(),
});

export const paymentInitiateRequestSchema = z.object({
	package_id: nonEmpty(100),
	buyer_email: emailSchema,
	buyer_name: nonEmpty(200),
	buyer_phone: loosePhoneSchema,
	mobile_money_provider: z.enum(MOBILE_MONEY_PROVIDERS, {
		error: (iss) => `'${iss.input}' is not one of ${MOBILE_MONEY_PROVIDERS.join(', ')}`,
	}),
});

export const loginRequestSchema = z.object({
	email: nonEmpty(320),
	password: z.string({ error: 'must be a string' }).min(1, 'must not be empty'),
});

// ---------------------------------------------------------------------------------------------------------
// Resources and responses

export const errorBodySchema = z.object({
	error: z.string(),
	code: z.string(),
	details: z.record(z.string(), z.unknown()),
});

/**
 * A send the balance cannot cover (400, nothing sent): what it needs (recipients × SMS parts) and what there is.
 * `available` is the account's balance, or the tenant's with `tenant_account_id`.
 */
export const insufficientCreditsErrorSchema = errorBodySchema.extend({
	code: z.literal('insufficient_credits'),
	details: z.object({
		required: nonNegInt,
		available: nonNegInt,
		recipients: nonNegInt,
		parts: nonNegInt,
		encoding: z.enum(['GSM-7', 'UCS-2']),
	}),
});

export const sendResultSchema = z.object({
	success: z.boolean(),
	message_id: uuidSchema,
	status: z.enum(MESSAGE_STATUSES),
});

export const messageStatusSchema = z.object({
	message_id: z.string(),
	status: z.enum(MESSAGE_STATUSES),
	delivered_at: timestampSchema.nullable(),
});

export const balanceSchema = z.object({
	balance: int,
	currency: z.literal('credits'),
});

export const tenantAccountSchema = z.object({
	service_account_id: uuidSchema,
	service_account_id_public: z.string().min(1),
	service_api_key: z.string().nullable(),
	tenant_name: z.string(),
	tenant_id: uuidSchema,
	sms_balance: int,
	owner_email: z.email(),
	created_at: offsetTimestampSchema,
});

export const tenantCreateResponseSchema = z.object({
	success: z.boolean(),
	data: tenantAccountSchema,
});

export const paymentInitiationSchema = z.object({
	transaction_id: uuidSchema,
	order_id: z.string().regex(ORDER_ID_PATTERN),
	amount: int,
	currency: currencyCode,
	status: z.enum(PAYMENT_STATUSES),
});

export const paymentInitiateResponseSchema = z.object({
	success: z.boolean(),
	data: paymentInitiationSchema,
});

export const paymentTransactionSchema = z.object({
	id: uuidSchema,
	order_id: z.string().regex(ORDER_ID_PATTERN),
	amount: z.number(),
	currency: currencyCode,
	status: z.enum(PAYMENT_STATUSES),
	completed_at: timestampSchema.nullable(),
});

export const transactionStatusResponseSchema = z.object({
	success: z.boolean(),
	transaction: paymentTransactionSchema,
});

export const billingRecordSchema = z
	.object({
		id: uuidSchema,
		type: z.enum(BILLING_TYPES),
		description: z.string(),
		amount: z.number(),
		currency: currencyCode,
		status: z.enum(PAYMENT_STATUSES),
		created_at: timestampSchema,
	})
	.refine((r) => r.type !== 'usage' || r.amount < 0, {
		message: 'usage records have a negative amount',
		path: ['amount'],
	});

export const smsPackageSchema = z.object({
	id: uuidSchema,
	name: z.string(),
	sms_count: nonNegInt,
	price: z.number(),
	currency: currencyCode,
	bonus_sms: nonNegInt,
	validity_days: nonNegInt,
	is_active: z.boolean(),
});

export const campaignAnalyticsSchema = z.object({
	campaign_id: z.string(),
	name: z.string(),
	status: z.string(),
	total_recipients: nonNegInt,
	sent: nonNegInt,
	delivered: nonNegInt,
	failed: nonNegInt,
	delivery_rate: z.number().min(0).max(100),
	cost: z.number(),
	currency: z.string(),
	started_at: timestampSchema,
	completed_at: timestampSchema,
	duration_seconds: nonNegInt,
	messages_per_second: z.number(),
});

export const dailyBreakdownEntrySchema = z.object({
	date: z.string().regex(DATE_PATTERN),
	sent: nonNegInt,
	delivered: nonNegInt,
	cost: z.number(),
});

export const dashboardMetricsSchema = z.object({
	period: z.enum(DASHBOARD_PERIODS),
	metrics: z.object({
		messages_sent: nonNegInt,
		messages_delivered: nonNegInt,
		delivery_rate: z.number().min(0).max(100),
		cost: z.number(),
		contacts_added: nonNegInt,
		campaigns_created: nonNegInt,
	}),
	daily_breakdown: z.array(dailyBreakdownEntrySchema),
});

export const contactSchema = z.object({
	id: uuidSchema,
	name: z.string(),
	phone_e164: z.string().regex(E164_PATTERN),
	email: z.email(),
	attributes: z.record(z.string(), z.string()),
	tags: z.array(z.string()),
	is_active: z.boolean(),
	opt_in_at: timestampSchema,
	opt_out_at: timestampSchema.nullable(),
	created_at: timestampSchema,
	updated_at: timestampSchema,
});

export const smsMessageSchema = z.object({
	id: uuidSchema,
	recipient: z.string(),
	message: z.string(),
	sender_id: z.string(),
	status: z.enum(MESSAGE_STATUSES),
	sent_at: timestampSchema,
	delivered_at: timestampSchema.nullable(),
	cost: z.number(),
	currency: z.string(),
});

export const smsMessageResponseSchema = z.object({
	success: z.boolean(),
	message: smsMessageSchema,
});

export const smsStatsSchema = z.object({
	total_sent: nonNegInt,
	total_delivered: nonNegInt,
	total_failed: nonNegInt,
	delivery_rate: z.number().min(0).max(100),
	total_cost: z.number(),
	currency: z.string(),
	period: z.object({ start: timestampSchema, end: timestampSchema }),
});

export const smsStatsResponseSchema = z.object({
	success: z.boolean(),
	stats: smsStatsSchema,
});

/** Tenant (organization) of `GET /api/tenants/`. */
export const organizationSchema = z.object({
	id: uuidSchema,
	name: z.string(),
	subdomain: z.string(),
	business_name: z.string(),
	business_type: z.string(),
	email: z.email(),
	phone_number: z.string(),
	is_active: z.boolean(),
	created_at: timestampSchema,
});

export const activityEntrySchema = z.object({
	id: uuidSchema,
	type: z.string().min(1),
	description: z.string(),
	user: z.object({ id: int, email: z.email(), name: z.string() }),
	timestamp: timestampSchema,
});

export const notificationSchema = z.object({
	id: uuidSchema,
	title: z.string(),
	message: z.string(),
	type: z.enum(NOTIFICATION_TYPES),
	is_read: z.boolean(),
	created_at: timestampSchema,
});

/**
 * Page envelope `{count, next, previous, results}` around an item schema.
 * @template {z.ZodType} T
 * @param {T} item
 */
export function pageEnvelope(item) {
	return z.object({
		count: nonNegInt,
		next: z.url().nullable(),
		previous: z.url().nullable(),
		results: z.array(item),
	});
}

export const billingHistoryPageSchema = pageEnvelope(billingRecordSchema);
export const notificationPageSchema = pageEnvelope(notificationSchema);
export const organizationPageSchema = pageEnvelope(organizationSchema);

export const packagesListSchema = z.object({
	count: nonNegInt,
	results: z.array(smsPackageSchema),
});

export const activityListSchema = z.object({
	count: nonNegInt,
	activities: z.array(activityEntrySchema),
});

export const loginResponseSchema = z.object({
	access_token: z.string().min(16),
	refresh_token: z.string().min(16),
	token_type: z.literal('Bearer'),
	expires_in: z.number().int().positive(),
	user: z.object({ id: int, email: z.email(), name: z.string() }),
});

/** Response schema of every endpoint, keyed `'METHOD /path/template/'` exactly as in the API reference. */
export const responseSchemas = {
	'POST /api/integration/v1/sms/send/': sendResultSchema,
	'GET /api/integration/v1/sms/status/{message_id}/': messageStatusSchema,
	'GET /api/integration/v1/sms/balance/': balanceSchema,
	'POST /api/integration/v1/partner/tenants/create/': tenantCreateResponseSchema,
	'POST /api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/':
		paymentInitiateResponseSchema,
	'POST /api/auth/login/': loginResponseSchema,
	'GET /api/billing/history/': billingHistoryPageSchema,
	'GET /api/billing/payments/transactions/{transaction_id}/status/':
		transactionStatusResponseSchema,
	'GET /api/billing/sms/packages/': packagesListSchema,
	'GET /api/messaging/sms/{message_id}/status/': smsMessageResponseSchema,
	'GET /api/messaging/sms/stats/': smsStatsResponseSchema,
	'GET /api/messaging/campaigns/{campaign_id}/analytics/': campaignAnalyticsSchema,
	'GET /api/messaging/dashboard/metrics/': dashboardMetricsSchema,
	'GET /api/messaging/contacts/{contact_id}/': contactSchema,
	'GET /api/messaging/activity/recent/': activityListSchema,
	'GET /api/tenants/': organizationPageSchema,
	'GET /api/notifications/': notificationPageSchema,
};

// ---------------------------------------------------------------------------------------------------------
// The `wild` profile (wild.mjs): the shapes real servers of this kind send, where they differ from the reference.

/** Microseconds and `Z`, `+00:00` or `+03:00`: `2026-11-22T13:00:00.123456+03:00`. */
export const WILD_TIMESTAMP_PATTERN =
	/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}(Z|[+-]\d{2}:\d{2})$/;
export const wildTimestampSchema = z
	.string()
	.regex(
		WILD_TIMESTAMP_PATTERN,
		'must be an ISO 8601 timestamp with microseconds and Z or an offset',
	);
/** An amount as real servers send it: a decimal string with two places, `"18.00"`. */
export const decimalStringSchema = z
	.string()
	.regex(/^-?\d+\.\d{2}$/, 'must be a decimal string like "18.00"');

/**
 * A card of the real server's dashboard metrics.
 * @param {z.ZodType} value
 * @param {string} description
 */
function dashboardCard(value, description) {
	return z.strictObject({
		value,
		change: z.string().regex(/^[+-]\d+\.\d%$/),
		change_type: z.string(),
		description: z.literal(description),
	});
}

/**
 * `{ success: true, data: <inner> }`.
 * @template {z.ZodType} T
 * @param {T} inner
 */
export function wildEnvelope(inner) {
	return z.object({ success: z.literal(true), data: inner });
}

const wildBillingRecord = z.object({
	id: uuidSchema,
	description: z.string(),
	amount: decimalStringSchema,
	currency: currencyCode,
	status: z.enum(PAYMENT_STATUSES),
	created_at: wildTimestampSchema,
});

/**
 * A payment in the grouped history: the one record of the payment, its `created_at` from the initiation, its status
 * changed in place, `completed_at` (null until completed) and `updated_at` (the last change).
 */
export const wildPaymentRecordSchema = wildBillingRecord.extend({
	completed_at: wildTimestampSchema.nullable(),
	updated_at: wildTimestampSchema,
});

export const wildLoginResponseSchema = z.object({
	message: z.string(),
	user: z.object({ id: int, email: z.email() }),
	tokens: z.object({ refresh: z.string().min(16), access: z.string().min(16) }),
});
export const wildBillingHistorySchema = wildEnvelope(
	z.object({
		summary: z.object({}).loose(),
		purchases: z.array(wildBillingRecord),
		payments: z.array(wildPaymentRecordSchema),
		usage_records: z.array(wildBillingRecord),
		custom_purchases: z.array(z.object({}).loose()),
	}),
);
export const wildNotificationSchema = z.object({
	id: uuidSchema,
	title: z.string(),
	message: z.string(),
	notification_type: z.enum(NOTIFICATION_TYPES),
	status: z.enum(['read', 'unread']),
	is_unread: z.boolean(),
	read_at: wildTimestampSchema.nullable(),
	created_at: wildTimestampSchema,
});
/** DRF's not-found body. */
export const drfNotFoundSchema = z.object({ detail: z.literal('Not found.') });

/** Response schema of every endpoint in the `wild` profile, keyed like `responseSchemas`. */
export const wildResponseSchemas = {
	'POST /api/integration/v1/sms/send/': z.object({
		success: z.literal(true),
		timestamp: z.string(),
		data: z.object({ message_id: uuidSchema, status: z.string() }),
		message: z.string(),
	}),
	'GET /api/integration/v1/sms/status/{message_id}/': wildEnvelope(
		z.object({ message_id: uuidSchema, status: z.enum(MESSAGE_STATUSES) }),
	),
	'GET /api/integration/v1/sms/balance/': wildEnvelope(
		z.object({ balance: int, currency: z.string() }),
	),
	'POST /api/integration/v1/partner/tenants/create/': wildEnvelope(
		z.object({ tenant_id: uuidSchema, created_at: wildTimestampSchema }),
	),
	'POST /api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/': wildEnvelope(
		z.object({
			transaction_id: uuidSchema,
			amount: decimalStringSchema,
			status: z.literal('pending'),
		}),
	),
	'POST /api/auth/login/': wildLoginResponseSchema,
	'GET /api/billing/history/': wildBillingHistorySchema,
	'GET /api/billing/payments/transactions/{transaction_id}/status/': z.object({
		success: z.literal(true),
		timestamp: z.string(),
		data: z.object({
			id: uuidSchema,
			amount: decimalStringSchema,
			status: z.enum(PAYMENT_STATUSES),
		}),
		message: z.string(),
	}),
	'GET /api/billing/sms/packages/': wildEnvelope(
		z.array(z.object({ id: uuidSchema, price: decimalStringSchema, sms_count: int })),
	),
	'GET /api/messaging/sms/{message_id}/status/': wildEnvelope(
		z.object({ id: uuidSchema, cost: decimalStringSchema, sent_at: wildTimestampSchema }),
	),
	'GET /api/messaging/sms/stats/': wildEnvelope(
		z.object({ total_sent: nonNegInt, total_cost: decimalStringSchema }),
	),
	'GET /api/messaging/campaigns/{campaign_id}/analytics/': z.object({
		success: z.literal(true),
		analytics: z.object({
			campaign_id: uuidSchema,
			cost: decimalStringSchema,
			started_at: wildTimestampSchema,
		}),
	}),
	// `period` is ignored: always the last 30 days, stated only in the cards' descriptions.
	'GET /api/messaging/dashboard/metrics/': wildEnvelope(
		z.strictObject({
			total_messages: dashboardCard(z.number(), 'Last 30 days'),
			sms_messages: dashboardCard(z.number(), 'SMS last 30 days'),
			active_contacts: dashboardCard(z.number(), 'Engaged this month'),
			campaign_success: dashboardCard(z.string().regex(/%$/), 'Delivery rate'),
			sms_delivery_rate: dashboardCard(z.string().regex(/%$/), 'SMS delivery rate'),
			current_credits: dashboardCard(z.number(), 'Available credits'),
		}),
	),
	'GET /api/messaging/contacts/{contact_id}/': wildEnvelope(
		z.object({ id: uuidSchema, created_at: wildTimestampSchema }),
	),
	'GET /api/messaging/activity/recent/': wildEnvelope(
		z.object({
			count: nonNegInt,
			activities: z.array(z.object({ id: uuidSchema, timestamp: wildTimestampSchema })),
		}),
	),
	'GET /api/tenants/': pageEnvelope(z.object({ id: uuidSchema, created_at: wildTimestampSchema })),
	'GET /api/notifications/': pageEnvelope(wildNotificationSchema),
};

/** Request-body schema of every endpoint that takes a body, keyed like `responseSchemas`. */
export const requestSchemas = {
	'POST /api/integration/v1/sms/send/': sendRequestSchema,
	'POST /api/integration/v1/partner/tenants/create/': tenantCreateRequestSchema,
	'POST /api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/':
		paymentInitiateRequestSchema,
	'POST /api/auth/login/': loginRequestSchema,
};

// ---------------------------------------------------------------------------------------------------------
// Admin interface (/__sandbox/) request bodies

export const adminNotificationSchema = z.object({
	title: nonEmpty(200),
	message: z.string({ error: 'must be a string' }).default(''),
	type: z.enum(NOTIFICATION_TYPES).default('info'),
});

export const adminBalanceSchema = z.object({
	balance: z
		.number({ error: 'must be an integer' })
		.int('must be an integer')
		.min(0, 'must be 0 or more'),
	tenant_id: z.string().min(1).optional(),
});

export const adminBillingRecordsSchema = z.object({
	count: z.number().int('must be an integer').min(1).max(100_000, 'must be at most 100000'),
	type: z.enum(BILLING_TYPES).optional(),
});

export const adminConfigSchema = z.object({
	rateLimit: z.number().int().min(1).optional(),
	rateWindowSeconds: z.number().positive().optional(),
	deliveryDelayMs: z.number().min(0).optional(),
	paymentDelayMs: z.number().optional(),
	jwtTtlSeconds: z.number().positive().optional(),
	lowBalanceThreshold: z.number().int().min(0).optional(),
	profile: z.enum(['documented', 'wild', 'demo']).optional(),
	paymentStatusDelayMs: z.number().min(0).max(120_000).optional(),
	// Issue 28, wild profile: no API key gets in anywhere; the SMS provider behind the login's send times out or drops.
	refuseApiKeys: z.boolean().optional(),
	upstream: z.enum(['accept', 'timeout', 'drop']).optional(),
});

export const adminFaultSchema = z.object({
	path: z.string().min(1, 'must not be empty'),
	method: z.string().min(1).optional(),
	count: z.number().int().min(1).default(1),
	status: z.number().int().min(100).max(599).optional(),
	body: z.unknown().optional(),
	headers: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
	latencyMs: z.number().min(0).max(120_000).optional(),
	drop: z.boolean().optional(),
	malformed: z.boolean().optional(),
	phase: z.enum(['before', 'after']).default('before'),
	skip: z.number().int().min(0).optional(),
});

// ---- Contacts and sender IDs (issue 29): the real service's messaging API, the same in both profiles except
// where contacts.mjs says otherwise ----

/** POST /api/messaging/contacts/ (ContactCreateSerializer): `name` and `phone_e164` required. */
export const contactCreateRequestSchema = z.object({
	name: z.string().trim().min(1).max(255),
	phone_e164: e164Schema,
	email: z.union([z.literal(''), z.email()]).optional(),
	attributes: z.record(z.string(), z.string()).optional(),
	tags: z.array(z.string()).optional(),
});

/** PATCH /api/messaging/contacts/{id}/ (ContactSerializer, partial). */
export const contactUpdateRequestSchema = z
	.object({
		name: z.string().trim().min(1).max(255),
		phone_e164: e164Schema,
		email: z.union([z.literal(''), z.email()]),
		attributes: z.record(z.string(), z.string()),
		tags: z.array(z.string()),
		is_active: z.boolean(),
	})
	.partial();

/** POST /api/messaging/contacts/bulk-import/ with `import_type: phone_contacts`: 1 to 1000 contacts. */
export const bulkImportRequestSchema = z.object({
	import_type: z.literal('phone_contacts'),
	contacts: z
		.array(
			z.object({
				full_name: z.string().default(''),
				phone: z.string().default(''),
				email: z.string().default(''),
			}),
		)
		.min(1)
		.max(1000),
	update_existing: z.boolean().default(false),
	skip_duplicates: z.boolean().default(true),
});

/** POST /api/messaging/sender-requests/submit/ (SenderIDRequestCreateSerializer). */
export const senderRequestSchema = z.object({
	requested_sender_id: z
		.string()
		.min(1)
		.max(11)
		.regex(/^[A-Za-z0-9 -]+$/, 'Sender ID can only contain letters, numbers, spaces, and hyphens.'),
	sample_content: z.string().min(1).max(170),
	request_type: z.enum(['default', 'custom']).optional(),
});

/** A contact as the list, create (documented), update and detail answer it (ContactSerializer). */
export const contactRecordSchema = z.object({
	id: uuidSchema,
	name: z.string(),
	phone_e164: z.string().regex(E164_PATTERN),
	email: z.string(),
	attributes: z.record(z.string(), z.string()),
	tags: z.array(z.string()),
	opt_in_at: z.string().nullable(),
	opt_out_at: z.string().nullable(),
	opt_out_reason: z.string(),
	is_active: z.boolean(),
	last_contacted_at: z.string().nullable(),
	is_opted_in: z.boolean().nullable(),
	created_at: z.string(),
	updated_at: z.string(),
});

/** Answers of the contact and sender ID routes, both profiles (`wild` differences named). */
export const contactResponseSchemas = {
	'GET /api/messaging/contacts/': z.object({
		count: nonNegInt,
		next: z.string().nullable(),
		previous: z.string().nullable(),
		results: z.array(contactRecordSchema),
	}),
	'POST /api/messaging/contacts/': contactRecordSchema,
	/** wild: the fields sent, without `id`. */
	'POST /api/messaging/contacts/ (wild)': z.strictObject({
		name: z.string(),
		phone_e164: z.string().regex(E164_PATTERN),
		email: z.string(),
		attributes: z.record(z.string(), z.string()),
		tags: z.array(z.string()),
	}),
	'PATCH /api/messaging/contacts/{contact_id}/': contactRecordSchema,
	'POST /api/messaging/contacts/{contact_id}/opt-in/': z.object({ message: z.string() }),
	'POST /api/messaging/contacts/{contact_id}/opt-out/': z.object({ message: z.string() }),
	'POST /api/messaging/contacts/bulk-import/': z.object({
		success: z.literal(true),
		imported: nonNegInt,
		updated: nonNegInt,
		skipped: nonNegInt,
		total_processed: nonNegInt,
		errors: z.array(z.string().regex(/^Contact \d+: /)),
		message: z.string(),
	}),
	'GET /api/messaging/sender-ids/': z.object({
		success: z.literal(true),
		data: z.array(
			z.object({
				id: uuidSchema,
				sender_id: z.string().min(1).max(11),
				sample_content: z.string(),
				status: z.literal('active'),
				created_at: z.string(),
				updated_at: z.string(),
			}),
		),
	}),
	'POST /api/messaging/sender-requests/submit/': z.object({
		success: z.literal(true),
		message: z.string(),
		data: z.object({
			id: uuidSchema,
			request_type: z.enum(['default', 'custom']),
			requested_sender_id: z.string().max(11),
			sample_content: z.string().max(170),
			status: z.literal('pending'),
		}),
	}),
};
