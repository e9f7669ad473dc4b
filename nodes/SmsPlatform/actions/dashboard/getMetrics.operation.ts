import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { getRecord } from '../../transport';
import { PERIODS, ignoredPeriod, periodField, readPeriod } from '../../helpers/period';

const properties: INodeProperties[] = [
	periodField(
		"The period the metrics cover, up to today. If the service answers for another period, the output says so in 'periodIgnored' and 'requestedPeriod'.",
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['dashboard'], operation: ['getMetrics'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const period = readPeriod(this, itemIndex);
	const metrics = await getRecord(this, {
		...endpoints.dashboardMetrics(),
		qs: { period },
		itemIndex,
		numbers: [
			'metrics.messages_sent',
			'metrics.messages_delivered',
			'metrics.delivery_rate',
			'metrics.cost',
			'metrics.contacts_added',
			'metrics.campaigns_created',
			'daily_breakdown[].sent',
			'daily_breakdown[].delivered',
			'daily_breakdown[].cost',
		],
	});
	const ignored = ignoredPeriod(metrics, period);
	if (!ignored) return metrics;
	// The figures are the service's, for the period it states: never passed off as the one asked.
	hintOnce(
		this,
		`The service ignored Period "${PERIODS[period].name}" (${period}): its answer is for ${JSON.stringify(ignored.stated)}. The output keeps the service's figures and period and says so in periodIgnored and requestedPeriod.`,
	);
	return { ...metrics, periodIgnored: true, requestedPeriod: period };
}

/** Hints given in a run, so that many items asking the same thing show one hint. */
const hinted = new WeakMap<IExecuteFunctions, Set<string>>();

function hintOnce(ctx: IExecuteFunctions, message: string): void {
	const given = hinted.get(ctx) ?? new Set<string>();
	hinted.set(ctx, given);
	if (given.has(message)) return;
	given.add(message);
	ctx.addExecutionHints({ message, location: 'outputPane' });
}
