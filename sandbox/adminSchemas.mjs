// Zod schemas of the sandbox's own admin interface (/__sandbox/, admin.mjs): its request bodies.
import { z } from 'zod/v4';

import { BILLING_TYPES, NOTIFICATION_TYPES, int, nonEmpty } from './schemas.mjs';

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
	profile: z.enum(['documented', 'wild', 'main', 'demo']).optional(),
	// The `documented` profile answers an unknown route in the API reference's own error body (as a gateway may).
	referenceNotFound: z.boolean().optional(),
	loginRoutesNeedLogin: z.boolean().optional(),
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
