import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { updateDisplayOptions } from 'n8n-workflow';

import { idField } from '../../helpers/descriptions';
import { readId } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [
	idField(
		'transactionId',
		'Transaction ID',
		"The payment’s transaction ID, from the output of 'Initiate Payment'",
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['payment'], operation: ['getStatus'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getRecord(this, {
		...endpoints.paymentStatus(readId(this, 'transactionId', 'Transaction ID', itemIndex)),
		itemIndex,
		numbers: ['amount'],
		required: ['status'],
	});
}
