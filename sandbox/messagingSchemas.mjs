// Zod schemas of contacts and sender IDs (issue 29): the real service's messaging API, the same in both profiles
// except where contacts.mjs says otherwise (building blocks from schemas.mjs).
import { z } from 'zod/v4';

import { E164_PATTERN, e164Schema, nonNegInt, uuidSchema } from './schemas.mjs';

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
