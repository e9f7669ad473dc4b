// The `main` profile: the real service's branch `main` (MGASALUCAS/mifumosms_backend), where it differs from
// `backend_testing` (the `wild` profile). Its code: messaging/urls.py, models.py (Template), serializers.py
// (TemplateSerializer, TemplateCreateSerializer, ContactBulkImportSerializer), views.py (TemplateListCreateView,
// TemplateDetailView, ContactBulkImportView), billing/views_payment.py (sync_pending_payments, in billing.mjs).
// It has no `/api/integration/v1/…` routes, no `/api/notifications/…`, no `contacts/bulk-add-tags/`, no
// `activity/recent/`; its templates take four upper-case categories and no `description`; its bulk import takes CSV.
import { randomUUID } from 'node:crypto';

import { ApiError } from './errors.mjs';
import { SEED_TEMPLATES, templateMetadata } from './templates.mjs';
import { isoSeconds, seedUuid } from './util.mjs';

/** @typedef {import('./routeTypes.mjs').Ctx} Ctx */
/** @typedef {import('./routeTypes.mjs').Result} Result */
/** @typedef {Record<string, any>} Rec */

const PAGE_SIZE = 20;

/** Template.CATEGORY_CHOICES on `main`, value → label. */
export const MAIN_CATEGORIES = Object.freeze({
	AUTHENTICATION: 'Authentication',
	MARKETING: 'Marketing',
	UTILITY: 'Utility',
	OTP: 'One-time password',
});
const LANGUAGES = Object.freeze({ en: 'English', sw: 'Swahili', fr: 'French', ar: 'Arabic' });

/** The seeded templates' categories in `main`'s spelling (it has no onboarding or promotions). */
const SEED_CATEGORY = /** @type {Record<string, string>} */ ({
	utility: 'UTILITY',
	onboarding: 'UTILITY',
	promotions: 'MARKETING',
});

/** Routes `main` does not have: a Django HTML 404 there. */
const MISSING = [
	/^\/api\/integration\//,
	/^\/api\/notifications\//,
	/^\/api\/messaging\/contacts\/bulk-add-tags\/$/,
	/^\/api\/messaging\/activity\/recent\/$/,
];

/** Whether `main` has a route of this path template. */
export const mainHasRoute = (/** @type {string} */ template) =>
	!MISSING.some((pattern) => pattern.test(template));

/**
 * The templates of one state on `main`, seeded again when the state is reset.
 * @type {WeakMap<object, {seed: object, list: Rec[]}>}
 */
const stores = new WeakMap();

/** @param {import('./state.mjs').SandboxState} state */
function storeOf(state) {
	let store = stores.get(state);
	if (!store || store.seed !== state.contactList) {
		const fresh = { seed: state.contactList, list: /** @type {Rec[]} */ ([]) };
		SEED_TEMPLATES.forEach((seed, i) =>
			insert(
				fresh,
				{
					...seed,
					category: SEED_CATEGORY[seed.category] ?? 'UTILITY',
					id: seedUuid('template', i + 1),
				},
				state.seededAt - (i + 1) * 3_600_000,
			),
		);
		stores.set(state, (store = fresh));
	}
	return store;
}

/**
 * @param {{list: Rec[]}} store
 * @param {Rec} data
 * @param {number} [ms]
 */
function insert(store, data, ms = Date.now()) {
	const at = isoSeconds(ms);
	const t = {
		id: data.id ?? randomUUID(),
		name: data.name,
		category: data.category,
		language: data.language ?? 'en',
		body_text: data.body_text,
		// `main`'s model keeps what is sent (no extraction from the body, unlike `backend_testing`).
		variables: Array.isArray(data.variables) ? data.variables : [],
		wa_template_name: '',
		wa_template_id: '',
		approved: false,
		approval_status: 'pending',
		usage_count: 0,
		created_at: at,
		updated_at: at,
		created_by: 1,
		_ms: ms,
	};
	Object.defineProperty(t, '_ms', { enumerable: false });
	store.list.push(t);
	store.list.sort((a, b) => b._ms - a._ms);
	return t;
}

