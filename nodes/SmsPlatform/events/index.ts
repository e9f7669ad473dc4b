import type { INodeProperties } from 'n8n-workflow';

import { lowBalance } from './lowBalance';
import { newNotification } from './newNotification';
import { paymentCompleted } from './paymentCompleted';
import { senderIdDecided } from './senderIdDecided';
import type { TriggerEvent } from './triggerEvent';

/** The trigger's events (the Trigger On field lists them by name). A new event: its file, and one line here. */
const EVENTS: TriggerEvent[] = [paymentCompleted, newNotification, lowBalance, senderIdDecided];

export function eventOf(value: unknown): TriggerEvent | undefined {
	return EVENTS.find((event) => event.value === value);
}

/** The trigger's parameters: the Trigger On field, each event's own fields, and the Options each event uses. */
export function eventProperties(): INodeProperties[] {
	const options = new Map<string, { option: INodeProperties; events: string[] }>();
	for (const event of EVENTS) {
		for (const option of event.options) {
			const entry = options.get(option.name) ?? { option, events: [] };
			entry.events.push(event.value);
			options.set(option.name, entry);
		}
	}
	// Events that use the Options collection: for the others it is not shown (an empty "No properties" section).
	const withOptions = EVENTS.filter((event) => event.options.length).map((event) => event.value);
	return [
		{
			// n8n's name for a trigger's event picker ("Trigger On", no tooltip); the parameter stays `event`.
			displayName: 'Trigger On',
			name: 'event',
			type: 'options',
			default: 'paymentCompleted',
			// Sorted by name, as n8n sorts list options.
			options: EVENTS.map(({ name, value, description }) => ({ name, value, description })).sort(
				(a, b) => a.name.localeCompare(b.name),
			),
		},
		...EVENTS.flatMap((event) =>
			event.fields.map((field) => ({
				...field,
				displayOptions: { show: { event: [event.value] } },
			})),
		),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			displayOptions: { show: { event: withOptions } },
			options: [...options.values()].map(({ option, events }) => ({
				...option,
				displayOptions: { show: { '/event': events } },
			})),
		},
	];
}
