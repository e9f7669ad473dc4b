// Message templates and bulk contact tagging (issue 44), as the real service's code answers them (its code:
// MGASALUCAS/mifumosms_backend, branch backend_testing, messaging/views.py, serializers.py, models.py). Its traps are
// kept: the list gives a 100-character `preview_text`, never the body; reading one template by id fails (500: its
// view reads an attribute the model does not have); a create or update with `{{…}}` in the body is refused (400),
// though a template the service's admin adds in its database keeps its variables; a create answers 201 without an id.
import { randomUUID } from 'node:crypto';

import { ApiError } from './errors.mjs';
import { HTML_SERVER_ERROR } from './contacts.mjs';
import { isoSeconds, seedUuid } from './util.mjs';

/** @typedef {import('./routeTypes.mjs').Ctx} Ctx */
/** @typedef {import('./routeTypes.mjs').Result} Result */
/** @typedef {Record<string, any>} Rec */

const PAGE_SIZE = 20;
export const PREVIEW_LENGTH = 100;
export const MAX_TAG_CONTACTS = 100;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

/** Template.CATEGORY_CHOICES and the others, value → label, as the model has them. */
export const CATEGORIES = Object.freeze({
	onboarding: 'Onboarding',
	promotions: 'Promotions',
	reminders: 'Reminders',
	loyalty: 'Loyalty',
	win_back: 'Win-Back',
	post_purchase: 'Post-Purchase',
	authentication: 'Authentication',
	marketing: 'Marketing',
	utility: 'Utility',
	otp: 'One-time password',
});
const LANGUAGES = Object.freeze({ en: 'English', sw: 'Kiswahili', fr: 'French', ar: 'Arabic' });
const CHANNELS = Object.freeze({
	sms: 'SMS',
	whatsapp: 'WhatsApp',
	email: 'Email',
	all: 'All Channels',
});
const STATUSES = Object.freeze({
	pending: 'Pending',
	approved: 'Approved',
	rejected: 'Rejected',
	draft: 'Draft',
});

/** The templates every sandbox starts with: one with variables (added in the database, as its admin could). */
export const SEED_TEMPLATES = Object.freeze([
	{
		name: 'Order ready',
		category: 'utility',
		body_text: 'Habari {{first_name}}, your order {{order_id}} is ready for pickup at Duka Poa.',
	},
	{
		name: 'Welcome',
		category: 'onboarding',
		body_text: 'Karibu {{first_name}}! You are on the Duka Poa list. Reply STOP to opt out.',
	},
	{
		name: 'Weekend promotion',
		category: 'promotions',
		body_text:
			'This weekend only at Duka Poa: 20% off rice, sugar and cooking oil, and free delivery in Dar es Salaam on orders above 50,000 TZS.',
	},
]);

/**
 * The templates of one state, seeded again when the state is reset (its contact list is then a new one).
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
				{ ...seed, id: seedUuid('template', i + 1) },
				state.seededAt - (i + 1) * 3_600_000,
			),
		);
		stores.set(state, (store = fresh));
	}
	return store;
}

/** `{{word}}` variables, as the model's save extracts them (`re.findall(r'\{\{(\w+)\}\}')`, each once). */
const variablesOf = (/** @type {string} */ body) => [
	...new Set([...body.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])),
];

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
		category: data.category ?? 'utility',
		language: data.language ?? 'en',
		channel: data.channel ?? 'sms',
		body_text: data.body_text,
		description: data.description ?? '',
		variables: variablesOf(data.body_text),
		status: data.status ?? 'draft',
		approved: false,
		approval_status: 'pending',
		is_favorite: data.is_favorite === true,
		usage_count: 0,
		last_used_at: null,
		created_at: at,
		updated_at: at,
		_ms: ms,
	};
	Object.defineProperty(t, '_ms', { enumerable: false });
	store.list.push(t);
	store.list.sort((a, b) => b._ms - a._ms);
	return t;
}

/**
 * Adds a template as the service's admin could (in its database): no check of its body, so it may have variables.
 * @param {import('./state.mjs').SandboxState} state
 * @param {Rec} data `{name, body_text, category?, language?, description?}`
 */
export function addTemplate(state, data) {
	if (typeof data?.name !== 'string' || typeof data?.body_text !== 'string')
		throw new ApiError(400, 'validation_error', 'name and body_text are required');
	return insert(storeOf(state), data);
}

