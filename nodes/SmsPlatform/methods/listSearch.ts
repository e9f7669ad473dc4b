import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import { listRecords } from '../transport';

/**
 * The package as the picker shows it: name, price, credits. The price comes before the credits so that the picker's
 * width cuts the least useful part; the bonus (already counted in the credits) is in the description.
 */
function label(pkg: IDataObject): string {
	const credits = Number(pkg.sms_count ?? 0) + Number(pkg.bonus_sms ?? 0);
	const price =
		pkg.price !== undefined ? `${String(pkg.price)} ${String(pkg.currency ?? '')}`.trimEnd() : '';
	return [String(pkg.name ?? pkg.id), price, `${credits} credits`].filter(Boolean).join(' · ');
}

function bonus(pkg: IDataObject): string | undefined {
	return Number(pkg.bonus_sms ?? 0) > 0
		? `Includes ${String(pkg.bonus_sms)} bonus credits`
		: undefined;
}

/** The SMS package picker of Initiate Payment: active packages, searchable by name, with credits and price. */
export async function searchPackages(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const records = await listRecords(this, {
		path: endpoints.smsPackages().path,
		maxPages: 20,
		numbers: ['sms_count', 'bonus_sms', 'price'],
	});
	const needle = (filter ?? '').trim().toLowerCase();
	const results = records
		.filter((pkg) => pkg.is_active !== false && String(pkg.is_active) !== 'false')
		.filter(
			(pkg) =>
				!needle ||
				String(pkg.name ?? '')
					.toLowerCase()
					.includes(needle) ||
				String(pkg.id).toLowerCase() === needle,
		)
		.map((pkg) => ({ name: label(pkg), value: String(pkg.id), description: bonus(pkg) }));
	return { results };
}
