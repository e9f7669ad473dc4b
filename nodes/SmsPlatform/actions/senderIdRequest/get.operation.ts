import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { idField } from '../../helpers/descriptions';
import { readId } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [
	idField(
		'requestId',
		'Request ID',
		"The sender ID request's ID, from the output of 'Sender ID' → 'Request' or 'Get Many'",
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['senderIdRequest'], operation: ['get'] } },
	properties,
);

/** One sender ID request with its `status` (pending, approved, rejected, requires_changes, cancelled). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getRecord(this, {
		...endpoints.senderIdRequest(readId(this, 'requestId', 'Request ID', itemIndex)),
		itemIndex,
		required: ['status'],
	});
}
