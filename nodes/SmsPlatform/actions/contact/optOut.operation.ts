import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { MAX_OPT_OUT_REASON, readContactId } from '../../helpers/contacts';
import { optionsField } from '../../helpers/descriptions';
import { optionalString } from '../../helpers/parameters';
import { apiRequest } from '../../transport';
import { contactIdField, reasonOption } from './fields';

const properties: INodeProperties[] = [contactIdField, optionsField([reasonOption])];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['optOut'] } },
	properties,
);

/**
 * Marks the contact as opted out (e.g. after "STOP"), with the reason; outputs the contact ID, `optedOut: true` and the
 * reason. The service keeps at most 100 characters of a reason: a longer one fails the item before any request.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readContactId(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const reason = optionalString(options.reason, 'Reason', this, itemIndex) ?? '';
	if (reason.length > MAX_OPT_OUT_REASON) {
		throw new NodeOperationError(
			this.getNode(),
			`'Reason' is ${reason.length} characters long: the service keeps at most ${MAX_OPT_OUT_REASON}`,
			{
				itemIndex,
				description: `Shorten 'Reason' to ${MAX_OPT_OUT_REASON} characters or fewer. Nothing was sent for this item.`,
			},
		);
	}
	await apiRequest(this, {
		...endpoints.optOutContact(id),
		body: { reason },
		itemIndex,
	});
	return { id, optedOut: true, reason };
}
