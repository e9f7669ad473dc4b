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

	it('400 polls, a paged history that adds a record at completion (seed 11): each payment (transaction) exactly once', async () => {
		const report = await simulate({
			event: 'paymentCompleted',
			seed: 11,
			polls: 400,
			history: 180,
			shape: 'newRecord',
		});
		checkExactlyOnce(report, 'paymentCompleted', 400);
	}, 60_000);

	it('250 polls, the grouped history of a real server, one record per payment with completed_at (seed 23): exactly once, payments pending at activation included', async () => {
		const report = await simulate({
			event: 'paymentCompleted',
			seed: 23,
			polls: 250,
			history: 180,
			shape: 'grouped',
		});
		checkExactlyOnce(report, 'paymentCompleted', 250);
	}, 60_000);

	it('200 polls, the grouped history with updated_at only, records touched again after completing (seed 31): exactly once', async () => {
		const report = await simulate({
			event: 'paymentCompleted',
			seed: 31,
			polls: 200,
			history: 180,
			shape: 'grouped',
			updatedAtOnly: true,
		});
		checkExactlyOnce(report, 'paymentCompleted', 200);
	}, 60_000);
});
