/**
 * National numbering plans: how many digits follow the country code (the national significant number) in the
 * countries this service's users text most, from the plans each regulator files with the ITU (ITU-T E.164). A number
 * of another length there reaches no phone, so it fails before any request instead of costing a credit.
 *
 * The national significant numbers of these countries never start with 0: a 0 written after their country code is the
 * trunk prefix people dial inside the country (`+255 0712 …`), not part of the number, and is dropped. Elsewhere a 0
 * may be part of the number (Italy's `+39 06 …`), so only a 0 written in parentheses (`+44 (0)20 …`), the usual way to
 * mark a trunk prefix, is dropped; the number keeps E.164's check alone.
 */

export interface NumberingPlan {
	code: string;
	country: string;
	/** The lengths a national significant number may have there. */
	lengths: number[];
}

/** The one table: add a country here and every phone field of the node checks it. */
export const NUMBERING_PLANS: readonly NumberingPlan[] = [
	{ code: '255', country: 'Tanzania', lengths: [9] },
	{ code: '254', country: 'Kenya', lengths: [9] },
	{ code: '256', country: 'Uganda', lengths: [9] },
	{ code: '250', country: 'Rwanda', lengths: [9] },
	{ code: '257', country: 'Burundi', lengths: [8] },
	{ code: '243', country: 'the DR Congo', lengths: [9] },
	{ code: '260', country: 'Zambia', lengths: [9] },
	// Fixed lines are 7 digits (1 xxx xxx), mobiles 9.
	{ code: '265', country: 'Malawi', lengths: [7, 9] },
	// Fixed lines are 8 digits (2x xxx xxx), mobiles 9 (8x xxx xxxx).
	{ code: '258', country: 'Mozambique', lengths: [8, 9] },
];

/** The plan of the country an E.164 digit string (`+` and digits) belongs to, when the table has it. */
export function planOf(number: string): NumberingPlan | undefined {
	return NUMBERING_PLANS.find((plan) => number.startsWith(`+${plan.code}`));
}

export type PlanReading =
	| { ok: true; value: string; trunkZeroDropped: boolean }
	| { ok: false; reason: string };

/**
 * The one reader: a number as `+` and digits, read by its country's plan. A trunk 0 after the code of a country in the
 * table is dropped, and the rest must have one of its lengths; a number of another country passes as it is (E.164's
 * own check follows, in telecom.ts).
 */
export function byNumberingPlan(number: string): PlanReading {
	const plan = planOf(number);
	if (!plan) return { ok: true, value: number, trunkZeroDropped: false };
	let national = number.slice(plan.code.length + 1);
	const trunkZeroDropped = national.startsWith('0');
	if (trunkZeroDropped) national = national.slice(1);
	const expected = plan.lengths.join(' or ');
	if (national.startsWith('0')) {
		return {
			ok: false,
			reason: `a number in ${plan.country} (+${plan.code}) has ${expected} digits after the country code, the first not 0`,
		};
	}
	if (!plan.lengths.includes(national.length)) {
		return {
			ok: false,
			reason: `a number in ${plan.country} (+${plan.code}) has ${expected} digits after the country code, this one has ${national.length}`,
		};
	}
	return { ok: true, value: `+${plan.code}${national}`, trunkZeroDropped };
}

/**
 * A trunk 0 written in parentheses right after the country code (`+44 (0)20 …`, `+255 (0)712 …`): the text without
 * it, and whether there was one. Read before the separators are stripped, as the parentheses mark it.
 */
export function withoutMarkedTrunkZero(text: string): { text: string; dropped: boolean } {
	const marked = /^(\+\d{1,3})[\s\u00a0]*\(0\)/.exec(text);
	if (!marked) return { text, dropped: false };
	return { text: `${marked[1]}${text.slice(marked[0].length)}`, dropped: true };
}
