import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { requiredString } from '../../helpers/parameters';
import { findTemplates } from '../../helpers/templates';
import { templateIdField } from './fields';

const properties: INodeProperties[] = [templateIdField];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['get'] } },
	properties,
);

/**
 * One template, found in the list: the service's route for one template answers 500 on the branch it runs. Where the
 * list gives only a preview of a long body, the output says so (`bodyCut: true`): nothing is written to read more.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = requiredString(this, 'templateId', 'Template', itemIndex, 'id');
	const template = (await findTemplates(this, new Set([id]), { itemIndex })).get(id);
	if (!template) {
		throw new NodeOperationError(
			this.getNode(),
			`The service has no template with the ID "${id}"`,
			{
				itemIndex,
				description:
					"The account's list of templates has no such ID. Pick the template from the list, or check the ID with 'Get Many'.",
			},
		);
	}
	return template;
}
