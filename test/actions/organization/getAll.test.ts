import type { IDataObject } from 'n8n-workflow';

import { describeListOperation } from '../listContract';

const PATH = '/api/tenants/';

function tenant(n: number): IDataObject {
	return {
		id: `7a6b5c4d-0000-4000-8000-${String(n).padStart(12, '0')}`,
		name: `Tenant ${n}`,
		subdomain: `tenant${n}`,
		business_name: `Tenant ${n} Ltd`,
		business_type: n % 2 ? 'retail' : 'education',
		email: `owner${n}@example.com`,
		phone_number: `+25571${String(n).padStart(7, '0')}`,
		is_active: n % 7 !== 0,
		created_at: '2024-12-01T08:00:00Z',
	};
}
describeListOperation({
	resource: 'organization',
	operation: 'getAll',
	path: PATH,
	noun: 'tenants',
	record: tenant,
});