/** A DRF field error (`{field: [msg]}`). */
function fieldErrors(/** @type {Record<string, unknown>} */ errors) {
	const [field, detail] = Object.entries(errors)[0];
	return new ApiError(400, 'validation_error', `${field}: ${JSON.stringify(detail)}`).withBody(
		errors,
	);
}

/**
 * TemplateCreateSerializer (`partial` false) or TemplateSerializer (PATCH: `partial`): name, category, language,
 * body_text, variables; anything else (`description`, …) is dropped without a word.
 * @param {Rec} body
 * @param {boolean} partial
 */
function checked(body, partial) {
	/** @type {Record<string, string[]>} */
	const errors = {};
	/** @type {Rec} */
	const out = {};
	for (const field of partial ? [] : ['name', 'category', 'body_text'])
		if (body[field] === undefined || body[field] === null)
			errors[field] = ['This field is required.'];
	for (const field of ['name', 'body_text']) {
		if (body[field] === undefined || errors[field]) continue;
		if (typeof body[field] !== 'string') errors[field] = ['Not a valid string.'];
		else if (body[field].trim() === '') errors[field] = ['This field may not be blank.'];
		else out[field] = body[field];
	}
	if (out.name !== undefined && out.name.length > 255)
		errors.name = ['Ensure this field has no more than 255 characters.'];
	for (const [field, map] of /** @type {const} */ ([
		['category', MAIN_CATEGORIES],
		['language', LANGUAGES],
	])) {
		if (body[field] === undefined || errors[field]) continue;
		if (!Object.hasOwn(map, body[field]))
			errors[field] = [`"${body[field]}" is not a valid choice.`];
		else out[field] = body[field];
	}
	if (Array.isArray(body.variables)) out.variables = body.variables;
	if (Object.keys(errors).length) throw fieldErrors(errors);
	return out;
}

const raw = (/** @type {number} */ status, /** @type {unknown} */ body) =>
	/** @type {Result} */ ({ status, body, raw: true });

/** GET /api/messaging/templates/: DRF's page of 20 (`page`), whole records; `category`, `language`, `search`. */
function listTemplates(/** @type {Ctx} */ ctx) {
	const q = ctx.query;
	let list = storeOf(ctx.state).list.slice();
	for (const field of ['category', 'language']) {
		const value = q.get(field);
		if (value) list = list.filter((t) => t[field] === value);
	}
	const search = q.get('search')?.toLowerCase();
	if (search)
		list = list.filter((t) => [t.name, t.body_text].some((v) => v.toLowerCase().includes(search)));
	const number = Number(q.get('page') ?? 1);
	const start = (number - 1) * PAGE_SIZE;
	if (!Number.isInteger(number) || number < 1 || (number > 1 && start >= list.length))
		throw new ApiError(404, 'not_found', 'Invalid page.').withBody({ detail: 'Invalid page.' });
	const link = (/** @type {number} */ p) => {
		const params = new URLSearchParams(q);
		params.set('page', String(p));
		return `${ctx.origin}${ctx.path}?${params}`;
	};
	return raw(200, {
		count: list.length,
		next: start + PAGE_SIZE < list.length ? link(number + 1) : null,
		previous: number > 1 ? link(number - 1) : null,
		results: list.slice(start, start + PAGE_SIZE),
	});
}

/** POST: 201 with TemplateCreateSerializer's fields, no id. */
function createTemplate(/** @type {Ctx} */ ctx) {
	const t = insert(storeOf(ctx.state), checked(ctx.body, false));
	const { name, category, language, body_text, variables } = t;
	return raw(201, { name, category, language, body_text, variables });
}

/** The template of the path; an unknown id: 404 `{"detail": "Not found."}`. */
function findTemplate(/** @type {Ctx} */ ctx) {
	const t = storeOf(ctx.state).list.find((x) => x.id === ctx.params.template_id);
	if (!t) throw new ApiError(404, 'not_found', 'Not found.').withBody({ detail: 'Not found.' });
	return t;
}

