import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { DEFAULT_SETTINGS } from '../transport';

/**
 * What the SMS Platform app does, for both nodes. n8n's nodes panel lists the action and the trigger under one
 * "SMS Platform" entry headed by the trigger's description, so the trigger carries the app's description too; its
 * events are described by its Trigger On field. One line in the panel, as n8n's own entries have.
 */
export const APP_DESCRIPTION = 'Send SMS and take mobile money payments';

/*
 * Which credential an operation takes, said in its description where the user picks it (and in a resource's, for all
 * its operations), in brackets at the end. Servers differ: the API reference's takes either credential on every route;
 * the service's own code takes an API key on its integration routes only (send, status, balance, partner tenants)
 * and the login everywhere else. Each claim is measured true on both (test/integration/credentialClaims.test.ts runs
 * every operation with each credential on both sandbox profiles; docs/real-servers.md shows the result), and saying
 * nothing means either credential works wherever the server has the operation. Short: the panel shows two lines of a
 * description. In a no-code user's words: the credential's Authentication option is "Email and Password", and the
 * copy test (test/ux/copy.test.ts) holds every text to these three phrases.
 */
/** No server takes an API key for it: only the login works (where the server has the operation at all). */
export const NEEDS_LOGIN = 'email and password only';
/** Some servers refuse an API key for it, others take one; the login works on every server. */
export const SOME_REFUSE_API_KEY = 'some servers refuse an API key';
/** Some servers refuse the login for it, others take it; an API key works on every server. */
export const SOME_REFUSE_LOGIN = 'some servers refuse email and password';

/** Return All / Limit, as every list operation of n8n has them. */
export function returnAllOrLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** Options: the optional fields of an operation, in the collection n8n shows as "Add option". */
export function optionsField(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options,
	};
}

/**
 * The optional fields of a record, in the collection n8n shows as "Add field": on create its Additional Fields, on
 * update its Update Fields (a field not added stays as it is).
 */
export function recordFields(
	name: 'additionalFields' | 'updateFields',
	options: INodeProperties[],
): INodeProperties {
	return {
		displayName: name === 'updateFields' ? 'Update Fields' : 'Additional Fields',
		name,
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		options,
	};
}

/** A list operation's fields: Return All, Limit, and its Filters (read with chosenFilter, helpers/parameters.ts). */
export function listFields(filters: INodeProperties[]): INodeProperties[] {
	return [
		...returnAllOrLimit(),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add filter',
			default: {},
			options: filters,
		},
	];
}

/** The transport's defaults in the panel's units (seconds): the panel shows the values the transport uses. */
const maxRateLimitWaitDefault = DEFAULT_SETTINGS.maxRateLimitWaitMs / 1000;
const parallelRequestsDefault = DEFAULT_SETTINGS.parallelRequests;
const timeoutDefault = DEFAULT_SETTINGS.timeoutMs / 1000;

/**
 * Request Options, declared once for the whole node (SmsPlatform.node.ts adds it after every operation's fields, so a
 * new operation has it with nothing to add) and read once an item (readRequestOptions in helpers/requestOptions.ts).
 * The bound on waiting for the rate limit, the parallel requests and the timeout, sorted by name as n8n sorts them.
 */
export const requestOptionsDescription: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Max Rate-Limit Wait',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 3600 },
			default: maxRateLimitWaitDefault,
			description: `Seconds to wait at most for the service’s hourly limit of 1,000 requests to reset before the item fails. 0 never waits. Defaults to ${maxRateLimitWaitDefault}.`,
		},
		{
			displayName: 'Parallel Requests',
			name: 'parallelRequests',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: parallelRequestsDefault,
			description: `How many requests run at once when all results are returned or combined items are sent. 1 sends them one after another. Defaults to ${parallelRequestsDefault}.`,
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 600 },
			default: timeoutDefault,
			description: `Seconds to wait for the service to answer one request. Defaults to ${timeoutDefault}.`,
		},
	],
};

/** A required id field (path parameter): text, trimmed and URL-encoded when sent. */
export function idField(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f2b8c1e-9a7d-4c1e-8b2f-5d6e7f8a9b0c',
		description,
	};
}

/**
 * How much of a record an operation outputs, for records of more than 10 fields, as n8n's guidelines ask: in a
 * workflow n8n's Simplify switch (its name, wording and default); as an AI agent's tool the Output option (Simplified,
 * Raw, Selected Fields), which n8n's own tool nodes have (Microsoft Entra ID, Outlook). `@tool` is n8n's display
 * condition for a node used as a tool. `fields` lists every field of the record: the user's picks for Selected Fields.
 */
export function outputDescription(
	what: string,
	fields: Array<{ name: string; value: string }>,
): INodeProperties[] {
	return [
		{
			displayName: 'Simplify',
			name: 'simple',
			type: 'boolean',
			default: true,
			description: 'Whether to return a simplified version of the response instead of the raw data',
			displayOptions: { show: { '@tool': [false] } },
		},
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'simple',
			options: [
				{
					name: 'Raw',
					value: 'raw',
					description: `Return all the fields of the ${what}`,
				},
				{
					name: 'Selected Fields',
					value: 'fields',
					description: `Return the ${what}'s ID and the fields you select`,
				},
				{
					name: 'Simplified',
					value: 'simple',
					description: 'Return at most 10 fields, the most used ones',
				},
			],
			displayOptions: { show: { '@tool': [true] } },
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			default: [],
			description: 'The fields to add to the output',
			options: [...fields].sort((a, b) => a.name.localeCompare(b.name)),
			displayOptions: { show: { '@tool': [true], output: ['fields'] } },
		},
	];
}

/**
 * The record as the output settings above ask: Simplified keeps the `simple` fields present, in that order (most
 * used first); Selected Fields keeps the ID field and the chosen ones; Raw (or Simplify off) all of them.
 */
export function shapeOutput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	record: IDataObject,
	{ simple, id }: { simple: readonly string[]; id: string },
): IDataObject {
	// n8n runs a node used by an AI agent as the node type with "Tool" appended (what `@tool` tests).
	const asTool = ctx.getNode().type.endsWith('Tool');
	const mode = asTool
		? (ctx.getNodeParameter('output', itemIndex, 'simple') as string)
		: ctx.getNodeParameter('simple', itemIndex, true) === false
			? 'raw'
			: 'simple';
	if (mode === 'raw') return record;
	const wanted =
		mode === 'fields'
			? [id, ...(ctx.getNodeParameter('fields', itemIndex, []) as string[])]
			: simple;
	const shaped: IDataObject = {};
	for (const field of wanted) if (field in record) shaped[field] = record[field];
	return shaped;
}
