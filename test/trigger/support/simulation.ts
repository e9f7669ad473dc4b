import { runScenario } from '../../../sandbox/trigger-scenario.cjs';
import type { ScenarioOptions } from '../../../sandbox/trigger-scenario.cjs';

import { LiveTrigger } from './live';
import { ServiceList } from './service';

type ScenarioReport = Awaited<ReturnType<typeof runScenario>>;

export type SimulatedEvent = ScenarioOptions['event'];

/** A run of the rough service: its seed, polls, records at activation, the server's cap on page_size, the history's shape. */
export type SimulationOptions = Pick<ScenarioOptions, 'event' | 'shape' | 'updatedAtOnly'> & {
	seed: number;
	polls: number;
	history: number;
	maxPageSize?: number;
};

/**
 * The shared scenario's rough service (sandbox/trigger-scenario.cjs: random arrivals, payments settling, failing
 * requests, manual fetches, restarts), polled through n8n's real PollContext with the list served through nock.
 */
export async function simulate(options: SimulationOptions): Promise<ScenarioReport> {
	const list =
		options.event === 'paymentCompleted'
			? new ServiceList('/api/billing/history/', { type: 'payment' })
			: new ServiceList('/api/notifications/');
	list.maxPageSize = options.maxPageSize ?? 100;
	list.mount();
	return await runScenario({
		...options,
		list,
		maxEvents: 100,
		start: (parameters, staticDataJson) => new LiveTrigger(parameters, staticDataJson),
	});
}

/** Exactly once, and that the run exercised what it claims (failures, restarts, manual fetches); bounded state. */
export function checkExactlyOnce(
	report: ScenarioReport,
	event: SimulatedEvent,
	minPolls = 1000,
): void {
	// The baseline emits nothing; a manual fetch leaves the static data as it was.
	expect(report.activation).toBeNull();
	expect(report.manualChanged).toBe(0);
	const { duplicates, unexpected, missing } = report.tally.check(report.expected);
	expect({ duplicates, unexpected, missing }).toEqual({
		duplicates: [],
		unexpected: [],
		missing: [],
	});
	expect(report.polls).toBeGreaterThanOrEqual(minPolls);
	// The run did exercise what it claims to; polls failed only where a fault was injected, with the node's words.
	expect(report.expected.size).toBeGreaterThan(minPolls);
	expect(report.failedPolls).toBeGreaterThan(minPolls / 50);
	for (const message of report.failures) {
		expect(message).toMatch(
			/^The service could not answer$|connection to the SMS Platform service broke off/,
		);
	}
	expect(report.restarts).toBeGreaterThan(minPolls / 50);
	expect(report.manualFetches).toBeGreaterThan(minPolls / 100);
	// Static data stays small: a cursor, the ids at its second, pending payments.
	expect(report.staticMaxBytes).toBeLessThan(20_000);
	// Quiet steady state: one request a poll.
	expect(report.steadyRequests).toEqual([1, 1, 1]);
	// Notifications come out in the service's time order.
	if (event === 'newNotification') expect(report.outOfOrder).toBe(0);
}
