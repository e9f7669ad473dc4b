import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import { listSenderIds, senderIdName } from '../helpers/senderIds';
import { templateOutput } from '../helpers/templates';
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
		...endpoints.smsPackages(),
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

/** The Sender ID picker of Send: the account's active sender IDs, searchable by name. */
export async function searchSenderIds(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const needle = (filter ?? '').trim().toLowerCase();
	const results = (await listSenderIds(this, {}))
		.map(senderIdName)
		.filter((name) => name && (!needle || name.toLowerCase().includes(needle)))
		.map((name) => ({ name, value: name }));
	return { results };
}

/** The Template picker: the account's templates, searchable by name, the start of the body beside each. */
export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const needle = (filter ?? '').trim().toLowerCase();
	const records = await listRecords(this, { ...endpoints.templates(), maxPages: 20 });
	const results = records
		.map(templateOutput)
		.filter(
			(t) =>
				!needle ||
				String(t.name ?? '')
					.toLowerCase()
					.includes(needle),
		)
		.map((t) => ({
			name: String(t.name ?? t.id),
			value: String(t.id),
			description: String(t.body_text ?? t.preview_text ?? '').slice(0, 60),
		}));
	return { results };
}