/** TemplateListSerializer: a list entry, with a preview of the body (its first 100 characters and "..."). */
function listEntry(/** @type {Rec} */ t) {
	const preview =
		t.body_text.slice(0, PREVIEW_LENGTH) + (t.body_text.length > PREVIEW_LENGTH ? '...' : '');
	return {
		id: t.id,
		name: t.name,
		category: t.category,
		category_display: CATEGORIES[/** @type {keyof typeof CATEGORIES} */ (t.category)] ?? t.category,
		language: t.language,
		language_display: LANGUAGES[/** @type {keyof typeof LANGUAGES} */ (t.language)] ?? t.language,
		channel: t.channel,
		channel_display: CHANNELS[/** @type {keyof typeof CHANNELS} */ (t.channel)] ?? t.channel,
		preview_text: preview,
		variables_count: t.variables.length,
		status: t.status,
		approved: t.approved,
		is_favorite: t.is_favorite,
		usage_count: t.usage_count,
		last_used_display: 'Never used',
		created_at: t.created_at,
		updated_at: t.updated_at,
	};
}

const choices = (/** @type {Record<string, string>} */ map) =>
	Object.entries(map).map(([value, label]) => ({ value, label }));

/** A DRF field error (`{field: [msg]}`), the real server's 400. */
function fieldErrors(/** @type {Record<string, unknown>} */ errors) {
	const [field, detail] = Object.entries(errors)[0];
	return new ApiError(400, 'validation_error', `${field}: ${JSON.stringify(detail)}`).withBody(
		errors,
	);
}

/**
 * GET /api/messaging/templates/: newest first, filters `category`, `language`, `channel`, `status`, `search` (name,
 * body, description); pages of 20 (`page` only), the page's templates inside `results.templates`.
 * @param {Ctx} ctx
 */
function listTemplates(ctx) {
	const q = ctx.query;
	let list = storeOf(ctx.state).list.slice();
	for (const field of ['category', 'language', 'channel', 'status']) {
		const value = q.get(field);
		if (value) list = list.filter((t) => t[field] === value);
	}
	const search = q.get('search')?.toLowerCase();
	if (search)
		list = list.filter((t) =>
			[t.name, t.body_text, t.description].some((v) => v.toLowerCase().includes(search)),
		);
	const number = Number(q.get('page') ?? 1);
	const start = (number - 1) * PAGE_SIZE;
	if (!Number.isInteger(number) || number < 1 || (number > 1 && start >= list.length))
		throw new ApiError(404, 'not_found', 'Invalid page.').withBody({ detail: 'Invalid page.' });
	const link = (/** @type {number} */ p) => {
		const params = new URLSearchParams(q);
		params.set('page', String(p));
		return `${ctx.origin}${ctx.path}?${params}`;
	};
	return /** @type {Result} */ ({
		status: 200,
		raw: true,
		body: {
			count: list.length,
			next: start + PAGE_SIZE < list.length ? link(number + 1) : null,
			previous: number > 1 ? link(number - 1) : null,
			results: {
				templates: list.slice(start, start + PAGE_SIZE).map(listEntry),
				filter_options: {
					categories: choices(CATEGORIES),
					languages: choices(LANGUAGES),
					channels: choices(CHANNELS),
					statuses: choices(STATUSES),
				},
				total_count: list.length,
			},
		},
	});
}

/**
 * The checks of TemplateCreateSerializer / TemplateUpdateSerializer (`partial` for PATCH): the body's `{{…}}`
 * refused, the name unique for its channel in the account, choices checked.
 * @param {import('./state.mjs').SandboxState} state
 * @param {Rec} body
 * @param {boolean} partial
 * @param {Rec} [current]
 */
function checked(state, body, partial, current) {
	/** @type {Record<string, string[]>} */
	const errors = {};
	/** @type {Rec} */
	const out = {};
	const required = partial ? [] : ['name', 'category', 'body_text'];
	for (const field of required)
		if (body[field] === undefined || body[field] === null)
			errors[field] = ['This field is required.'];
	for (const field of ['name', 'body_text', 'description']) {
		if (body[field] === undefined || errors[field]) continue;
		if (typeof body[field] !== 'string') errors[field] = ['Not a valid string.'];
		else if (field !== 'description' && body[field].trim() === '')
			errors[field] = ['This field may not be blank.'];
		else out[field] = body[field];
	}
	if (out.body_text !== undefined) {
		const found = out.body_text.match(/\{\{[^}]+\}\}/g);
		if (found)
			errors.body_text = [
				`Invalid variable format found: [${found.map((/** @type {string} */ v) => `'${v}'`).join(', ')}]. Variables should be in format {{variable_name}}.`,
			];
	}
	for (const [field, map] of /** @type {const} */ ([
		['category', CATEGORIES],
		['language', LANGUAGES],
		['channel', CHANNELS],
		['status', STATUSES],
	])) {
		if (body[field] === undefined || errors[field]) continue;
		if (!Object.hasOwn(map, body[field]))
			errors[field] = [`"${body[field]}" is not a valid choice.`];
		else out[field] = body[field];
	}
	if (body.is_favorite !== undefined) out.is_favorite = body.is_favorite === true;
	if (out.name !== undefined && out.name.length > 255)
		errors.name = ['Ensure this field has no more than 255 characters.'];
	const channel = out.channel ?? current?.channel ?? 'sms';
	if (
		out.name !== undefined &&
		storeOf(state).list.some((t) => t !== current && t.name === out.name && t.channel === channel)
	)
		errors.name = [`A template with this name already exists for ${channel} channel.`];
	if (Object.keys(errors).length) throw fieldErrors(errors);
	return out;
}

