import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { coerceNumbers, unwrapObject } from '../transport/response';
import { apiRequest } from '../transport/request';

/** `armed`: the balance was last seen at or above the threshold (or never seen), so a drop below fires. */
export interface LowBalanceState {
	armed: boolean;
	lastBalance: number | null;
}

export async function readBalance(
	ctx: IPollFunctions,
): Promise<{ balance: number; currency: string; raw: IDataObject }> {
	const response = await apiRequest(ctx, {
		method: 'GET',
		path: '/api/integration/v1/sms/balance/',
	});
	const raw = coerceNumbers(unwrapObject(response.body), ['balance']);
	const balance = typeof raw.balance === 'number' ? raw.balance : NaN;
	if (!Number.isFinite(balance)) {
		// Not a reading at all: fail the poll (state unchanged) rather than treat it as "not low".
		throw new NodeOperationError(
			ctx.getNode(),
			`The service's balance answer has no numeric balance: ${JSON.stringify(response.body)?.slice(0, 200)}`,
			{
				description:
					'GET /api/integration/v1/sms/balance/ should answer { "balance": <number>, "currency": "..." }.',
			},
		);
	}
	return { balance, currency: String(raw.currency ?? ''), raw };
}

/**
 * Fires once when the balance is first seen below the threshold, and again only after it has been seen at or above
 * it (re-armed). A balance already low at activation fires on the first poll: it is the current state, not history.
 */
export function lowBalanceStep(
	previous: LowBalanceState | undefined,
	balance: number,
	threshold: number,
): { fire: boolean; state: LowBalanceState } {
	const armed = previous?.armed ?? true;
	if (!Number.isFinite(balance))
		return { fire: false, state: previous ?? { armed: true, lastBalance: null } };
	if (balance < threshold) return { fire: armed, state: { armed: false, lastBalance: balance } };
	return { fire: false, state: { armed: true, lastBalance: balance } };
}

export function lowBalanceItem(balance: number, threshold: number, currency: string): IDataObject {
	return { balance, threshold, currency, below: balance < threshold };
}
