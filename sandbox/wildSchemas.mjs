// Zod schemas of the `wild` profile (wild.mjs): the shapes real servers of this kind send, where they differ from the
// API reference (schemas.mjs, whose building blocks they use).
import { z } from 'zod/v4';

import {
	MESSAGE_STATUSES,
	NOTIFICATION_TYPES,
	PAYMENT_STATUSES,
	currencyCode,
	int,
	nonNegInt,
	pageEnvelope,
	uuidSchema,
} from './schemas.mjs';

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
