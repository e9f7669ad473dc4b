import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { readContactId, readTags } from '../../helpers/contacts';
import {
	getRequestSettings,
	parameterReader,
	type ParameterReader,
} from '../../helpers/parameters';
import { apiRequest, type RequestSettings, ServiceError } from '../../transport';
import type { ExecuteBatch, ItemFailure, ItemResult } from '../operation';
import { contactIdField } from './fields';

/** The service's limits on one call: contacts, tags, a tag's length, and what a tag may hold. */
export const MAX_TAG_CONTACTS = 100;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;
const TAG = /^[a-zA-Z0-9\s\-_]+$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

const properties: INodeProperties[] = [
	contactIdField,
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. vip, newsletter',
		description: `Tags to add, separated by commas (or a list from an expression): 1 to ${MAX_TAGS}, each up to ${MAX_TAG_LENGTH} letters, digits, spaces, - and _. The contact keeps its other tags.`,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['addTags'] } },
	properties,
);

interface Entry {
	itemIndex: number;
	id: string;
	tags: string[];
}

function fail(ctx: IExecuteFunctions, itemIndex: number, message: string, advice: string) {
	return new NodeOperationError(ctx.getNode(), message, { itemIndex, description: advice });
}

/** One item's contact ID and tags, checked against the service's rules before any request. */
function readEntry(ctx: IExecuteFunctions, itemIndex: number, read: ParameterReader): Entry {
	// Read with the run's fast reader: thousands of items are usual here.
	const id = readContactId(ctx, itemIndex, read);
	// The service's tagging route takes the IDs in its body, and only UUIDs.
	if (!UUID.test(id))
		throw fail(
			ctx,
			itemIndex,
			`'Contact ID' "${id}" is not a contact ID`,
			"A contact ID is a UUID such as 3f2b8c1e-9a7d-4c1e-8b2f-5d6e7f8a9b0c, e.g. from 'Get Many' or 'Create'. Nothing was sent for this item.",
		);
	// The service trims each tag and refuses one given twice: each is sent once.
	const tags = [...new Set(readTags(read('tags', itemIndex, '')) ?? [])];
	const rules = `Give 1 to ${MAX_TAGS} tags, each up to ${MAX_TAG_LENGTH} letters, digits, spaces, - and _. Nothing was sent for this item.`;
	if (!tags.length) throw fail(ctx, itemIndex, "'Tags' is empty", rules);
	if (tags.length > MAX_TAGS)
		throw fail(ctx, itemIndex, `'Tags' has ${tags.length} tags, more than ${MAX_TAGS}`, rules);
	const long = tags.find((tag) => tag.length > MAX_TAG_LENGTH);
	if (long)
		throw fail(ctx, itemIndex, `Tag "${long}" is longer than ${MAX_TAG_LENGTH} characters`, rules);
	const odd = tags.find((tag) => !TAG.test(tag));
	if (odd)
		throw fail(ctx, itemIndex, `Tag "${odd}" has characters the service does not take`, rules);
	return { itemIndex, id: id.toLowerCase(), tags };
}

/**
 * What a 404 of the service says about the contacts: `all` when it found none of them, the IDs it names ("Some
 * contacts not found: [UUID('…')]"), an empty list when it says some are unknown without naming them; `undefined`
 * for any other error (a 404 of a server without this route says nothing of contacts).
 */
function namedIds(error: unknown): string[] | 'all' | undefined {
	if (!(error instanceof ServiceError) || error.httpCode !== '404') return undefined;
	// The service's own answer (not the error's text): "Some contacts not found: [UUID('…')]".
	const words = error.serviceWords ?? '';
	if (/No contacts found/i.test(words)) return 'all';
	if (!/contacts? not found/i.test(words)) return undefined;
	const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
	return [...words.matchAll(uuid)].map((match) => match[0].toLowerCase());
}

type Result = { tagged: true } | { unknown: ServiceError } | { error: Error };

