import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { TimelineSource } from './timeline';
import { DEFAULT_MAX_EVENTS, eventTimeOf, maxEventsOf, pollTimeline } from './timeline';
import { readTimeline } from './timelineReader';

/**
 * One event of the SMS Platform Trigger: everything the node needs to show it and to poll it. An event is one file in
 * events/ that exports such an object, listed in events/index.ts.
 */
export interface TriggerEvent {
	/** The value of the Trigger On parameter, `event` (stored in users' workflows: never change it). */
	value: string;
	name: string;
	description: string;
	/** Fields of its own, shown only for this event. */
	fields: INodeProperties[];
	/** Entries of the Options collection it uses (shared entries, e.g. Max Events per Poll, are declared by each). */
	options: INodeProperties[];
	/**
	 * Where its state sits in the node's static data, beside the key: active workflows keep their state under this
	 * name, so renaming it makes them start afresh (a new baseline).
	 */
	stateName: string;
	/**
	 * Its settings read from the node's parameters (errors name the field). They key its state, so a change of them
	 * starts the event afresh; the polling bounds (Max Events per Poll) are not settings.
	 */
	settings(ctx: IPollFunctions): IDataObject;
	/** One poll: the items to emit and the new state. Throws (and so changes no state) when the service fails. */
	poll(
		ctx: IPollFunctions,
		settings: IDataObject,
		state: IDataObject | undefined,
	): Promise<{ items: IDataObject[]; state: IDataObject }>;
	/** "Fetch Test Event": the latest real occurrence, state untouched. */
	testEvent(ctx: IPollFunctions, settings: IDataObject): Promise<IDataObject>;
}

export const maxEventsOption: INodeProperties = {
	displayName: 'Max Events per Poll',
	name: 'maxEvents',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 1000 },
	default: DEFAULT_MAX_EVENTS,
	description:
		'At most this many items per check; any others follow at the next check. Defaults to 100.',
};

/**
 * An event read from a newest-first list (see timeline.ts): the first poll remembers where the list stands, later
 * polls emit what is new. `what` names the records in the test event's error ("completed payment").
 */
export function timelineEvent(
	event: Pick<TriggerEvent, 'value' | 'name' | 'description' | 'fields' | 'options' | 'settings'> &
		TimelineSource & {
			isTestEvent: (record: IDataObject) => boolean;
			what: string;
		},
): TriggerEvent {
	return {
		...event,
		stateName: 'timeline',
		// Called on the event, so `this` is the event: its spec and toItem (one frame less to the wire).
		poll: pollTimeline,
		// Manual mode ("Fetch Test Event"): the most recent matching record, state untouched.
		async testEvent(ctx, settings) {
			const spec = event.spec(settings, maxEventsOf(ctx));
			const { records } = await readTimeline(ctx, spec, {});
			const record = records
				.filter((one) => (!spec.matches || spec.matches(one)) && event.isTestEvent(one))
				.sort((a, b) => eventTimeOf(spec, b) - eventTimeOf(spec, a))[0];
			if (!record) {
				throw new NodeOperationError(
					ctx.getNode(),
					`No ${event.what} found yet to show as a test event`,
					{
						description:
							'Make one happen in the service (or the sandbox), then fetch the test event again.',
					},
				);
			}
			return event.toItem(record);
		},
	};
}
