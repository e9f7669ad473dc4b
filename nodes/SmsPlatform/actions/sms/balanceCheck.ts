import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readBalance } from '../../helpers/balance';
import { routeFamilyOf, type RouteFamily } from '../../transport';
import { creditRule, estimateCredits, type PreparedItem } from './prepare';

/**
 * Send → Options → Check Balance First: reads the balance once and compares it with what the run costs as the route
 * the send takes charges it (prepare.ts: the balance's answer tells the family, and the send goes there first).
 * Returns, when it cannot cover it, the error each item gets; undefined when it can. Sends for a tenant use the
 * tenant's credits and are not counted: the balance read is the credential's own.
 */
export async function checkBalance(
	ctx: IExecuteFunctions,
	items: PreparedItem[],
): Promise<((itemIndex: number) => Error) | undefined> {
	const own = items.filter((item) => !item.tenantAccountId);
	if (!own.length) return undefined;
	let balance: number;
	try {
		balance = (await readBalance(ctx, own[0].itemIndex, own[0].settings)).balance;
	} catch (caught) {
		const error = caught as Error;
		return (itemIndex) =>
			new NodeOperationError(
				ctx.getNode(),
				`Could not read the balance before sending: ${error.message}`,
				{
					itemIndex,
					description:
						"Nothing was sent: 'Check Balance First' is on and the balance could not be read. Run the workflow again, or turn the option off to send without the check.",
				},
			);
	}
	return balanceRefusal(ctx, own, balance, routeFamilyOf(ctx));
}

/** The error each item gets when the balance cannot cover these items on the family's route; undefined when it can. */
export function balanceRefusal(
	ctx: IExecuteFunctions,
	own: PreparedItem[],
	balance: number,
	family: RouteFamily | undefined,
): ((itemIndex: number) => Error) | undefined {
	const estimate = estimateCredits(own, family);
	if (balance >= estimate.credits) return undefined;
	return (itemIndex) =>
		new NodeOperationError(
			ctx.getNode(),
			`The balance of ${balance} credits cannot cover this run: it needs about ${estimate.credits}`,
			{
				itemIndex,
				description: `Nothing was sent. The estimate is ${creditRule(family)}: ${estimate.recipients} recipient(s), ${estimate.credits} credits in all. Top up the balance (e.g. buy an SMS package), or send to fewer recipients${family === 'login' ? '' : ' or a shorter message'}, then run the workflow again.`,
			},
		);
}
