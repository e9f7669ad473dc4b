import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listSenderIds } from '../../helpers/senderIds';
import { returnAllOrLimit } from '../../helpers/descriptions';
import { listLimit } from '../../helpers/parameters';

const properties: INodeProperties[] = [...returnAllOrLimit()];

export const description = updateDisplayOptions(
	{ show: { resource: ['senderId'], operation: ['getAll'] } },
	properties,
);

/** The account's active sender IDs: `sender_id` is the name a send takes. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listSenderIds(this, {
		itemIndex,
		limit: listLimit(this, itemIndex),
	});
}
