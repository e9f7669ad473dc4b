import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestOptionsDescription } from '../../helpers/descriptions';
import { getRequestSettings, readLimit } from '../../helpers/parameters';
import { isListBody, unwrapList } from '../../transport/response';
import { buildApiError } from '../../transport/errors';
import { apiRequest } from '../../transport/request';

const properties: INodeProperties[] = [
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		// n8n's convention for a Limit (and what the community-package scanner requires); the service caps it at 100.
		default: 50,
		description: 'Max number of results to return',
	},
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['activity'], operation: ['getRecent'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex, 100);
	const response = await apiRequest(this, {
		method: 'GET',
		path: '/api/messaging/activity/recent/',
		qs: { limit },
		itemIndex,
		settings: getRequestSettings(this, itemIndex),
	});
	if (!isListBody(response.body)) {
		throw buildApiError(this.getNode(), {
			status: response.statusCode,
			method: 'GET',
			path: '/api/messaging/activity/recent/',
			itemIndex,
			message: `The service's answer for item ${itemIndex} is not a list of activities: ${JSON.stringify(response.body)?.slice(0, 120) ?? 'an empty body'}`,
			description: 'Expected { count, activities: [...] }. Check the Base URL of the credential.',
		});
	}
	// A server that ignores `limit` must not flood the workflow.
	return unwrapList(response.body).slice(0, limit);
}
