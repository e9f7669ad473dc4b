import type { IDataObject } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import {
	apiRequest,
	coerceNumbers,
	unexpectedAnswerError,
	unwrapObject,
	type ApiContext,
	type RequestSettings,
} from '../transport';

/**
 * The credit balance, for Account → Get Balance and the Low Balance trigger: the service's record with `balance` as a
 * number. An answer without a numeric balance is an error, not a reading (a trigger must not take it for "not low").
 */
export async function readBalance(
	ctx: ApiContext,
	itemIndex?: number,
	settings?: Partial<RequestSettings>,
): Promise<IDataObject & { balance: number }> {
	const response = await apiRequest(ctx, {
		...endpoints.balance(),
		itemIndex,
		settings,
	});
	const record = coerceNumbers(unwrapObject(response.body), ['balance']);
	if (typeof record.balance === 'number' && Number.isFinite(record.balance)) {
		return record as IDataObject & { balance: number };
	}
	throw unexpectedAnswerError(
		ctx.getNode(),
		{
			...response,
			path: response.route?.split(' ')[1] ?? endpoints.balance().path,
			itemIndex,
		},
		{
			message: "The service's balance answer has no number in 'balance'",
			description: `GET ${endpoints.balance().path} should answer { "balance": <number>, "currency": "..." }. Check the Base URL of the credential (it may point at something other than the API), or try again later.`,
		},
	);
}
