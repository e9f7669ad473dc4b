import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { recordFields } from '../../helpers/descriptions';
import { optionalString, requiredString } from '../../helpers/parameters';
import {
	descriptionNotKept,
	explainBodyRefusal,
	findTemplateByName,
	templateOutput,
} from '../../helpers/templates';
import { toServerCategory } from '../../helpers/templateCategories';
import { apiRequest, unwrapObject } from '../../transport';
import {
	bodyDescription,
	categoryDescription,
	categoryField,
	descriptionField,
	languageField,
	templateOutputNote,
} from './fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Order ready',
		description: 'The name of the template, unique in the account',
	},
	{
		displayName: 'Body',
		name: 'body',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		placeholder: 'e.g. Your order is ready for pickup',
		description: bodyDescription,
	},
	{
		...categoryField,
		required: true,
		description: categoryDescription,
	},
	recordFields('additionalFields', [descriptionField, languageField]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['create'] } },
	properties,
);

/**
 * Creates the template and outputs it with its ID. The service answers 201 without an ID: the new template is then
 * found in the list by its name.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const name = requiredString(this, 'name', 'Name', itemIndex);
	const body: IDataObject = {
		name,
		category: await toServerCategory(
			this,
			requiredString(this, 'category', 'Category', itemIndex),
			itemIndex,
		),
		body_text: requiredString(this, 'body', 'Body', itemIndex),
	};
	const language = optionalString(fields.language, 'Language', this, itemIndex);
	if (language) body.language = language;
	const note = optionalString(fields.description, 'Description', this, itemIndex);
	if (note) body.description = note;
	let answer: IDataObject;
	try {
		const response = await apiRequest(this, {
			...endpoints.createTemplate(),
			body,
			itemIndex,
			creates: 'record',
		});
		answer = unwrapObject(response.body);
	} catch (error) {
		throw explainBodyRefusal(error);
	}
	const kept = descriptionNotKept(answer, body);
	if (answer.id !== undefined && answer.id !== null && answer.id !== '')
		return templateOutput(kept);
	const found = await findTemplateByName(this, name, itemIndex);
	if (!found) {
		throw new NodeOperationError(
			this.getNode(),
			`The template "${name}" was created, but the service does not list it`,
			{
				itemIndex,
				description: `${templateOutputNote} Do not run the item again: look for the template with 'Get Many'.`,
			},
		);
	}
	// The list may show only a preview: the body just sent is the whole one.
	return templateOutput({ ...found, ...kept, id: found.id });
}
