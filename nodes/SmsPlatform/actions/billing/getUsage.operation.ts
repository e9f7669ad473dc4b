import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { listFields } from '../../helpers/descriptions';
import { listLimit, readFilters } from '../../helpers/parameters';
import { readServiceDay, usageRow } from '../../helpers/usage';
import { listRecords } from '../../transport';

const properties: INodeProperties[] = listFields([
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		description:
			'Only records up to and including this day, in the service’s time zone (Africa/Dar_es_Salaam). Empty: up to today.',
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		description:
			'Only records from this day on, in the service’s time zone (Africa/Dar_es_Salaam). Empty: from the first record.',
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['billing'], operation: ['getUsage'] } },
	properties,
);

/** One item per usage record (one a send): its day, credits used and cost, newest first. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = readFilters(this, itemIndex);
	const start = readServiceDay(this, filters.startDate, 'Start Date', itemIndex);
	const end = readServiceDay(this, filters.endDate, 'End Date', itemIndex);
	if (start && end && start > end) {
		throw new NodeOperationError(
			this.getNode(),
			`'Start Date' ${start} is after 'End Date' ${end}`,
			{ itemIndex, description: "Pick a 'Start Date' on or before the 'End Date'." },
		);
	}
	const qs: IDataObject = {};
	if (start) qs.start_date = start;
	if (end) qs.end_date = end;
	// Every page is asked with the range (the service's own `next` link drops it).
	const records = await listRecords(this, {
		...endpoints.usage(),
		qs,
		itemIndex,
		limit: listLimit(this, itemIndex),
	});
	return records.map(usageRow);
}
