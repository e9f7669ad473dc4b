/**
 * The Dedupe Key's info box (dedupe/fields.ts): shown in the panel, before any run, on each operation whose Options
 * have a 'Dedupe Key', while a key is set and 'Dedupe Key Wait (Seconds)' is not 0. Decided here as the editor decides
 * it: the node's parameters with their defaults (NodeHelpers.getNodeParameters), then NodeHelpers.displayParameterPath
 * on the top-level fields (the editor's ParameterInputList, path "parameters"). The browser test
 * (e2e/editor/editor.test.mjs) sees it in n8n itself.
 */
import type { INode, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { DEDUPE_WAIT_NOTICE } from '../../nodes/SmsPlatform/dedupe/fields';
import { SmsPlatform } from '../../nodes/SmsPlatform/SmsPlatform.node';
import { ACTION_TYPE } from '../support/harness';

const description = new SmsPlatform().description;

/** The operations whose Options have a Dedupe Key. */
const KEYED = [
	{ resource: 'sms', operation: 'send' },
	{ resource: 'account', operation: 'buyCredits' },
	{ resource: 'partnerTenant', operation: 'initiatePayment' },
];

/** The info boxes the panel of `parameters` shows, as the editor decides it. */
function notices(parameters: INodeParameters): INodeProperties[] {
	const node: INode = {
		id: 'n-1',
		name: 'SMS Platform',
		type: ACTION_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const values = NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		true,
		false,
		node,
		description,
	);
	return description.properties.filter(
		(property) =>
			property.type === 'notice' &&
			NodeHelpers.displayParameterPath(
				{ parameters: values },
				property,
				'parameters',
				node,
				description,
			),
	);
}

describe("the Dedupe Key's info box", () => {
	it('exists on exactly the operations whose Options have a Dedupe Key', () => {
		const keyed = description.properties
			.filter(
				(property) =>
					property.name === 'options' &&
					(property.options ?? []).some((option) => option.name === 'dedupeKey'),
			)
			.flatMap((property) =>
				(property.displayOptions?.show?.operation ?? []).map((operation) => ({
					resource: property.displayOptions?.show?.resource?.[0],
					operation,
				})),
			);
		expect(keyed).toEqual(KEYED);
		const boxes = description.properties.filter((property) => property.type === 'notice');
		expect(boxes).toHaveLength(KEYED.length);
		for (const box of boxes) expect(box.displayName).toBe(DEDUPE_WAIT_NOTICE);
	});

	describe.each(KEYED)('$resource → $operation', ({ resource, operation }) => {
		const base = { resource, operation };
		const shown = (options: INodeParameters) =>
			notices({ ...base, options }).map((box) => box.displayOptions?.show?.operation?.[0]);

		it('shows it once a Dedupe Key is set, typed or as an expression, with the wait unset or not 0', () => {
			expect(shown({ dedupeKey: 'order-17' })).toEqual([operation]);
			expect(shown({ dedupeKey: '={{ $json.orderId }}-reminder' })).toEqual([operation]);
			expect(shown({ dedupeKey: 'order-17', dedupeWait: 10 })).toEqual([operation]);
			expect(shown({ dedupeKey: '={{ $json.orderId }}', dedupeWait: 3 })).toEqual([operation]);
		});

		it('hides it without a Dedupe Key (none added, or added and empty)', () => {
			expect(notices(base)).toEqual([]);
			expect(shown({})).toEqual([]);
			expect(shown({ dedupeKey: '' })).toEqual([]);
			expect(shown({ dedupeWait: 10 })).toEqual([]);
		});

		it("hides it when 'Dedupe Key Wait (Seconds)' is 0, the key typed or an expression", () => {
			expect(shown({ dedupeKey: 'order-17', dedupeWait: 0 })).toEqual([]);
			expect(shown({ dedupeKey: '={{ $json.orderId }}', dedupeWait: 0 })).toEqual([]);
		});
	});

	it("never shows another operation's box, even for a key given as an expression", () => {
		for (const { resource, operation } of KEYED) {
			const boxes = notices({
				resource,
				operation,
				options: { dedupeKey: '={{ $json.orderId }}' },
			});
			expect(boxes.map((box) => box.displayOptions?.show?.operation)).toEqual([[operation]]);
		}
		// An operation without a Dedupe Key shows none, whatever its Options hold.
		expect(
			notices({ resource: 'account', operation: 'getBalance', options: { dedupeKey: '={{ 1 }}' } }),
		).toEqual([]);
	});
});
