/**
 * The words a user reads in the editor, checked against n8n's UX guidelines for verified nodes (the audit is
 * docs/ux-guidelines-audit.md): every label, description, placeholder and option of both nodes and the credential.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { SmsPlatformApi } from '../../credentials/SmsPlatformApi.credentials';
import { SmsPlatform } from '../../nodes/SmsPlatform/SmsPlatform.node';
import { SmsPlatformTrigger } from '../../nodes/SmsPlatform/SmsPlatformTrigger.node';
import { DEDUPE_WAIT_NOTICE } from '../../nodes/SmsPlatform/dedupe/fields';
import {
	NEEDS_LOGIN,
	SOME_REFUSE_API_KEY,
	SOME_REFUSE_LOGIN,
} from '../../nodes/SmsPlatform/helpers/descriptions';
import { adviceFor } from '../../nodes/SmsPlatform/transport/advice';
import { combinedHint, combiningHint } from '../../nodes/SmsPlatform/actions/sms/send.operation';

type Option = INodePropertyOptions & { action?: string };

/** Every parameter (also inside collections), with where it is. */
function walk(properties: INodeProperties[], where: string): Array<[string, INodeProperties]> {
	return properties.flatMap((property) => {
		const here = `${where} › ${property.displayName}`;
		const nested = (property.options ?? []).filter(
			(option): option is INodeProperties => 'type' in option,
		);
		const fixed = (property.options ?? []).filter(
			(option): option is INodePropertyCollection => 'values' in option,
		);
		return [
			[here, property] as [string, INodeProperties],
			...walk(nested, here),
			...fixed.flatMap((group) => walk(group.values, `${here} › ${group.displayName}`)),
		];
	});
}

const action = new SmsPlatform().description;
const trigger = new SmsPlatformTrigger().description;
const credential = new SmsPlatformApi();
const PARAMETERS = [
	...walk(action.properties, 'SMS Platform'),
	...walk(trigger.properties, 'SMS Platform Trigger'),
	...walk(credential.properties, 'SMS Platform API'),
];
const OPTIONS: Array<[string, Option]> = PARAMETERS.flatMap(([where, property]) =>
	(property.options ?? [])
		.filter((option): option is Option => 'value' in option)
		.map((option) => [`${where} › ${option.name}`, option] as [string, Option]),
);
/** Every text a user reads: descriptions, placeholders, option descriptions, actions, node descriptions, info boxes. */
const TEXTS: Array<[string, string]> = [
	['SMS Platform', action.description],
	['SMS Platform Trigger', trigger.description],
	...PARAMETERS.flatMap(([where, property]) =>
		[property.description, property.placeholder, property.hint]
			.filter((text): text is string => typeof text === 'string' && text !== '')
			.map((text) => [where, text] as [string, string]),
	),
	...PARAMETERS.filter(([, property]) => property.type === 'notice').map(
		([where, property]) => [where, property.displayName] as [string, string],
	),
	...OPTIONS.flatMap(([where, option]) =>
		[option.description, option.action]
			.filter((text): text is string => typeof text === 'string' && text !== '')
			.map((text) => [where, text] as [string, string]),
	),
];

const failures = (found: Array<[string, string]>) =>
	found.map(([where, text]) => `${where}: ${text}`);

