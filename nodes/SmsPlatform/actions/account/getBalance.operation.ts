import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestOptionsDescription } from '../../helpers/descriptions';
import { getSingle } from '../../helpers/fetch';

const properties: INodeProperties[] = [requestOptionsDescription];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['getBalance'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getSingle(this, itemIndex, '/api/integration/v1/sms/balance/', {
		numbers: ['balance'],
		required: ['balance'],
	});
}
