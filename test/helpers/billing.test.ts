import { withSameFields } from '../../nodes/SmsPlatform/helpers/billing';

describe('withSameFields: billing records with one set of fields', () => {
	it('gives every record every field any of them has, documented fields first, null where missing', () => {
		const records = withSameFields([
			{ id: 'u1', type: 'usage', amount: -0.25, created_at: '2026-11-22T08:00:00Z' },
			{
				id: 'y1',
				type: 'payment',
				amount: 18,
				completed_at: '2026-11-21T12:00:00Z',
				status: 'completed',
			},
		]);
		expect(records).toEqual([
			{
				id: 'u1',
				type: 'usage',
				amount: -0.25,
				status: null,
				created_at: '2026-11-22T08:00:00Z',
				completed_at: null,
			},
			{
				id: 'y1',
				type: 'payment',
				amount: 18,
				status: 'completed',
				created_at: null,
				completed_at: '2026-11-21T12:00:00Z',
			},
		]);
		for (const record of records) expect(Object.keys(record)).toEqual(Object.keys(records[0]));
	});

	it('leaves an empty list empty', () => {
		expect(withSameFields([])).toEqual([]);
	});
});
