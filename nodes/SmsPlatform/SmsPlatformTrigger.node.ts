import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { lowBalanceItem, lowBalanceStep, readBalance } from './events/lowBalance';
import { APP_DESCRIPTION } from './helpers/descriptions';
import type { LowBalanceState } from './events/lowBalance';
import { newNotificationSpec } from './events/newNotification';
import { isCompletedPayment, paymentCompletedSpec, paymentItem } from './events/paymentCompleted';
import type { TimelineSpec, TimelineState } from './events/timeline';
import { baseline, latest, pollTimeline } from './events/timeline';

type TriggerEvent = 'paymentCompleted' | 'newNotification' | 'lowBalance';

interface Bucket {
	/** The event's parameters when the state was made: a change resets it. */
	config: string;
	timeline?: TimelineState;
	lowBalance?: LowBalanceState;
}

const DEFAULT_MAX_EVENTS = 100;

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
		credentials: [{ name: 'smsPlatformApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				default: 'paymentCompleted',
				options: [
					{
						name: 'Payment Completed',
						value: 'paymentCompleted',
						description:
							'A mobile-money payment reached status completed (each payment fires once, also one that was pending at an earlier check)',
					},
					{
						name: 'New Notification',
						value: 'newNotification',
						description: 'A notification arrived (each one fires once)',
					},
					{
						name: 'Low Balance',
						value: 'lowBalance',
						description:
							'The credit balance is below the threshold (fires once, also at the first check if it is already low, and again only after the balance was back at or above it)',
					},
				],
			},
			{
				displayName: 'Threshold (Credits)',
				name: 'threshold',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 100,
				description: 'Fire when the balance is below this many credits',
				displayOptions: { show: { event: ['lowBalance'] } },
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Max Events per Poll',
						name: 'maxEvents',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: 1000 },
						default: DEFAULT_MAX_EVENTS,
						description: 'At most this many items per check; any others follow at the next check',
						displayOptions: { show: { '/event': ['paymentCompleted', 'newNotification'] } },
					},
					{
						displayName: 'Unread Only',
						name: 'unreadOnly',
						type: 'boolean',
						default: false,
						description: 'Whether to fire only for notifications that are unread',
						displayOptions: { show: { '/event': ['newNotification'] } },
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event') as TriggerEvent;
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const maxEvents = Number(options.maxEvents ?? DEFAULT_MAX_EVENTS) || DEFAULT_MAX_EVENTS;
		const unreadOnly = options.unreadOnly === true;
		const threshold = event === 'lowBalance' ? Number(this.getNodeParameter('threshold', 100)) : 0;
		if (event === 'lowBalance' && (!Number.isFinite(threshold) || threshold < 0)) {
			throw new NodeOperationError(
				this.getNode(),
				`Threshold must be a number of credits, 0 or more (got ${String(threshold)})`,
			);
		}
		const config = JSON.stringify({
			event,
			threshold,
			unreadOnly: event === 'newNotification' ? unreadOnly : undefined,
		});
		const manual = this.getMode() === 'manual';

		if (event === 'lowBalance') {
			const { balance, currency } = await readBalance(this);
			if (manual)
				return [this.helpers.returnJsonArray([lowBalanceItem(balance, threshold, currency)])];
			const staticData = this.getWorkflowStaticData('node');
			const bucket = currentBucket(staticData, event, config);
			const { fire, state } = lowBalanceStep(bucket?.lowBalance, balance, threshold);
			saveBucket(staticData, event, { config, lowBalance: state });
			return fire
				? [this.helpers.returnJsonArray([lowBalanceItem(balance, threshold, currency)])]
				: null;
		}

		const spec: TimelineSpec =
			event === 'paymentCompleted'
				? paymentCompletedSpec(maxEvents)
				: newNotificationSpec(maxEvents, unreadOnly);
		const toItem = event === 'paymentCompleted' ? paymentItem : (record: IDataObject) => record;

		if (manual) {
			const record = await latest(
				this,
				spec,
				event === 'paymentCompleted' ? isCompletedPayment : () => true,
			);
			if (!record) {
				throw new NodeOperationError(
					this.getNode(),
					event === 'paymentCompleted'
						? 'No completed payment found yet to show as a test event'
						: 'No notification found yet to show as a test event',
					{
						description:
							'Make one happen in the service (or the sandbox), then fetch the test event again.',
					},
				);
			}
			return [this.helpers.returnJsonArray([toItem(record)])];
		}

		const staticData = this.getWorkflowStaticData('node');
		const bucket = currentBucket(staticData, event, config);
		// Nothing is written until the poll has succeeded: an error leaves the state as it was.
		const outcome = bucket?.timeline
			? await pollTimeline(this, spec, bucket.timeline)
			: await baseline(this, spec);
		saveBucket(staticData, event, { config, timeline: outcome.state });
		if (!outcome.emit.length) return null;
		return [this.helpers.returnJsonArray(outcome.emit.map(toItem))];
	}
}

function currentBucket(
	staticData: IDataObject,
	event: TriggerEvent,
	config: string,
): Bucket | undefined {
	const bucket = staticData[event] as Bucket | undefined;
	return bucket && bucket.config === config ? bucket : undefined;
}

/** One bucket per event; the other events' buckets are dropped so a changed event starts afresh. */
function saveBucket(staticData: IDataObject, event: TriggerEvent, bucket: Bucket): void {
	for (const key of Object.keys(staticData)) if (key !== event) delete staticData[key];
	staticData[event] = bucket as unknown as IDataObject;
}
