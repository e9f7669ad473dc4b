import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { updateDisplayOptions } from 'n8n-workflow';

import { idField } from '../../helpers/descriptions';
import { readId } from '../../helpers/parameters';
import { readPaymentStatus } from '../../helpers/payments';

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
	// A payment the provider completed is recorded first where the service waits to be asked (readPaymentStatus).
	return await readPaymentStatus(
		this,
		readId(this, 'transactionId', 'Transaction ID', itemIndex),
		itemIndex,
	);
}
