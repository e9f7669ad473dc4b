import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { looksLikePhone } from '../../helpers/payments';
import { requiredString } from '../../helpers/parameters';
import type { ExecuteBatch } from '../operation';
import { paymentFields } from '../payment/paymentFields';
import { startPayments, type PaymentOperation } from '../payment/startPayments';

const properties: INodeProperties[] = [
	{
		displayName: 'Tenant ID',
		name: 'tenantId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 6f1c2d3e-4b5a-4c7d-9e8f-0a1b2c3d4e5f',
		description:
			"The tenant ID from the output of 'Create' (not its service account ID, used to send)",
	},
	...paymentFields(
		'partnerTenant',
		'initiatePayment',
		'The mobile money number that gets the payment request, local or with + and the country code; sent as entered',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['partnerTenant'], operation: ['initiatePayment'] } },
	properties,
);

/** The item's own fields (before the payment's): the tenant's route, and the buyer phone as typed. */
function readTenantAndPhone(ctx: IExecuteFunctions, itemIndex: number) {
	const tenantId = requiredString(ctx, 'tenantId', 'Tenant ID', itemIndex, 'id');
	const buyerPhone = requiredString(ctx, 'buyerPhone', 'Buyer Phone', itemIndex);
	if (!looksLikePhone(buyerPhone)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`'Buyer Phone' "${buyerPhone}" is not a phone number`,
			{
				itemIndex,
				description: 'Enter the mobile-money number, e.g. 0712345678 or +255712345678.',
			},
		);
	}
	return { endpoint: endpoints.initiatePayment(tenantId), buyerPhone };
}

const initiatePayment: PaymentOperation = { route: readTenantAndPhone };

/** Partner Tenant → Initiate Payment: every item's payment on its tenant's route (payment/startPayments.ts). */
export const executeBatch: ExecuteBatch = async function (items, gate) {
	return await startPayments(this, items, gate, initiatePayment);
};
