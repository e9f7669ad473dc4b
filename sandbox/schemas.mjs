// Zod schemas of the SMS Platform API, as its reference documents it: the one source of truth for the
// request bodies the sandbox accepts and the response shapes it produces. Used by the sandbox itself and by
// contract tests. Objects are not strict: extra fields are allowed (the sandbox adds a few). Beside it, from these
// building blocks: wildSchemas.mjs (real servers' shapes), messagingSchemas.mjs (contacts and sender IDs, the real
// service's messaging API) and adminSchemas.mjs (the sandbox's own /__sandbox/ interface).
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
// `scheduled`: a send with a schedule time (the login route's), until that time.
export const MESSAGE_STATUSES = /** @type {const} */ (['scheduled', 'sent', 'delivered', 'failed']);
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
export const int = z.number().int();
export const nonNegInt = z.number().int().nonnegative();
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code');
export const nonEmpty = (max = 500) =>
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

/** Request-body schema of every endpoint that takes a body, keyed like `responseSchemas`. */
export const requestSchemas = {
	'POST /api/integration/v1/sms/send/': sendRequestSchema,
	'POST /api/integration/v1/partner/tenants/create/': tenantCreateRequestSchema,
	'POST /api/integration/v1/partner/tenants/{tenant_id}/payments/initiate/':
		paymentInitiateRequestSchema,
	'POST /api/auth/login/': loginRequestSchema,
};
