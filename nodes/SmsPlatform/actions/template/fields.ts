import type { INodeProperties } from 'n8n-workflow';

/** The fields the template operations share, and the template picker of SMS → Send. */

/** A template picker: from the account's templates, or by ID. */
export function templateLocator(description: string): INodeProperties {
	return {
		displayName: 'Template',
		name: 'templateId',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a template...',
				typeOptions: { searchListMethod: 'searchTemplates', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3f2b8c1e-9a7d-4c1e-8b2f-5d6e7f8a9b0c',
			},
		],
	};
}

export const templateIdField = templateLocator('The template to use, from the list or by its ID');

export const bodyDescription =
	"The text of the template. Some servers take no {{…}} variables in a body sent through their API: there a template with variables is added by the service's administrator.";

export const categoryDescription =
	'The kind of message, from the categories the server takes. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

export const languageField: INodeProperties = {
	displayName: 'Language',
	name: 'language',
	type: 'options',
	default: 'en',
	options: [
		{ name: 'Arabic', value: 'ar' },
		{ name: 'English', value: 'en' },
		{ name: 'French', value: 'fr' },
		{ name: 'Kiswahili', value: 'sw' },
	],
	description: 'The language of the text. Defaults to English.',
};

export const descriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	placeholder: 'e.g. Sent when an order is ready',
	description:
		'A note on what the template is for, kept with it where the server keeps one (the output says when it does not)',
};

/**
 * The Category: the list the server describes (its values kept the node's own, `utility`, …), sent in the server's
 * spelling (helpers/templateCategories.ts). Update's optional field; Create's is required.
 */
export const categoryField: INodeProperties = {
	displayName: 'Category Name or ID',
	name: 'category',
	type: 'options',
	default: 'utility',
	typeOptions: { loadOptionsMethod: 'getTemplateCategories' },
	options: [],
	// Written out (not categoryDescription and more): n8n's lint reads a literal to count its sentences.
	description:
		'The kind of message, from the categories the server takes. Not added: the template keeps its category. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const templateOutputNote =
	'The service answered that it created the template without giving its ID, and its list of templates has none of this name.';
