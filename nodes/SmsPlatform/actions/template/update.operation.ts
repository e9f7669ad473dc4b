import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { recordFields } from '../../helpers/descriptions';
import { requiredString } from '../../helpers/parameters';
import { toServerCategory } from '../../helpers/templateCategories';
import { descriptionNotKept, explainBodyRefusal, templateOutput } from '../../helpers/templates';
import { apiRequest, unwrapObject } from '../../transport';
import {
	bodyDescription,
	categoryField,
	descriptionField,
	languageField,
	templateIdField,
} from './fields';

const properties: INodeProperties[] = [
	templateIdField,
	recordFields('updateFields', [
		{
			displayName: 'Body',
			name: 'body',
			type: 'string',
			default: '',
			typeOptions: { rows: 4 },
			description: bodyDescription,
		},
		categoryField,
		descriptionField,
		languageField,
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. Order ready',
			description: 'The new name of the template, unique in the account',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['update'] } },
	properties,
);

const FIELDS: Array<[string, string, string]> = [
	['name', 'name', 'Name'],
	['body', 'body_text', 'Body'],
	['category', 'category', 'Category'],
	['language', 'language', 'Language'],
];

/** Changes the fields given; outputs the template as the service then has it, with its ID. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = requiredString(this, 'templateId', 'Template', itemIndex, 'id');
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	for (const [field, key, label] of FIELDS) {
		if (fields[field] !== undefined)
			body[key] = requiredString(this, `updateFields.${field}`, label, itemIndex);
	}
	if (body.category !== undefined)
		body.category = await toServerCategory(this, String(body.category), itemIndex);
	if (fields.description !== undefined) body.description = String(fields.description);
	// An empty update would still touch the template (its update time): nothing is sent.
	if (!Object.keys(body).length) {
		throw new NodeOperationError(this.getNode(), "No field to update: 'Update Fields' is empty", {
			itemIndex,
			description: "Add at least one field under 'Update Fields', e.g. 'Body' or 'Name'.",
		});
	}
	let answer: IDataObject;
	try {
		const response = await apiRequest(this, { ...endpoints.updateTemplate(id), body, itemIndex });
		answer = unwrapObject(response.body);
	} catch (error) {
		throw explainBodyRefusal(error);
	}
	const kept = descriptionNotKept(answer, body);
	if (kept.descriptionKept === false && Object.keys(body).length === 1) {
		// The server answered 200 to a change it does not store: said, not reported as done.
		throw new NodeOperationError(
			this.getNode(),
			"This server does not keep a template's 'Description': nothing was changed",
			{
				itemIndex,
				description:
					"Its templates have no description field: it answered without storing the one sent. Put the note in the template's 'Name' or 'Body' instead.",
			},
		);
	}
	// The service answers the updated fields; one branch of it without the ID.
	return templateOutput({ id, ...kept });
}