/** POST /api/messaging/templates/: 201 with the fields of TemplateCreateSerializer, no id. */
function createTemplate(/** @type {Ctx} */ ctx) {
	const t = insert(storeOf(ctx.state), checked(ctx.state, ctx.body, false));
	const { name, category, language, channel, body_text, description, status, is_favorite } = t;
	return /** @type {Result} */ ({
		status: 201,
		raw: true,
		body: { name, category, language, channel, body_text, description, status, is_favorite },
	});
}

/** @param {Ctx} ctx */
function findTemplate(ctx) {
	const t = storeOf(ctx.state).list.find((x) => x.id === ctx.params.template_id);
	if (!t) throw new ApiError(404, 'not_found', 'Not found.').withBody({ detail: 'Not found.' });
	return t;
}

/** GET …/{id}/: the view reads `instance.last_used_display`, which the model lacks: an unhandled 500 page. */
function getTemplate(/** @type {Ctx} */ ctx) {
	findTemplate(ctx);
	return /** @type {Result} */ (
		/** @type {unknown} */ ({ status: 500, body: null, html: HTML_SERVER_ERROR })
	);
}

/**
 * PATCH (`partial`) or PUT …/{id}/: TemplateUpdateSerializer's fields, no id.
 * @param {Ctx} ctx
 * @param {boolean} partial
 */
function updateTemplate(ctx, partial) {
	const t = findTemplate(ctx);
	Object.assign(t, checked(ctx.state, ctx.body, partial, t), {
		updated_at: isoSeconds(Date.now()),
	});
	t.variables = variablesOf(t.body_text);
	const fields = ['name', 'category', 'language', 'channel', 'body_text', 'description', 'status'];
	/** @type {Rec} */
	const body = {};
	for (const f of [...fields, 'approved', 'approval_status', 'is_favorite']) body[f] = t[f];
	return /** @type {Result} */ ({
		status: 200,
		raw: true,
		body: { ...body, wa_template_name: '', wa_template_id: '' },
	});
}

