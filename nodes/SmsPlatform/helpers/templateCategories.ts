import type {
	IDataObject,
	IHttpRequestMethods,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import { apiRequest, type ApiContext } from '../transport';
import { TEMPLATE_CATEGORIES } from './templates';

/**
 * A template's category in the server's own spelling (issue 51). The real server's branches differ: `backend_testing`
 * takes ten lower-case categories, `main` four upper-case ones (`AUTHENTICATION`, `MARKETING`, `UTILITY`, `OTP`). The
 * node keeps its own values (`utility`, …), so a workflow saved on one server works on the other, and sends the
 * spelling the server describes for the field (DRF's metadata, `OPTIONS …/templates/`), read once a run.
 */

interface Choice {
	value: string;
	name: string;
}

/** The server's category choices, once a run (undefined: it does not describe them). */
const described = new WeakMap<object, Promise<Choice[] | undefined>>();

async function readChoices(ctx: ApiContext, itemIndex?: number): Promise<Choice[] | undefined> {
	try {
		const route = endpoints.describeTemplates();
		// n8n's type of a request method names no OPTIONS; its request helper sends it as any other.
		const { body } = await apiRequest<IDataObject>(ctx, {
			...route,
			method: route.method as unknown as IHttpRequestMethods,
			itemIndex,
		});
		const post = (body?.actions as IDataObject | undefined)?.POST as IDataObject | undefined;
		const choices = (post?.category as IDataObject | undefined)?.choices;
		if (!Array.isArray(choices) || !choices.length) return undefined;
		return (choices as IDataObject[]).map((choice) => ({
			value: String(choice.value),
			name: String(choice.display_name ?? choice.value),
		}));
	} catch {
		// A server that does not describe its fields: the node's own values are sent, as before.
		return undefined;
	}
}

export async function serverCategories(
	ctx: ApiContext,
	itemIndex?: number,
): Promise<Choice[] | undefined> {
	let choices = described.get(ctx);
	if (!choices) described.set(ctx, (choices = readChoices(ctx, itemIndex)));
	return await choices;
}

/**
 * The category to send for the node's value: the server's spelling of it. A category the server does not take fails
 * the item before anything is sent, naming those it takes.
 */
export async function toServerCategory(
	ctx: IExecuteFunctions,
	value: string,
	itemIndex: number,
): Promise<string> {
	const choices = await serverCategories(ctx, itemIndex);
	if (!choices) return value;
	const match = choices.find((choice) => choice.value.toLowerCase() === value.toLowerCase());
	if (match) return match.value;
	throw new NodeOperationError(
		ctx.getNode(),
		`'Category' "${value}" is not one this server takes`,
		{
			itemIndex,
			description: `This server takes these categories: ${choices.map((choice) => choice.name).join(', ')}. Choose one of them. Nothing was sent.`,
		},
	);
}

/** The Category list of the panel: the categories the server takes, as the node's values; else the node's own. */
export async function getTemplateCategories(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const choices = await serverCategories(this);
	if (!choices) return TEMPLATE_CATEGORIES;
	return choices
		.map((choice) => ({ name: choice.name, value: choice.value.toLowerCase() }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
