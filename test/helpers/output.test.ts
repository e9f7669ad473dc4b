import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { outputDescription, shapeOutput } from '../../nodes/SmsPlatform/helpers/descriptions';

const RECORD = { id: 'c1', name: 'Amina', email: 'a@example.com', created_at: 'then' };
const SPEC = { simple: ['id', 'name', 'email'], id: 'id' };

/** The two things shapeOutput reads from n8n: the node's type (a tool's ends with "Tool") and its parameters. */
function context(type: string, parameters: IDataObject): IExecuteFunctions {
	return {
		getNode: () => ({ type }),
		getNodeParameter: (name: string, _index: number, fallback: unknown) =>
			name in parameters ? parameters[name] : fallback,
	} as unknown as IExecuteFunctions;
}

describe('output of records of more than 10 fields (Simplify, and Output for AI agents)', () => {
	const node = 'n8n-nodes-sms-platform.smsPlatform';
	const tool = 'n8n-nodes-sms-platform.smsPlatformTool';

	it('in a workflow, Simplify (on unless turned off) keeps the simple fields in their order', () => {
		expect(shapeOutput(context(node, {}), 0, RECORD, SPEC)).toEqual({
			id: 'c1',
			name: 'Amina',
			email: 'a@example.com',
		});
		expect(shapeOutput(context(node, { simple: false }), 0, RECORD, SPEC)).toBe(RECORD);
	});

	it('as a tool, Output is Simplified by default, Raw gives all, Selected Fields the ID and the picks', () => {
		expect(shapeOutput(context(tool, { simple: false }), 0, RECORD, SPEC)).toEqual({
			id: 'c1',
			name: 'Amina',
			email: 'a@example.com',
		});
		expect(shapeOutput(context(tool, { output: 'raw' }), 0, RECORD, SPEC)).toBe(RECORD);
		expect(
			shapeOutput(
				context(tool, { output: 'fields', fields: ['created_at', 'missing'] }),
				0,
				RECORD,
				SPEC,
			),
		).toEqual({ id: 'c1', created_at: 'then' });
	});

	it('shows Simplify outside an agent and Output (with Fields) only to one, as n8n hides them with @tool', () => {
		const [simple, output, fields] = outputDescription('contact', [
			{ name: 'Name', value: 'name' },
			{ name: 'Email', value: 'email' },
		]);
		expect(simple).toMatchObject({
			displayName: 'Simplify',
			name: 'simple',
			default: true,
			description: 'Whether to return a simplified version of the response instead of the raw data',
			displayOptions: { show: { '@tool': [false] } },
		});
		expect(output.displayOptions).toEqual({ show: { '@tool': [true] } });
		expect(output.options?.map((option) => option.name)).toEqual([
			'Raw',
			'Selected Fields',
			'Simplified',
		]);
		expect(fields.options?.map((option) => option.name)).toEqual(['Email', 'Name']);
	});
});
