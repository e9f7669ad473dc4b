import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { boundedInteger, requiredString } from '../../helpers/parameters';
import { normalizePhone } from '../../helpers/telecom';
import { apiRequest, coerceNumbers, unwrapObject } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Tenant Name',
		name: 'tenantName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Acme Shop',
		description: 'Name of the new tenant: your customer’s business',
	},
	{
		displayName: 'Owner Email',
		name: 'ownerEmail',
		type: 'string',
		placeholder: 'e.g. nathan@example.com',
		required: true,
		default: '',
		description: 'Email address of the tenant’s owner',
	},
	{
		displayName: 'Owner Name',
		name: 'ownerName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Nathan Smith',
		description: 'Full name of the tenant’s owner',
	},
	{
		displayName: 'Contact Phone',
		name: 'contactPhone',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +255712345678',
		description: 'The tenant’s phone number, with + and the country code',
	},
	{
		displayName: 'Initial Credits',
		name: 'initialCredits',
		type: 'number',
		typeOptions: { minValue: 0 },
		// Optional, but at top level rather than in a collection: `initialCredits` is a public parameter name that
		// saved workflows store at the top level of the node's parameters; moving it would drop their values.
		default: 0,
		description: 'SMS credits the tenant starts with. Defaults to 0.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['partnerTenant'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const tenantName = requiredString(this, 'tenantName', 'Tenant Name', itemIndex);
	const ownerEmail = requiredString(this, 'ownerEmail', 'Owner Email', itemIndex, 'email');
	const ownerName = requiredString(this, 'ownerName', 'Owner Name', itemIndex);
	const phoneInput = requiredString(this, 'contactPhone', 'Contact Phone', itemIndex);
	const phone = normalizePhone(phoneInput);
	if (!phone.ok) {
		throw new NodeOperationError(
			this.getNode(),
			`'Contact Phone' "${phoneInput}" is not a usable phone number: ${phone.reason}`,
			{ itemIndex, description: 'Write the number in E.164 format, e.g. +255712345678.' },
		);
	}
	const initialCredits = boundedInteger(
		this,
		this.getNodeParameter('initialCredits', itemIndex, 0),
		'Initial Credits',
		itemIndex,
		0,
		Number.MAX_SAFE_INTEGER,
	);
	const endpoint = endpoints.createTenant();
	const response = await apiRequest(this, {
		...endpoint,
		body: {
			tenant_name: tenantName,
			owner_email: ownerEmail,
			owner_name: ownerName,
			contact_phone: phone.value as string,
			initial_credits: initialCredits,
		},
		itemIndex,
		creates: 'record',
	});
	return coerceNumbers(unwrapObject(response.body, endpoint.wrapper), ['sms_balance']);
}
