import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestOptionsDescription } from '../../helpers/descriptions';
import { readBalance } from '../../helpers/balance';
import { getRequestSettings } from '../../helpers/parameters';

const properties: INodeProperties[] = [requestOptionsDescription];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['getBalance'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await readBalance(this, itemIndex, getRequestSettings(this, itemIndex));
}
