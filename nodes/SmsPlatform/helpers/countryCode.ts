import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { parseCountryCode } from './telecom';

/** Options → Default Country Code, on Send and the contact operations: the option and its reader, once. */

export const defaultCountryCodeOption: INodeProperties = {
	displayName: 'Default Country Code',
	name: 'defaultCountryCode',
	type: 'string',
	default: '',
	placeholder: 'e.g. 255',
	description: 'Country calling code for local numbers: with 255, 0712345678 becomes +255712345678',
};

/** The option's value, checked (digits, or not set): its error names the field and the value. */
export function readCountryCode(
	ctx: IExecuteFunctions,
	raw: unknown,
	itemIndex: number,
): string | undefined {
	const country = parseCountryCode(raw);
	if (!country.ok) {
		throw new NodeOperationError(ctx.getNode(), `'Default Country Code' ${country.reason}`, {
			itemIndex,
			description:
				"Enter the country calling code in 'Options' → 'Default Country Code' as digits, e.g. 255, or remove it.",
		});
	}
	return country.value;
}
