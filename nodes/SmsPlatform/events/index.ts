import type { INodeProperties } from 'n8n-workflow';

import { lowBalance } from './lowBalance';
import { newNotification } from './newNotification';
import { paymentCompleted } from './paymentCompleted';
import type { TriggerEvent } from './triggerEvent';

/** The trigger's events, in the order the Event field lists them. A new event: its file, and one line here. */
const EVENTS: TriggerEvent[] = [paymentCompleted, newNotification, lowBalance];

export function eventOf(value: unknown): TriggerEvent | undefined {
	return EVENTS.find((event) => event.value === value);
}

/** The trigger's parameters: the Event field, each event's own fields, and the Options each event uses. */
export function eventProperties(): INodeProperties[] {
	const options = new Map<string, { option: INodeProperties; events: string[] }>();
	for (const event of EVENTS) {
		for (const option of event.options) {
			const entry = options.get(option.name) ?? { option, events: [] };
			entry.events.push(event.value);
			options.set(option.name, entry);
		}
	}
	return [
		{
			displayName: 'Event',
			name: 'event',
			type: 'options',
			default: 'paymentCompleted',
			options: EVENTS.map(({ name, value, description }) => ({ name, value, description })),
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
			options: [...options.values()].map(({ option, events }) => ({
				...option,
				displayOptions: { show: { '/event': events } },
			})),
		},
	];
}
