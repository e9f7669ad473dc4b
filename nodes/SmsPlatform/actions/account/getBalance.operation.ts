import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readBalance } from '../../helpers/balance';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['getBalance'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await readBalance(this, itemIndex);
}
