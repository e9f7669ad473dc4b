import { checkExactlyOnce, simulate } from './support/simulation';

describe('trigger newNotification, randomized (seeded): random arrivals, failures and restarts', () => {
	it('1000 polls (seed 20250301): every notification emitted exactly once', async () => {
		const report = await simulate({
			event: 'newNotification',
			seed: 20250301,
			polls: 1000,
			history: 180,
		});
		checkExactlyOnce(report, 'newNotification');
		// Checked for correctness, not speed: over 60 s when CI runs it beside the n8n installs.
	}, 180_000);
});
