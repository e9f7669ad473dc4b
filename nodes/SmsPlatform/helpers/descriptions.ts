import type { INodeProperties } from 'n8n-workflow';

/**
 * What the SMS Platform app does, for both nodes. n8n's nodes panel lists the action and the trigger under one
 * "SMS Platform" entry headed by the trigger's description, so the trigger carries the app's description too; its
 * events are described by its Event field.
 */
export const APP_DESCRIPTION =
	'Send SMS and check delivery, read balance and statistics, onboard partner tenants and take mobile-money payments with the SMS Platform service';

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

/** Request Options shown on every operation: timeout and the bound on waiting for the rate limit. */
export const requestOptionsDescription: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Max Rate-Limit Wait (Seconds)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 3600 },
			default: 120,
			description:
				'When the service’s rate limit (1000 requests an hour) is used up, wait at most this long for it to reset before failing the item. 0 never waits.',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 600 },
			default: 30,
			description: 'How long to wait for the service to answer one request',
		},
		{
			displayName: 'Parallel Requests',
			name: 'parallelRequests',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: 4,
			description:
				'How many requests a Return All (once the first page says how many there are) or a send with Combine Items (batches of different recipients) keeps in flight at once. Never more than the rate limit has left. 1 sends them one after another.',
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
		placeholder: 'e.g. 3f2b8c1e-…',
		description,
	};
}