describe('UI copy (n8n UX guidelines)', () => {
	it('has no API field names or jargon: snake_case names, "UUID", "API response", JSON shapes', () => {
		const jargon = /\b[a-z]+_[a-z_]+\b|UUID|\bE\.164\b|\{ ?\w+ ?\(|messaging API|integration API/;
		expect(failures(TEXTS.filter(([, text]) => jargon.test(text)))).toEqual([]);
	});

	it('writes "email" one way', () => {
		expect(failures(TEXTS.filter(([, text]) => /e-mail/i.test(text)))).toEqual([]);
	});

	it('starts every placeholder with "e.g."', () => {
		const placeholders = PARAMETERS.filter(
			([, property]) =>
				typeof property.placeholder === 'string' &&
				property.placeholder !== '' &&
				!['collection', 'fixedCollection'].includes(property.type),
		);
		expect(placeholders.length).toBeGreaterThan(10);
		expect(
			failures(
				placeholders
					.filter(([, property]) => !String(property.placeholder).startsWith('e.g. '))
					.map(([where, property]) => [where, String(property.placeholder)]),
			),
		).toEqual([]);
	});

	it('starts every boolean description with "Whether"', () => {
		const booleans = PARAMETERS.filter(([, property]) => property.type === 'boolean');
		expect(
			failures(
				booleans
					.filter(([, property]) => !String(property.description).startsWith('Whether'))
					.map(([where, property]) => [where, String(property.description)]),
			),
		).toEqual([]);
	});

	it('ends a one-sentence tooltip without a period, and a longer one with a period', () => {
		const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z'])/).length;
		const wrong = PARAMETERS.filter(([, property]) => typeof property.description === 'string')
			.map(([where, property]) => [where, String(property.description)] as [string, string])
			.filter(([, text]) => (sentences(text) === 1) === /\.$/.test(text));
		expect(failures(wrong)).toEqual([]);
	});

	it('gives every operation a one-sentence dropdown subtext, without a period', () => {
		const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z'])/).length;
		const wrong = OPTIONS.filter(([, option]) => option.action !== undefined)
			.map(([where, option]) => [where, String(option.description)] as [string, string])
			.filter(([, text]) => sentences(text) !== 1 || /\.$/.test(text));
		expect(failures(wrong)).toEqual([]);
	});

	it('says what an optional switch or list of values means when it is not added ("Defaults to …" or "Not added: …")', () => {
		const optional = PARAMETERS.filter(
			([where, property]) =>
				/› (Options|Additional Fields|Update Fields|Filters) ›/.test(where) &&
				(property.type === 'boolean' || property.type === 'fixedCollection'),
		);
		expect(optional.length).toBeGreaterThanOrEqual(5);
		expect(
			failures(
				optional
					.filter(
						([, property]) => !/(Defaults to |Not added: )/.test(String(property.description)),
					)
					.map(([where, property]) => [where, String(property.description)]),
			),
		).toEqual([]);
	});

	it('writes actions without articles, naming the resource', () => {
		const actions = OPTIONS.filter(([, option]) => option.action !== undefined);
		expect(actions).toHaveLength(38);
		expect(
			failures(
				actions
					.filter(([, option]) => /\b(a|an|the)\b/i.test(String(option.action)))
					.map(([where, option]) => [where, String(option.action)]),
			),
		).toEqual([]);
	});

	it('describes operations with n8n\'s vocabulary ("Retrieve…", "Create a new…", "Send…", "Ask…", "Delete…", "Update…")', () => {
		const descriptions = OPTIONS.filter(([, option]) => option.action !== undefined).map(
			([where, option]) => [where, String(option.description)] as [string, string],
		);
		expect(
			failures(
				descriptions.filter(
					([, text]) => !/^(Retrieve|Create a new|Send|Ask|Delete|Update) /.test(text),
				),
			),
		).toEqual([]);
	});

	it('says the default of every optional field that has one ("Defaults to …")', () => {
		const optional = PARAMETERS.filter(
			([where, property]) =>
				/› (Options|Request Options|Filters) ›/.test(where) &&
				!['', undefined].includes(property.default as string) &&
				property.name !== 'type',
		);
		expect(optional.length).toBeGreaterThanOrEqual(10);
		expect(
			failures(
				optional
					.filter(([, property]) => !/Defaults to /.test(String(property.description)))
					.map(([where, property]) => [where, String(property.description)]),
			),
		).toEqual([]);
	});

	it('sorts list options by name (Period excepted: its options are in time order)', () => {
		const unsorted = PARAMETERS.filter(
			([, property]) =>
				['options', 'multiOptions'].includes(property.type) &&
				property.name !== 'period' &&
				(property.options ?? []).length > 1,
		).filter(([, property]) => {
			const names = (property.options ?? []).map((option) => String(option.name));
			return names.join('|') !== [...names].sort((a, b) => a.localeCompare(b)).join('|');
		});
		expect(unsorted.map(([where]) => where)).toEqual([]);
	});

	it('sorts the fields of every collection (Options, Filters, Additional Fields...) by name', () => {
		const unsorted = PARAMETERS.filter(
			([, property]) => property.type === 'collection' && (property.options ?? []).length > 1,
		).filter(([, property]) => {
			const names = (property.options ?? []).map((option) =>
				String((option as { displayName?: string }).displayName),
			);
			return names.join('|') !== [...names].sort((a, b) => a.localeCompare(b)).join('|');
		});
		expect(unsorted.map(([where]) => where)).toEqual([]);
	});

	it('shows a list operation as "Get Many", and names the trigger\'s event field "Trigger On"', () => {
		const lists = ['getAll', 'getHistory', 'getRecent'];
		for (const [where, option] of OPTIONS.filter(([, option]) =>
			lists.includes(String(option.value)),
		))
			expect(`${where}: ${option.name}`).toBe(`${where}: Get Many`);
		const event = trigger.properties.find((property) => property.name === 'event');
		expect(event?.displayName).toBe('Trigger On');
		expect(event?.description).toBeUndefined();
	});

	it('offers no dummy option', () => {
		expect(
			OPTIONS.filter(([, option]) => option.value === '' || /^\(/.test(option.name)).map(
				([where]) => where,
			),
		).toEqual([]);
	});

	it("has one info box, the Dedupe Key's cost (essential: a run waits for it), in the info box style", () => {
		// Info boxes are for essential information only: any other is a failure here.
		const boxes = PARAMETERS.filter(([, property]) => property.type === 'notice');
		expect(new Set(boxes.map(([, box]) => box.displayName))).toEqual(new Set([DEDUPE_WAIT_NOTICE]));
		// Sentence case; several sentences, so it ends with a period; the fields it names are labels of the panel.
		expect(DEDUPE_WAIT_NOTICE).toMatch(/^[A-Z][^A-Z]/);
		expect(DEDUPE_WAIT_NOTICE).toMatch(/\.$/);
		const labels = new Set(PARAMETERS.map(([, property]) => property.displayName));
		const quoted = [...DEDUPE_WAIT_NOTICE.matchAll(/'([^']+)'/g)].map((match) => match[1]);
		expect(quoted.length).toBeGreaterThanOrEqual(2);
		expect(quoted.filter((name) => !labels.has(name))).toEqual([]);
	});

	it("names the credential's Authentication options as the list shows them, where advice or a description quotes one", () => {
		const names = (
			credential.properties.find((property) => property.name === 'authMethod')?.options ?? []
		).map((option) => option.name);
		const advice = (['apiKeyBearer', 'apiKeyHeader', 'jwt'] as const).map((mode) =>
			adviceFor(401, { mode }),
		);
		const quoted = [...advice, NEEDS_LOGIN, SOME_REFUSE_API_KEY, SOME_REFUSE_LOGIN].flatMap(
			(text) =>
				[...text.matchAll(/'((?:API Key|Email and Password)[^']*)'/g)].map((match) => match[1]),
		);
		expect(quoted).toContain('API Key (X-API-Key Header)');
		expect(quoted.filter((name) => !names.includes(name))).toEqual([]);
	});

	it('says which credential an operation, a trigger event or a resource takes only in the shared words, once, in brackets', () => {
		// What each says is measured true by test/integration/credentialClaims.test.ts; here, that it is said one way.
		const claims = [NEEDS_LOGIN, SOME_REFUSE_API_KEY, SOME_REFUSE_LOGIN];
		const picked = OPTIONS.filter(([where]) => /› (Resource|Operation|Trigger On) › /.test(where));
		expect(picked.length).toBe(15 + 38 + 4);
		const wrong = picked.filter(([, option]) => {
			const text = String(option.description);
			const said = claims.filter((claim) => text.includes(`(${claim})`));
			const rest = claims.reduce((left, claim) => left.replace(`(${claim})`, ''), text);
			return said.length > 1 || /Email and Password|API key|\blog ?in\b/i.test(rest);
		});
		expect(wrong.map(([where, option]) => `${where}: ${option.description}`)).toEqual([]);
		expect(
			picked.filter(([, option]) => claims.some((c) => String(option.description).includes(c)))
				.length,
		).toBeGreaterThan(30);
	});

	it("says the login one way: the credential's option is 'Email and Password', every other text says it only in the three shared phrases", () => {
		const names = (
			credential.properties.find((property) => property.name === 'authMethod')?.options ?? []
		).map((option) => option.name);
		expect(names).toContain('Email and Password');
		const claims = [NEEDS_LOGIN, SOME_REFUSE_API_KEY, SOME_REFUSE_LOGIN];
		// One short phrase each, in plain words, in lower case: they close a sentence in brackets.
		for (const claim of claims) expect(claim).toMatch(/^[a-z][a-zA-Z ]{0,40}$/);
		expect(NEEDS_LOGIN).toBe('email and password only');
		const wrong = TEXTS.filter(([where]) => !where.startsWith('SMS Platform API')).filter(
			([, text]) => {
				const rest = claims.reduce((left, claim) => left.split(claim).join(''), text);
				return /JWT|Email and Password|email and password|\blog ?in\b|login|token/i.test(rest);
			},
		);
		expect(failures(wrong)).toEqual([]);
		expect(failures(TEXTS.filter(([, text]) => /JWT|\btoken\b/i.test(text)))).toEqual([]);
	});

	it('names the resource in every operation description', () => {
		// The words a description uses for each resource (n8n: "must include the resource").
		const nouns: Record<string, RegExp> = {
			account: /account/i,
			activity: /activity/i,
			billing: /billing/i,
			campaign: /campaign/i,
			contact: /contact/i,
			dashboard: /dashboard/i,
			notification: /notification/i,
			organization: /organization/i,
			partnerTenant: /tenant/i,
			payment: /payment/i,
			senderId: /sender ID/,
			senderIdRequest: /sender ID request/,
			sms: /\bSMS\b/,
			smsPackage: /SMS package/,
			template: /template/i,
		};
		const operations = action.properties.filter((property) => property.name === 'operation');
		const resources = operations.flatMap(
			(property) => property.displayOptions?.show?.resource ?? [],
		);
		expect(Object.keys(nouns).sort()).toEqual([...new Set(resources.map(String))].sort());
		const wrong = operations.flatMap((property) => {
			const resource = String(property.displayOptions?.show?.resource?.[0]);
			return ((property.options ?? []) as Option[])
				.filter((option) => !nouns[resource].test(String(option.description)))
				.map((option) => `${resource} › ${option.name}: ${option.description}`);
		});
		expect(wrong).toEqual([]);
	});

	it('describes every Get Many as n8n does: "Retrieve a list of …"', () => {
		const lists = OPTIONS.filter(([, option]) => option.name === 'Get Many');
		expect(lists.length).toBe(9);
		expect(
			failures(
				lists
					.map(([where, option]) => [where, String(option.description)] as [string, string])
					.filter(([, text]) => !text.startsWith('Retrieve a list of ')),
			),
		).toEqual([]);
	});

	it('says what an optional field with a default does when it is not added, in every collection', () => {
		const optional = PARAMETERS.filter(
			([where, property]) =>
				/› (Options|Request Options|Filters|Additional Fields|Update Fields) ›/.test(where) &&
				!['', undefined].includes(property.default as string) &&
				!(
					typeof property.default === 'object' && Object.keys(property.default ?? {}).length === 0
				) &&
				property.type !== 'notice',
		);
		expect(optional.length).toBeGreaterThanOrEqual(15);
		expect(
			failures(
				optional
					.filter(
						([, property]) => !/(Defaults to |Not added: )/.test(String(property.description)),
					)
					.map(([where, property]) => [where, String(property.description)]),
			),
		).toEqual([]);
	});

	it("quotes a field's name in single quotes wherever a text names it, the output pane's hints included", () => {
		// The panel's labels of two words or more, and 'Options': a text that names one names a field.
		const labels = [
			...new Set(
				PARAMETERS.map(([, property]) => property.displayName).filter(
					(name) => /^[A-Z]\w*( [A-Z(]\S*)+$/.test(name) || name === 'Options',
				),
			),
		];
		expect(labels).toEqual(expect.arrayContaining(['Combine Items', 'Dedupe Key', 'Options']));
		const item = (index: number) =>
			({
				itemIndex: index,
				recipients: ['+255712345678'],
				batchSize: 100,
				message: 'Hi',
				senderId: 'ACME',
			}) as never;
		const hints: Array<[string, string]> = [
			[
				'combinedHint',
				String(combinedHint([item(0)], [{ itemIndex: 0, messageIds: ['m-1'] } as never])),
			],
			['combiningHint', String(combiningHint(Array.from({ length: 12 }, (_, i) => item(i))))],
		];
		expect(hints.every(([, text]) => text !== 'undefined')).toBe(true);
		const unquoted = [...TEXTS, ...hints].filter(([, text]) =>
			labels.some((label) =>
				new RegExp(`(^|[^'\\w])${label.replace(/[()]/g, '\\$&')}(?![\\w'])`).test(text),
			),
		);
		expect(failures(unquoted)).toEqual([]);
	});

	it("describes the app in one short line for n8n's nodes panel", () => {
		expect(trigger.description.length).toBeLessThanOrEqual(45);
		expect(action.description).toBe(trigger.description);
	});
});
