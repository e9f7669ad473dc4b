// Contacts and sender IDs (issue 29), as the real service's messaging API has them (its code: MGASALUCAS/mifumosms_backend,
// branch backend_testing, messaging/views.py, serializers.py, views_sender_requests.py). Both profiles keep the
// real shapes of the bulk import and the sender IDs; they differ where the real server differs from the documented
// conventions: in `wild` a create answers 201 without an `id`, list pages are fixed at 20 (`page` only), errors are
// DRF's (`{field: [msg]}`), and an update to a phone another contact has is a 500 page.
import { randomUUID } from 'node:crypto';

import { ApiError, validate } from './errors.mjs';
import {
	bulkImportRequestSchema,
	contactCreateRequestSchema,
	contactUpdateRequestSchema,
	senderRequestSchema,
} from './messagingSchemas.mjs';
import { answersAsRealServer, isoSeconds, seedUuid } from './util.mjs';

/** @typedef {import('./routeTypes.mjs').Ctx} Ctx */
/** @typedef {import('./routeTypes.mjs').Result} Result */
/** @typedef {Record<string, any>} Rec */

const WILD_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
export const MAX_IMPORT = 1000;
export const MAX_OPT_OUT_REASON = 100;
export const DUPLICATE_PHONE =
	'A contact with this phone number already exists in your contact list.';
/** The page Django sends for an unhandled exception (DEBUG off). */
export const HTML_SERVER_ERROR =
	'<!doctype html>\n<html lang="en">\n<head>\n  <title>Server Error (500)</title>\n</head>\n<body>\n  <h1>Server Error (500)</h1><p></p>\n</body>\n</html>\n';
/** What a Django server answers to an exception its view does not handle (an IntegrityError, a too long value). */
const serverErrorPage = () =>
	/** @type {Result} */ (
		/** @type {unknown} */ ({ status: 500, body: null, html: HTML_SERVER_ERROR })
	);
/** The sender IDs every sandbox starts with (all active). */
export const SEED_SENDER_IDS = Object.freeze(['N8NDEMO', 'N8NOPS', 'Taarifa-SMS']);

/** @param {Ctx} ctx */
const isWild = (ctx) => answersAsRealServer(ctx.state.config);

/**
 * The phone index and sender IDs of one state, rebuilt when the state is reset (its seed time changes).
 * @type {WeakMap<object, {seededAt: number, byPhone: Map<string, Rec>, senders: Rec[], requests: Rec[], order: number}>}
 */
const stores = new WeakMap();

/** @param {import('./state.mjs').SandboxState} state */
function storeOf(state) {
	let store = stores.get(state);
	if (!store || store.seededAt !== state.seededAt) {
		const byPhone = new Map();
		for (const c of state.contactList) byPhone.set(c.phone_e164, c);
		const senders = SEED_SENDER_IDS.map((name, i) => {
			const created = isoSeconds(state.seededAt - (i + 1) * 86_400_000);
			return {
				id: seedUuid('sender-id', i + 1),
				sender_id: name,
				sample_content: `Messages from ${name}`,
				status: 'active',
				created_at: created,
				updated_at: created,
			};
		});
		store = { seededAt: state.seededAt, byPhone, senders, requests: [], order: 0 };
		stores.set(state, store);
	}
	return store;
}

/** A contact as the service lists it (ContactSerializer): every field, with the read-only ones. */
function view(/** @type {Rec} */ c) {
	return {
		opt_out_reason: '',
		last_contacted_at: null,
		...c,
		// As Python computes `opt_in_at and not opt_out_at`: null when never opted in.
		is_opted_in: c.opt_in_at ? !c.opt_out_at : null,
	};
}

/** A DRF field error: documented body in the documented profile, `{field: [msg]}` in the wild one. */
function fieldError(/** @type {string} */ field, /** @type {string} */ message) {
	return new ApiError(400, 'validation_error', `${field}: ${message}`, { [field]: [message] });
}

/** @param {Ctx} ctx */
function findContact(ctx) {
	const c = ctx.state.contacts.get(ctx.params.contact_id);
	if (!c)
		throw new ApiError(404, 'contact_not_found', `Contact not found: '${ctx.params.contact_id}'`);
	return c;
}

/**
 * Adds a contact to the state (and its phone index).
 * @param {import('./state.mjs').SandboxState} state
 * @param {{name: string, phone_e164: string, email?: string, tags?: string[], attributes?: Record<string, string>}} data
 */