/**
 * Adds the tags to these contacts (at most 100), one request. An unknown ID fails the whole call with a 404: the IDs
 * it names are set aside and the others sent again; a 404 that names none is split in halves until they are found.
 */
async function tagContacts(
	ctx: IExecuteFunctions,
	ids: string[],
	tags: string[],
	at: { itemIndex: number; settings: Partial<RequestSettings> },
	results: Map<string, Result>,
): Promise<void> {
	let rest = ids;
	while (rest.length) {
		try {
			await apiRequest(ctx, {
				...endpoints.addContactTags(),
				body: { contact_ids: rest, tags },
				...at,
			});
			for (const id of rest) results.set(id, { tagged: true });
			return;
		} catch (error) {
			const named = namedIds(error);
			if (named === undefined) {
				for (const id of rest) results.set(id, { error: error as Error });
				return;
			}
			const unknown = named === 'all' ? rest : named.filter((id) => rest.includes(id));
			if (unknown.length) {
				for (const id of unknown) results.set(id, { unknown: error as ServiceError });
				rest = rest.filter((id) => !unknown.includes(id));
				continue;
			}
			if (rest.length === 1) {
				results.set(rest[0], { unknown: error as ServiceError });
				return;
			}
			const half = Math.ceil(rest.length / 2);
			await tagContacts(ctx, rest.slice(0, half), tags, at, results);
			await tagContacts(ctx, rest.slice(half), tags, at, results);
			return;
		}
	}
}

/**
 * The failure of an item whose contact the service does not have: the others of its request got their tags. The
 * request's 404 may name several contacts, so what this item's says is told beside it (ItemFailure).
 */
function unknownContact(entry: Entry, error: ServiceError): ItemFailure {
	// The service's words and the request stay; the generic advice for a 404 gives way to what happened.
	const said = error.serviceSaid ?? 'The service answered HTTP 404.';
	return {
		error,
		message: `The service has no contact with the ID "${entry.id}": no tags were added to it`,
		description: `${said} No tags were added to this contact; the other contacts of the request got theirs. Check the ID (it may belong to another account), e.g. with 'Get Many'. Request: ${error.route}.`,
	};
}

/**
 * Adds tags to each item's contact, keeping its other tags. Items with the same tags are combined, up to 100 contacts
 * a request (a contact given by several items is sent once); each item gets `{ id, tagsAdded }` or its error.
 */
export const executeBatch: ExecuteBatch = async function (items, gate) {
	const read = parameterReader(this);
	const out: Array<ItemResult | undefined> = new Array(items.length);
	const groups = new Map<string, Entry[]>();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const entry = readEntry(this, itemIndex, read);
			const key = JSON.stringify(entry.tags);
			const group = groups.get(key);
			if (group) group.push(entry);
			else groups.set(key, [entry]);
		} catch (error) {
			out[itemIndex] = { error: error as Error };
			gate.note(error as Error);
			// Without "Continue On Fail" the run stops at this item, before any request.
			if (gate.stopped) return out;
		}
	}
	const first = [...groups.values()][0]?.[0];
	if (!first) return out;
	const at = {
		itemIndex: first.itemIndex,
		settings: getRequestSettings(this, first.itemIndex, read),
	};
	for (const entries of groups.values()) {
		const tags = entries[0].tags;
		const ids = [...new Set(entries.map((entry) => entry.id))];
		const results = new Map<string, Result>();
		for (let start = 0; start < ids.length && !gate.stopped; start += MAX_TAG_CONTACTS)
			await tagContacts(this, ids.slice(start, start + MAX_TAG_CONTACTS), tags, at, results);
		for (const entry of entries) {
			const result = results.get(entry.id);
			if (!result) continue;
			if ('tagged' in result) out[entry.itemIndex] = { output: { id: entry.id, tagsAdded: tags } };
			else {
				const failure =
					'unknown' in result ? unknownContact(entry, result.unknown) : { error: result.error };
				out[entry.itemIndex] = failure;
				gate.note(failure.error);
			}
		}
		if (gate.stopped) break;
	}
	return out;
};
