import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { requiredString } from '../../helpers/parameters';
import { apiRequest } from '../../transport';
import { templateIdField } from './fields';

const properties: INodeProperties[] = [templateIdField];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['delete'] } },
	properties,
);

/** Deletes the template for good; outputs `{ deleted: true }`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = requiredString(this, 'templateId', 'Template', itemIndex, 'id');
	await apiRequest(this, { ...endpoints.deleteTemplate(id), itemIndex });
	return { deleted: true };
}
