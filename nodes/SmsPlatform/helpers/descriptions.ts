import type { INodeProperties } from 'n8n-workflow';

/**
 * What the SMS Platform app does, for both nodes. n8n's nodes panel lists the action and the trigger under one
 * "SMS Platform" entry headed by the trigger's description, so the trigger carries the app's description too; its
 * events are described by its Trigger On field. One line in the panel, as n8n's own entries have.
 */
export const APP_DESCRIPTION = 'Send SMS and take mobile money payments';

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

/**
 * Request Options shown on every operation: the bound on waiting for the rate limit, the parallel requests and the
 * timeout, sorted by name as n8n sorts optional fields.
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
			default: 120,
			description:
				'Seconds to wait at most for the service’s hourly limit of 1,000 requests to reset before the item fails. 0 never waits. Defaults to 120.',
		},
		{
			displayName: 'Parallel Requests',
			name: 'parallelRequests',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: 4,
			description:
				'How many requests run at once when all results are returned or combined items are sent. 1 sends them one after another. Defaults to 4.',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 600 },
			default: 30,
			description: 'Seconds to wait for the service to answer one request. Defaults to 30.',
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

/** n8n's Simplify switch (its name, wording and default), for operations whose records have more than 10 fields. */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/** The simplified record: the listed fields present in `record`, in that order (most used first). */
export function simplify<T extends Record<string, unknown>>(
	record: T,
	fields: readonly string[],
): T {
	const simple: Record<string, unknown> = {};
	for (const field of fields) if (field in record) simple[field] = record[field];
	return simple as T;
}
