import { checkExactlyOnce, simulate } from './support/simulation';

describe('trigger paymentCompleted, randomized (seeded): random arrivals, completions, failures and restarts', () => {
	it('1000 polls (seed 77): every completed payment emitted exactly once', async () => {
		const report = await simulate({
			event: 'paymentCompleted',
			seed: 77,
			polls: 1000,
			history: 180,
		});
		checkExactlyOnce(report, 'paymentCompleted');
	}, 60_000);

	it('150 polls against a server that serves 20 records a page whatever is asked (seed 5): exactly once', async () => {
		const report = await simulate({
			event: 'paymentCompleted',
			seed: 5,
			polls: 150,
			history: 60,
			maxPageSize: 20,
		});
		checkExactlyOnce(report, 'paymentCompleted', 150);
	}, 60_000);
});
