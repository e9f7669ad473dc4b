import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { paymentStatusRoutes } from '../../loginRoutes';
import { idField, requestOptionsDescription } from '../../helpers/descriptions';
import { getRequestSettings, readId } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [
	idField(
		'transactionId',
		'Transaction ID',
		"The payment’s transaction ID, from the output of 'Initiate Payment'",
	),
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['payment'], operation: ['getStatus'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getRecord(this, {
		...paymentStatusRoutes(readId(this, 'transactionId', 'Transaction ID', itemIndex)),
		itemIndex,
		settings: getRequestSettings(this, itemIndex),
		wrapper: 'transaction',
		numbers: ['amount'],
		required: ['status'],
	});
}