export function addContact(state, data) {
	const store = storeOf(state);
	const now = isoSeconds(Date.now());
	const c = {
		id: randomUUID(),
		name: data.name,
		phone_e164: data.phone_e164,
		email: data.email ?? '',
		attributes: data.attributes ?? {},
		tags: data.tags ?? [],
		is_active: true,
		opt_in_at: null,
		opt_out_at: null,
		opt_out_reason: '',
		last_contacted_at: null,
		created_at: now,
		updated_at: now,
		// Creation order, for newest first within one second (not shown).
		_order: ++store.order,
	};
	Object.defineProperty(c, '_order', { enumerable: false });
	state.contactList.push(c);
	state.contacts.set(c.id, c);
	store.byPhone.set(c.phone_e164, c);
	return c;
}

const ORDERINGS = new Set(['name', 'created_at', 'last_contacted_at']);

/**
 * GET /api/messaging/contacts/: filters `name`, `phone_e164`, `email`, `is_active` (exact), `search` (name, phone,
 * email, contains), `ordering` (name, created_at, last_contacted_at; `-` for descending; newest first by default).
 * @param {Ctx} ctx
 */
function listContacts(ctx) {
	const q = ctx.query;
	let list = ctx.state.contactList.slice();
	for (const field of ['name', 'phone_e164', 'email']) {
		const value = q.get(field);
		if (value) list = list.filter((c) => c[field] === value);
	}
	const active = q.get('is_active');
	if (active) {
		const wanted = /^(true|1)$/i.test(active);
		list = list.filter((c) => c.is_active === wanted);
	}
	const search = q.get('search')?.toLowerCase();
	if (search)
		list = list.filter((c) =>
			[c.name, c.phone_e164, c.email].some((v) =>
				String(v ?? '')
					.toLowerCase()
					.includes(search),
			),
		);
	const ordering = q.get('ordering') ?? '-created_at';
	const field = ordering.replace(/^-/, '');
	const key = ORDERINGS.has(field) ? field : 'created_at';
	const sign = ORDERINGS.has(field) && !ordering.startsWith('-') ? 1 : -1;
	list.sort((a, b) => {
		const x = a[key] ?? '';
		const y = b[key] ?? '';
		if (x !== y) return x < y ? -sign : sign;
		return sign * ((a._order ?? 0) - (b._order ?? 0));
	});
	return { status: 200, body: page(ctx, list.map(view)) };
}

/**
 * A page of a list: `page` and `page_size` (up to 100) in the documented profile; pages fixed at 20 in the wild one,
 * whose links repeat the query as asked.
 * @param {Ctx} ctx
 * @param {Rec[]} list
 */
function page(ctx, list) {
	const wild = isWild(ctx);
	const number = Number(ctx.query.get('page') ?? 1);
	const requested = Number(ctx.query.get('page_size') ?? WILD_PAGE_SIZE);
	if (!Number.isInteger(number) || number < 1)
		throw new ApiError(404, 'not_found', 'Invalid page.');
	const size = wild
		? WILD_PAGE_SIZE
		: Math.min(MAX_PAGE_SIZE, Number.isInteger(requested) && requested > 0 ? requested : 20);
	const start = (number - 1) * size;
	if (number > 1 && start >= list.length) throw new ApiError(404, 'not_found', 'Invalid page.');
	const link = (/** @type {number} */ p) => {
		const params = new URLSearchParams(ctx.query);
		params.set('page', String(p));
		// The real server keeps the query as asked (a page_size it ignores too).
		if (!wild) params.set('page_size', String(size));
		return `${ctx.origin}${ctx.path}?${params}`;
	};
	return {
		count: list.length,
		next: start + size < list.length ? link(number + 1) : null,
		previous: number > 1 ? link(number - 1) : null,
		results: list.slice(start, start + size),
	};
}

/** POST /api/messaging/contacts/: 201 with the contact (documented) or only the fields sent, no id (wild). */
function createContact(/** @type {Ctx} */ ctx) {
	const body = validate(contactCreateRequestSchema, ctx.body);
	if (storeOf(ctx.state).byPhone.has(body.phone_e164))
		throw fieldError('phone_e164', DUPLICATE_PHONE);
	const c = addContact(ctx.state, body);
	if (!isWild(ctx)) return { status: 201, body: view(c) };
	const { name, phone_e164, email, attributes, tags } = c;
	return { status: 201, body: { name, phone_e164, email, attributes, tags } };
}

