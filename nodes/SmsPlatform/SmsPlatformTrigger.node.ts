import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { eventOf, eventProperties } from './events';
import { APP_DESCRIPTION } from './helpers/descriptions';
import { CREDENTIAL_TYPE, familyLearnt, startWithFamily } from './transport';

/**
 * What the node keeps between polls, under the event's value: its state, the settings it was made for, and the route
 * family the server answered on (transport/routes.ts).
 */
interface Bucket {
	config: string;
	routes?: unknown;
	[stateName: string]: unknown;
}

export class SmsPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMS Platform Trigger',
		name: 'smsPlatformTrigger',
		icon: { light: 'file:smsPlatform.svg', dark: 'file:smsPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description: APP_DESCRIPTION,
		defaults: { name: 'SMS Platform Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: eventProperties(),
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const value = this.getNodeParameter('event') as string;
		const event = eventOf(value);
		if (!event) {
			throw new NodeOperationError(this.getNode(), `The event "${value}" is not supported`, {
				description:
					"Choose an event in 'Trigger On'. A workflow saved by a newer version of this package may name an event this version does not have: update the package.",
			});
		}
		const settings = event.settings(this);
		if (this.getMode() === 'manual') {
			return [this.helpers.returnJsonArray([await event.testEvent(this, settings)])];
		}
		const staticData = this.getWorkflowStaticData('node');
		const config = JSON.stringify({ event: value, ...settings });
		const saved = staticData[value] as Bucket | undefined;
		const state = saved?.config === config ? saved[event.stateName] : undefined;
		await startWithFamily(this, saved?.routes);
		// Nothing is written until the poll has succeeded: an error leaves the state as it was.
		const outcome = await event.poll(this, settings, state as IDataObject | undefined);
		const routes = await familyLearnt(this);
		// One bucket, the current event's: a changed event or setting starts afresh.
		for (const key of Object.keys(staticData)) delete staticData[key];
		staticData[value] = { config, [event.stateName]: outcome.state, ...(routes ? { routes } : {}) };
		return outcome.items.length ? [this.helpers.returnJsonArray(outcome.items)] : null;
	}
}
