import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { returnAllOrLimit } from '../../helpers/descriptions';
import { listLimit } from '../../helpers/parameters';
import { templateOutput } from '../../helpers/templates';
import { listRecords } from '../../transport';

const properties: INodeProperties[] = [...returnAllOrLimit()];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['getAll'] } },
	properties,
);

/** The account's templates, newest first (pages of 20); each says whether its body is whole (`bodyCut`). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const records = await listRecords(this, {
		...endpoints.templates(),
		itemIndex,
		limit: listLimit(this, itemIndex),
	});
	return records.map(templateOutput);
}
