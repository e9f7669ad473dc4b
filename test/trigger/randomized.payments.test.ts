import { checkExactlyOnce, simulate } from './support/simulation';
import type { SimulationOptions } from './support/simulation';

const SIMULATION_TIMEOUT_MS = 180_000;

type Run = Omit<SimulationOptions, 'event'> & { name: string };

/** Each run checks its own number of polls (`checkExactlyOnce`'s floor). */
const RUNS: Run[] = [
	{
		name: '1000 polls (seed 77): every completed payment emitted exactly once',
		seed: 77,
		polls: 1000,
		history: 180,
	},
	{
		name: '150 polls against a server that serves 20 records a page whatever is asked (seed 5): exactly once',
		seed: 5,
		polls: 150,
		history: 60,
		maxPageSize: 20,
	},
	{
		name: '400 polls, a paged history that adds a record at completion (seed 11): each payment (transaction) exactly once',
		seed: 11,
		polls: 400,
		history: 180,
		shape: 'newRecord',
	},
	{
		name: '250 polls, the grouped history of a real server, one record per payment with completed_at (seed 23): exactly once, payments pending at activation included',
		seed: 23,
		polls: 250,
		history: 180,
		shape: 'grouped',
	},
	{
		name: '200 polls, the grouped history with updated_at only, records touched again after completing (seed 31): exactly once',
		seed: 31,
		polls: 200,
		history: 180,
		shape: 'grouped',
		updatedAtOnly: true,
	},
];

describe('trigger paymentCompleted, randomized (seeded): random arrivals, completions, failures and restarts', () => {
	it.each(RUNS)(
		'$name',
		async (run) => {
			const report = await simulate({ ...run, event: 'paymentCompleted' });
			checkExactlyOnce(report, 'paymentCompleted', run.polls);
		},
		// A simulation of up to 1,000 polls, checked for correctness, not speed: about 25 s alone on 2 cores, over 60 s
		// when CI runs it beside the n8n installs. A time-out here says nothing about the trigger.
		SIMULATION_TIMEOUT_MS,
	);
});
