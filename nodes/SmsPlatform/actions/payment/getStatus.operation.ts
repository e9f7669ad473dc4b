import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idField, requestOptionsDescription } from '../../helpers/descriptions';
import { getById } from '../../helpers/fetch';

const properties: INodeProperties[] = [
	idField(
		'transactionId',
		'Transaction ID',
		'The transaction_id returned by Initiate Payment (a UUID)',
	),
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['payment'], operation: ['getStatus'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getById(this, itemIndex, {
		path: '/api/billing/payments/transactions/{id}/status/',
		param: 'transactionId',
		label: 'Transaction ID',
		wrapper: 'transaction',
		numbers: ['amount'],
		required: ['status'],
	});
}
