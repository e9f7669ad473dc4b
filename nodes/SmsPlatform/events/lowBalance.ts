import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readBalance } from '../helpers/balance';
import type { TriggerEvent } from './triggerEvent';

/** `armed`: the balance was last seen at or above the threshold (or never seen), so a drop below fires. */
interface LowBalanceState extends IDataObject {
	armed: boolean;
}

function item(record: IDataObject & { balance: number }, threshold: number): IDataObject {
	const { balance } = record;
	return {
		balance,
		threshold,
		currency: String(record.currency ?? ''),
		below: balance < threshold,
	};
}

/**
 * Fires once when the balance is first seen below the threshold, and again only after it has been seen at or above
 * it (re-armed). A balance already low at activation fires on the first poll: it is the current state, not history.
 */
export const lowBalance: TriggerEvent = {
	value: 'lowBalance',
	name: 'Low Balance',
	description: 'Fires once when the credit balance is below the threshold',
	fields: [
		{
			displayName: 'Threshold (Credits)',
			name: 'threshold',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 100,
			description:
				'Fire when the balance is below this many credits. It fires at the first check if the balance is already low, and again only after the balance was back at or above it.',
		},
	],
	options: [],
	stateName: 'lowBalance',
	settings(ctx) {
		const threshold = Number(ctx.getNodeParameter('threshold', 100));
		if (!Number.isFinite(threshold) || threshold < 0) {
			throw new NodeOperationError(
				ctx.getNode(),
				`'Threshold' must be a number of credits, 0 or more, not ${String(threshold)}`,
				{
					description:
						"Enter a whole number of credits in 'Threshold', e.g. 100, or fix the expression that gives it.",
				},
			);
		}
		return { threshold };
	},
	async poll(ctx, settings, state) {
		const threshold = settings.threshold as number;
		const record = await readBalance(ctx);
		const armed = (state as LowBalanceState | undefined)?.armed ?? true;
		const below = record.balance < threshold;
		const next: LowBalanceState = { armed: !below };
		return { items: below && armed ? [item(record, threshold)] : [], state: next };
	},
	async testEvent(ctx, settings) {
		return item(await readBalance(ctx), settings.threshold as number);
	},
};
