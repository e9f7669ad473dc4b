import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { localTanzanianMobile } from '../../helpers/payments';
import { requiredString } from '../../helpers/parameters';
import { routeMissing } from '../../transport';
import type { ExecuteBatch } from '../operation';
import { paymentFields } from '../payment/paymentFields';
import { startPayments, type PaymentOperation } from '../payment/startPayments';

const properties: INodeProperties[] = paymentFields(
	'account',
	'buyCredits',
	'The mobile money number that gets the payment request: a Tanzanian mobile number, 07… or 06…, or with +255',
);

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['buyCredits'] } },
	properties,
);

/**
 * A service without the route (the API reference's service): it sells packages to partner tenants only. Said in
 * the node's words; the 404 of a package that does not exist is the service's own and stays as it is.
 */
function noSuchRoute(ctx: IExecuteFunctions, error: Error, itemIndex: number): Error {
	if (!routeMissing(error)) return error;
	return new NodeOperationError(
		ctx.getNode(),
		'This service does not sell credits to the account itself',
		{
			itemIndex,
			description: `It has no ${endpoints.buyCredits().method} ${endpoints.buyCredits().path}: it sells SMS packages through its partner routes. Use 'Partner Tenant' → 'Initiate Payment' with the tenant's ID instead. Nothing was paid.`,
		},
	);
}

/** The buyer phone as the service's purchase route takes it: a local 07…/06… number. */
function readLocalPhone(ctx: IExecuteFunctions, itemIndex: number): string {
	const typed = requiredString(ctx, 'buyerPhone', 'Buyer Phone', itemIndex);
	// The service's own purchase route takes only a local 07…/06… number: refused here, before anything is started.
	const buyerPhone = localTanzanianMobile(typed);
	if (!buyerPhone) {
		throw new NodeOperationError(
			ctx.getNode(),
			`'Buyer Phone' "${typed}" is not a Tanzanian mobile number`,
			{
				itemIndex,
				description:
					'This service takes payments only from Tanzanian mobile money numbers: enter one starting with 07 or 06 (e.g. 0744963858), or with +255 (e.g. +255744963858).',
			},
		);
	}
	return buyerPhone;
}

const buyCredits: PaymentOperation = {
	route: (ctx, itemIndex) => ({
		endpoint: endpoints.buyCredits(),
		buyerPhone: readLocalPhone(ctx, itemIndex),
	}),
	explain: noSuchRoute,
};

/** Account → Buy Credits: every item's payment on the account's own purchase route (payment/startPayments.ts). */
export const executeBatch: ExecuteBatch = async function (items, gate) {
	return await startPayments(this, items, gate, buyCredits);
};