/** PATCH (`partial`) or PUT …/{id}/: TemplateSerializer, the whole record with its id. */
function updateTemplate(/** @type {Ctx} */ ctx, /** @type {boolean} */ partial) {
	const t = findTemplate(ctx);
	Object.assign(t, checked(ctx.body, partial), { updated_at: isoSeconds(Date.now()) });
	return raw(200, { ...t });
}

/** DELETE …/{id}/: 204. */
function deleteTemplate(/** @type {Ctx} */ ctx) {
	const store = storeOf(ctx.state);
	store.list.splice(store.list.indexOf(findTemplate(ctx)), 1);
	return raw(204, null);
}

/** OPTIONS /api/messaging/templates/: DRF's metadata, with the choices the create takes (as measured on `main`). */
const describeTemplates = () =>
	templateMetadata('List and create templates.', MAIN_CATEGORIES, LANGUAGES, {
		variables: { type: 'field', required: false, read_only: false, label: 'Variables' },
	});

/** Python's `str()` of a DRF ValidationError of one message, as `main` puts it in its answers. */
const pyError = (/** @type {string} */ message) =>
	`[ErrorDetail(string='${message}', code='invalid')]`;

/** Rows of a CSV with a header line (no quoted commas: enough for the columns this route reads). */
function csvRows(/** @type {string} */ text) {
	const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
	const names = (header ?? '').split(',').map((name) => name.trim());
	return lines.map((line) => {
		const cells = line.split(',');
		return Object.fromEntries(names.map((name, i) => [name, (cells[i] ?? '').trim()]));
	});
}

/**
 * POST /api/messaging/contacts/bulk-import/ on `main`: `{csv_data}` with the columns `name`, `phone_e164`, `email`,
 * `tags`; it only creates. Every row a field error or an exception names: there each row's ContactCreateSerializer is
 * made without the request, and its phone check reads `self.context['request']`, so a row with a valid number fails
 * with `'request'` (a KeyError) and nothing is imported (as the real branch answers, measured on a local run).
 */
function bulkImport(/** @type {Ctx} */ ctx) {
	const csv = ctx.body?.csv_data;
	if (csv === undefined || csv === null)
		throw fieldErrors({ csv_data: ['This field is required.'] });
	if (typeof csv !== 'string') throw fieldErrors({ csv_data: ['Not a valid string.'] });
	if (csv.trim() === '') throw fieldErrors({ csv_data: ['This field may not be blank.'] });
	const rows = csvRows(csv);
	for (const row of rows)
		for (const field of ['name', 'phone_e164'])
			if (!row[field])
				throw fieldErrors({
					csv_data: [`Invalid CSV format: ${pyError(`Missing required field: ${field}`)}`],
				});
	const errors = rows.map((row, i) =>
		/^\+[1-9]\d{7,14}$/.test(row.phone_e164)
			? `Row ${i + 2}: 'request'`
			: `Row ${i + 2}: {'phone_e164': ${pyError('Invalid phone number format.')}}`,
	);
	return raw(200, { message: 'Imported 0 contacts', imported_count: 0, errors });
}

/** `main`'s own answers, by method and path template, where they differ from `backend_testing`'s. */
export const MAIN_HANDLERS = /** @type {Record<string, (ctx: Ctx) => Result>} */ ({
	'GET /api/messaging/templates/': listTemplates,
	'POST /api/messaging/templates/': createTemplate,
	'OPTIONS /api/messaging/templates/': describeTemplates,
	'GET /api/messaging/templates/{template_id}/': (ctx) => raw(200, { ...findTemplate(ctx) }),
	'PATCH /api/messaging/templates/{template_id}/': (ctx) => updateTemplate(ctx, true),
	'PUT /api/messaging/templates/{template_id}/': (ctx) => updateTemplate(ctx, false),
	'DELETE /api/messaging/templates/{template_id}/': deleteTemplate,
	'POST /api/messaging/contacts/bulk-import/': bulkImport,
});
