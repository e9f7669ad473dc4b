import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ParameterReader } from '../../helpers/parameters';
import { describeType, getRequestSettings, optionalString } from '../../helpers/parameters';
import { findTemplates, PREVIEW_LENGTH, VARIABLE } from '../../helpers/templates';

/**
 * SMS → Send from a template: the templates of the run, read once from the service's list, and each item's text,
 * the template's body with its `{{name}}` variables filled from the item's Template Variables. The service never
 * fills them itself. Everything here happens before any SMS request.
 */

/** The templates the run's items name, by ID; `failure` when the list could not be read. */
export interface TemplateBook {
	found: Map<string, IDataObject>;
	failure?: Error;
}

function templateIdOf(ctx: IExecuteFunctions, itemIndex: number, read: ParameterReader): string {
	const id = optionalString(
		read('templateId', itemIndex, '', { extractValue: true }),
		'Template',
		ctx,
		itemIndex,
	);
	if (!id) {
		throw new NodeOperationError(ctx.getNode(), "'Template' is empty", {
			itemIndex,
			description:
				"Pick a template in 'Template', or enter its ID. Nothing was sent for this item.",
		});
	}
	return id;
}

/**
 * Reads the templates the items send from, once for the run: the list's pages until every one is found. An item whose
 * Template cannot be read is left to `templateText`, which fails it.
 */
export async function readTemplates(
	ctx: IExecuteFunctions,
	itemCount: number,
	read: ParameterReader,
): Promise<TemplateBook> {
	const ids = new Set<string>();
	let first: number | undefined;
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		if (read('source', itemIndex, 'text') !== 'template') continue;
		try {
			ids.add(templateIdOf(ctx, itemIndex, read));
			first ??= itemIndex;
		} catch {
			// Failed again, with its item, by templateText.
		}
	}
	if (first === undefined) return { found: new Map() };
	try {
		const settings = getRequestSettings(ctx, first, read);
		return { found: await findTemplates(ctx, ids, { itemIndex: first, settings }) };
	} catch (error) {
		return { found: new Map(), failure: error as Error };
	}
}

/** The value of each variable given (Template Variables), as text. */
function valuesOf(ctx: IExecuteFunctions, itemIndex: number, read: ParameterReader) {
	const pairs = (read('templateVariables', itemIndex, {}) as IDataObject).values;
	const values = new Map<string, string>();
	for (const pair of Array.isArray(pairs) ? (pairs as IDataObject[]) : []) {
		const name = String(pair.name ?? '').trim();
		const value = pair.value;
		if (!name || value === undefined || value === null) continue;
		if (typeof value === 'object') {
			throw new NodeOperationError(
				ctx.getNode(),
				`The value of template variable '${name}' must be text, not ${describeType(value)}`,
				{
					itemIndex,
					description: `Map a text field, e.g. {{ $json.${name} }}. Nothing was sent for this item.`,
				},
			);
		}
		values.set(name, String(value));
	}
	return values;
}

/**
 * The text an item sends from its template: the body with every `{{name}}` filled. A template the service does not
 * have, a body the node cannot read whole, and a variable without a value each fail the item, naming it.
 */
export function templateText(
	ctx: IExecuteFunctions,
	itemIndex: number,
	read: ParameterReader,
	book: TemplateBook,
): string {
	const id = templateIdOf(ctx, itemIndex, read);
	if (book.failure) throw book.failure;
	const template = book.found.get(id);
	if (!template) {
		throw new NodeOperationError(ctx.getNode(), `The service has no template with the ID "${id}"`, {
			itemIndex,
			description:
				"The account's list of templates has no such ID. Pick the template from the list in 'Template', or check its ID with the 'Get Many' operation of the 'Template' resource. Nothing was sent for this item.",
		});
	}
	const name = String(template.name ?? id);
	if (template.bodyCut === true || typeof template.body_text !== 'string') {
		throw new NodeOperationError(
			ctx.getNode(),
			`The template "${name}" is longer than the ${PREVIEW_LENGTH} characters the service shows of it`,
			{
				itemIndex,
				description: `This server lists only the first ${PREVIEW_LENGTH} characters of a template's body, and cannot give one template by its ID, so the node cannot send the whole text. Nothing was sent for this item. Use a template of at most ${PREVIEW_LENGTH} characters, or set 'Source' to Text and put the text in 'Message'.`,
			},
		);
	}
	const values = valuesOf(ctx, itemIndex, read);
	const body = template.body_text;
	const unfilled = [...new Set([...body.matchAll(VARIABLE)].map((match) => match[1]))].filter(
		(variable) => !values.get(variable),
	);
	if (unfilled.length) {
		const list = unfilled.map((variable) => `'${variable}'`).join(', ');
		const what = unfilled.length === 1 ? 'variable' : 'variables';
		throw new NodeOperationError(
			ctx.getNode(),
			`Template ${what} ${list} of "${name}" ${unfilled.length === 1 ? 'has' : 'have'} no value`,
			{
				itemIndex,
				description: `Add ${unfilled.length === 1 ? 'it' : 'them'} under 'Template Variables' with a value for this item, e.g. {{ $json.${unfilled[0]} }}, or check that the expression gives a value. Nothing was sent for this item.`,
			},
		);
	}
	// A name given that the template does not have is most often a typo of one it has: said, not dropped silently.
	const names = new Set([...body.matchAll(VARIABLE)].map((match) => match[1]));
	const unknown = [...values.keys()].filter((variable) => !names.has(variable));
	if (unknown.length) {
		const list = unknown.map((variable) => `'${variable}'`).join(', ');
		const has = names.size ? [...names].map((variable) => `'${variable}'`).join(', ') : 'none';
		throw new NodeOperationError(
			ctx.getNode(),
			`Template "${name}" has no ${unknown.length === 1 ? 'variable' : 'variables'} ${list}`,
			{
				itemIndex,
				description: `Its variables: ${has}. Fix the name under 'Template Variables', or remove it. Nothing was sent for this item.`,
			},
		);
	}
	return body.replace(VARIABLE, (_, variable: string) => values.get(variable) ?? '');
}