/** DELETE …/{id}/: 204. */
function deleteTemplate(/** @type {Ctx} */ ctx) {
	const store = storeOf(ctx.state);
	store.list.splice(store.list.indexOf(findTemplate(ctx)), 1);
	return /** @type {Result} */ ({ status: 204, body: null, raw: true });
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const TAG = /^[a-zA-Z0-9\s\-_]+$/;

/**
 * ContactBulkAddTagsSerializer's checks, in DRF's words: 1 to 100 distinct UUIDs, 1 to 20 distinct tags of at most 50
 * letters, digits, spaces, `-` and `_` (trimmed, as a CharField does).
 * @param {Rec} body
 */
function tagRequest(body) {
	/** @type {Record<string, unknown>} */
	const errors = {};
	const list = (/** @type {string} */ field, /** @type {number} */ max) => {
		const value = body?.[field];
		if (value === undefined) errors[field] = ['This field is required.'];
		else if (!Array.isArray(value))
			errors[field] = [`Expected a list of items but got type "${typeof value}".`];
		else if (value.length < 1) errors[field] = ['Ensure this field has at least 1 elements.'];
		else if (value.length > max)
			errors[field] = [`Ensure this field has no more than ${max} elements.`];
		else return value;
		return undefined;
	};
	const ids = list('contact_ids', MAX_TAG_CONTACTS);
	if (ids) {
		/** @type {Record<string, string[]>} */
		const bad = {};
		ids.forEach((id, i) => {
			if (typeof id !== 'string' || !UUID.test(id)) bad[i] = ['Must be a valid UUID.'];
		});
		if (Object.keys(bad).length) errors.contact_ids = bad;
		else if (new Set(ids.map((id) => id.toLowerCase())).size !== ids.length)
			errors.contact_ids = ['Duplicate contact IDs are not allowed'];
	}
	const rawTags = list('tags', MAX_TAGS);
	const tags = rawTags?.map((tag) => (typeof tag === 'string' ? tag.trim() : tag));
	if (tags) {
		/** @type {Record<string, string[]>} */
		const bad = {};
		tags.forEach((tag, i) => {
			if (typeof tag !== 'string') bad[i] = ['Not a valid string.'];
			else if (tag === '') bad[i] = ['This field may not be blank.'];
			else if (tag.length > MAX_TAG_LENGTH)
				bad[i] = [`Ensure this field has no more than ${MAX_TAG_LENGTH} characters.`];
		});
		const odd = tags.find((tag) => typeof tag === 'string' && tag && !TAG.test(tag));
		if (Object.keys(bad).length) errors.tags = bad;
		else if (new Set(tags).size !== tags.length) errors.tags = ['Duplicate tags are not allowed'];
		else if (odd !== undefined)
			errors.tags = [
				`Invalid tag format: '${odd}'. Tags can only contain letters, numbers, spaces, hyphens, and underscores.`,
			];
	}
	if (Object.keys(errors).length) throw fieldErrors(errors);
	return {
		ids: /** @type {string[]} */ (ids).map((id) => id.toLowerCase()),
		tags: /** @type {string[]} */ (tags),
	};
}

/**
 * POST /api/messaging/contacts/bulk-add-tags/: the tags added to every contact, or nothing at all when one id is not
 * the account's (404 naming the missing ids as Python prints a list of UUIDs).
 * @param {Ctx} ctx
 */
function bulkAddTags(ctx) {
	const { ids, tags } = tagRequest(ctx.body);
	const found = ids.map((id) => /** @type {Rec} */ (ctx.state.contacts.get(id)));
	const notFound = (/** @type {string} */ message) =>
		/** @type {Result} */ ({
			status: 404,
			raw: true,
			body: { success: false, message, updated_count: 0 },
		});
	if (found.every((c) => !c)) return notFound('No contacts found with the provided IDs');
	const missing = ids.filter((_, i) => !found[i]);
	if (missing.length)
		return notFound(
			`Some contacts not found: [${missing.map((id) => `UUID('${id}')`).join(', ')}]`,
		);
	const now = isoSeconds(Date.now());
	for (const c of found) {
		c.tags = [...new Set([...(c.tags ?? []), ...tags])];
		c.updated_at = now;
	}
	return /** @type {Result} */ ({
		status: 200,
		raw: true,
		body: {
			success: true,
			message: `Successfully added tags to ${ids.length} contacts`,
			updated_count: ids.length,
			total_requested: ids.length,
			tags_added: tags,
			errors: [],
		},
	});
}

/**
 * OPTIONS on the template list: DRF's metadata of the list-and-create view, with the choices its create takes (both
 * branches answer it; the node reads the categories there).
 * @param {string} description
 * @param {Record<string, string>} categories
 * @param {Record<string, string>} languages
 * @param {Rec} more the create's other fields
 * @returns {Result}
 */
export function templateMetadata(description, categories, languages, more) {
	const choices = (/** @type {Record<string, string>} */ map) =>
		Object.entries(map).map(([value, display_name]) => ({ value, display_name }));
	const field = (/** @type {string} */ type, /** @type {string} */ label, required = false) => ({
		type,
		required,
		read_only: false,
		label,
	});
	return /** @type {Result} */ ({
		status: 200,
		raw: true,
		body: {
			name: 'Template List Create',
			description,
			renders: ['application/json', 'text/html'],
			parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
			actions: {
				POST: {
					name: { ...field('string', 'Name', true), max_length: 255 },
					category: { ...field('choice', 'Category', true), choices: choices(categories) },
					language: { ...field('choice', 'Language'), choices: choices(languages) },
					body_text: field('string', 'Body text', true),
					...more,
				},
			},
		},
	});
}

/**
 * The routes of this module (the real server's; the `wild` profile's): method, path template, handler, auth.
 * @type {Array<[string, string, (ctx: Ctx) => Result, boolean]>}
 */
export const TEMPLATE_ROUTES = [
	['GET', '/api/messaging/templates/', listTemplates, true],
	['POST', '/api/messaging/templates/', createTemplate, true],
	[
		'OPTIONS',
		'/api/messaging/templates/',
		() =>
			templateMetadata(
				'List and create templates with advanced filtering.',
				CATEGORIES,
				LANGUAGES,
				{
					description: { type: 'string', required: false, read_only: false, label: 'Description' },
				},
			),
		true,
	],
	['GET', '/api/messaging/templates/{template_id}/', getTemplate, true],
	['PATCH', '/api/messaging/templates/{template_id}/', (ctx) => updateTemplate(ctx, true), true],
	['PUT', '/api/messaging/templates/{template_id}/', (ctx) => updateTemplate(ctx, false), true],
	['DELETE', '/api/messaging/templates/{template_id}/', deleteTemplate, true],
	['POST', '/api/messaging/contacts/bulk-add-tags/', bulkAddTags, true],
];