/** PATCH /api/messaging/contacts/{id}/: a phone another contact has is a 409 (documented) or a 500 page (wild). */
function updateContact(/** @type {Ctx} */ ctx) {
	const c = findContact(ctx);
	const body = validate(contactUpdateRequestSchema, ctx.body);
	const store = storeOf(ctx.state);
	if (body.phone_e164 !== undefined && body.phone_e164 !== c.phone_e164) {
		const holder = store.byPhone.get(body.phone_e164);
		if (holder) {
			if (isWild(ctx)) return serverErrorPage();
			throw new ApiError(409, 'duplicate_phone', DUPLICATE_PHONE, {
				phone_e164: [DUPLICATE_PHONE],
			});
		}
		store.byPhone.delete(c.phone_e164);
		store.byPhone.set(body.phone_e164, c);
	}
	Object.assign(c, body, { updated_at: isoSeconds(Date.now()) });
	// The real server answers an update with the bare contact (the detail GET's envelope is the wild profile's own).
	return /** @type {Result} */ ({ status: 200, body: view(c), raw: true });
}

/** DELETE /api/messaging/contacts/{id}/: 204. */
function deleteContact(/** @type {Ctx} */ ctx) {
	const c = findContact(ctx);
	ctx.state.contacts.delete(c.id);
	ctx.state.contactList.splice(ctx.state.contactList.indexOf(c), 1);
	storeOf(ctx.state).byPhone.delete(c.phone_e164);
	return /** @type {Result} */ ({ status: 204, body: null, raw: true });
}

/** POST …/opt-in/: opted in now, any opt-out cleared. */
function optIn(/** @type {Ctx} */ ctx) {
	const c = findContact(ctx);
	const now = isoSeconds(Date.now());
	Object.assign(c, { opt_in_at: now, opt_out_at: null, opt_out_reason: '', updated_at: now });
	return { status: 200, body: { message: 'Contact opted in successfully' } };
}

/** POST …/opt-out/ `{reason}`: the database keeps 100 characters (a longer reason is a 400, or a 500 in wild). */
function optOut(/** @type {Ctx} */ ctx) {
	const c = findContact(ctx);
	const reason = typeof ctx.body?.reason === 'string' ? ctx.body.reason : '';
	if (reason.length > MAX_OPT_OUT_REASON) {
		if (isWild(ctx)) return serverErrorPage();
		throw fieldError(
			'reason',
			`Ensure this field has no more than ${MAX_OPT_OUT_REASON} characters.`,
		);
	}
	const now = isoSeconds(Date.now());
	Object.assign(c, { opt_out_at: now, opt_out_reason: reason, updated_at: now });
	return { status: 200, body: { message: 'Contact opted out successfully' } };
}

/**
 * POST /api/messaging/contacts/bulk-import/ (import_type phone_contacts): each contact created, or, with
 * update_existing, the contact with its phone updated (name, email when given). Answers counts; a contact refused is
 * one line of `errors`, "Contact <n>: <DRF errors as Python prints them>".
 * @param {Ctx} ctx
 */
function bulkImport(ctx) {
	const body = validate(bulkImportRequestSchema, ctx.body);
	const store = storeOf(ctx.state);
	let imported = 0;
	let updated = 0;
	let skipped = 0;
	/** @type {string[]} */
	const errors = [];
	body.contacts.forEach((contact, i) => {
		const phone = contact.phone.trim();
		const existing = body.skip_duplicates ? store.byPhone.get(phone) : undefined;
		if (existing) {
			if (!body.update_existing) {
				skipped++;
				return;
			}
			existing.name = contact.full_name || existing.name;
			existing.email = contact.email || existing.email;
			existing.updated_at = isoSeconds(Date.now());
			updated++;
			return;
		}
		const problem = !/^\+[1-9]\d{6,14}$/.test(phone)
			? 'Invalid phone number format.'
			: store.byPhone.has(phone)
				? DUPLICATE_PHONE
				: undefined;
		if (problem) {
			errors.push(
				`Contact ${i + 1}: {'phone_e164': [ErrorDetail(string='${problem}', code='invalid')]}`,
			);
			return;
		}
		addContact(ctx.state, {
			name: contact.full_name || 'Unknown',
			phone_e164: phone,
			email: contact.email ?? '',
		});
		imported++;
	});
	const counts = `imported ${imported}, updated ${updated}, skipped ${skipped} contacts`;
	return {
		status: 201,
		body: {
			success: true,
			imported,
			updated,
			skipped,
			total_processed: body.contacts.length,
			errors,
			message: errors.length
				? `Imported ${imported}, updated ${updated}, skipped ${skipped} contacts with ${errors.length} errors`
				: `Successfully ${counts}`,
		},
	};
}

