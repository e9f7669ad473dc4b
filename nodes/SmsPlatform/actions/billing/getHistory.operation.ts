import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { documentedOnly } from '../../endpointShape';
import { listFields } from '../../helpers/descriptions';
import { billingType, groupedRecords, withSameFields } from '../../helpers/billing';
import { chosenFilter, listLimit } from '../../helpers/parameters';
import { listRecords } from '../../transport';

const BILLING_TYPES = ['purchase', 'payment', 'usage'];

const properties: INodeProperties[] = listFields([
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'payment',
		options: [
			{ name: 'Payment', value: 'payment', description: 'Mobile money payments' },
			{ name: 'Purchase', value: 'purchase', description: 'SMS package purchases' },
			{
				name: 'Usage',
				value: 'usage',
				description: 'Credits used by sending (negative amounts)',
			},
		],
		description: 'Return only records of this type. Not added: records of every type.',
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['billing'], operation: ['getHistory'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const wanted = chosenFilter(this, itemIndex, 'type', 'Type', BILLING_TYPES);
	const qs: IDataObject = wanted === undefined ? {} : { type: wanted };
	// A server that ignores `type` (or lists the history grouped by kind) is filtered here.
	const records = await listRecords(this, {
		// The login's history route has no usage records: usage is read from the documented route only. Nor does it
		// list a package's payment as a payment (only as its purchase, and only payments without one as `payment`):
		// payments are read as the trigger reads them, from the login's list of payment transactions.
		...(wanted === 'usage'
			? documentedOnly(endpoints.billingHistory())
			: wanted === 'payment'
				? endpoints.payments()
				: endpoints.billingHistory()),
		qs,
		itemIndex,
		limit: listLimit(this, itemIndex),
		numbers: ['amount'],
		readPage: groupedRecords,
		keep: wanted === undefined ? undefined : (record) => (billingType(record) ?? wanted) === wanted,
	});
	return withSameFields(records);
}
