import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { getRecord } from '../../transport';
import { periodField, readPeriod } from '../../helpers/period';

const properties: INodeProperties[] = [periodField('The days the totals cover, up to today')];

export const description = updateDisplayOptions(
	{ show: { resource: ['billing'], operation: ['getSummary'] } },
	properties,
);

/**
 * The spend of a period in one item: the summary's totals as top-level fields (a sheet's columns), the monthly usage
 * and payment methods beside them.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const period = readPeriod(this, itemIndex);
	const answer = await getRecord(this, {
		...endpoints.billingSummary(),
		qs: { period },
		itemIndex,
		required: ['summary'],
		numbers: [
			'summary.total_purchased',
			'summary.total_credits_purchased',
			'summary.total_usage_cost',
			'summary.total_credits_used',
			'summary.current_balance',
		],
	});
	const summary = (answer.summary ?? {}) as IDataObject;
	const charts = (answer.charts ?? {}) as IDataObject;
	return {
		...summary,
		monthly_usage: charts.monthly_usage ?? [],
		payment_methods: charts.payment_methods ?? [],
	};
}