/** GET /api/messaging/sender-ids/: the active sender IDs, newest first, in one answer (not paged). */
function senderIds(/** @type {Ctx} */ ctx) {
	const list = storeOf(ctx.state).senders.filter((s) => s.status === 'active');
	return { status: 200, body: { success: true, data: list } };
}

/**
 * POST /api/messaging/sender-requests/submit/: a pending request (approval is manual). The name is stored in capitals
 * (Taarifa-SMS keeps its casing); a second request for a name not rejected is refused.
 * @param {Ctx} ctx
 */
function submitSenderRequest(ctx) {
	const store = storeOf(ctx.state);
	let body;
	try {
		body = validate(senderRequestSchema, ctx.body);
	} catch (err) {
		if (err instanceof ApiError)
			err.withBody({ success: false, message: 'Invalid request data', errors: err.details });
		throw err;
	}
	const name =
		body.requested_sender_id.trim().toLowerCase() === 'taarifa-sms'
			? 'Taarifa-SMS'
			: body.requested_sender_id.trim().toUpperCase();
	if (store.requests.some((r) => r.requested_sender_id === name && r.status !== 'rejected')) {
		const errors = { non_field_errors: ['A request for this sender ID already exists.'] };
		throw new ApiError(400, 'validation_error', 'Invalid request data', errors).withBody({
			success: false,
			message: 'Invalid request data',
			errors,
		});
	}
	const now = isoSeconds(Date.now());
	const request = {
		id: randomUUID(),
		request_type: body.request_type ?? 'default',
		requested_sender_id: name,
		sample_content: body.sample_content,
		status: 'pending',
		reviewed_at: null,
		rejection_reason: '',
		created_at: now,
		updated_at: now,
		sender_name: name,
		use_case: body.sample_content,
	};
	store.requests.push(request);
	return {
		status: 201,
		body: { success: true, message: 'Sender ID request submitted successfully', data: request },
	};
}

/**
 * Approves a pending request (what the service's staff do by hand): its name becomes an active sender ID. For tests
 * and the demo.
 * @param {import('./state.mjs').SandboxState} state
 * @param {string} name
 */
export function approveSenderId(state, name) {
	const store = storeOf(state);
	const now = isoSeconds(Date.now());
	for (const r of store.requests) if (r.requested_sender_id === name) r.status = 'approved';
	store.senders.unshift({
		id: randomUUID(),
		sender_id: name,
		sample_content: '',
		status: 'active',
		created_at: now,
		updated_at: now,
	});
}

/**
 * The sender ID requests filed on one state, oldest first (billing.mjs lists and decides them).
 * @param {import('./state.mjs').SandboxState} state
 */
export function senderRequestsOf(state) {
	return storeOf(state).requests;
}

/**
 * The routes of this module: method, path template, handler, whether auth is needed (as in api.mjs).
 * @type {Array<[string, string, (ctx: Ctx) => Result, boolean]>}
 */
export const CONTACT_ROUTES = [
	['GET', '/api/messaging/contacts/', listContacts, true],
	['POST', '/api/messaging/contacts/', createContact, true],
	['POST', '/api/messaging/contacts/bulk-import/', bulkImport, true],
	['PATCH', '/api/messaging/contacts/{contact_id}/', updateContact, true],
	['DELETE', '/api/messaging/contacts/{contact_id}/', deleteContact, true],
	['POST', '/api/messaging/contacts/{contact_id}/opt-in/', optIn, true],
	['POST', '/api/messaging/contacts/{contact_id}/opt-out/', optOut, true],
	['GET', '/api/messaging/sender-ids/', senderIds, true],
	['POST', '/api/messaging/sender-requests/submit/', submitSenderRequest, true],
];
