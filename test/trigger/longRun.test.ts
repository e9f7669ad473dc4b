import type { IDataObject } from 'n8n-workflow';

import { LiveTrigger } from './support/live';
import { ServiceList, T0, notification, prng, uuid } from './support/service';

describe('trigger, long run', () => {
	it('100,000 notifications over hundreds of polls: each emitted once, static data stays small', async () => {
		const random = prng(424242);
		const list = new ServiceList('/api/notifications/');
		// Through the real PollContext and the node's own transport; only the HTTP wire is in process (speed).
		// No faults here: every answer has a status.
		const wire = (request: { url: string; qs?: IDataObject }) =>
			list.answer(request.url, request.qs) as { statusCode: number; body: unknown };
		let now = T0;
		list.add(notification('n-start', now));
		const parameters = { event: 'newNotification', options: { maxEvents: 250 } };
		let live = new LiveTrigger(parameters, '{}', undefined, wire);
		expect(await live.poll()).toBeNull();

		const total = 100_000;
		let created = 0;
		let emitted = 0;
		let duplicates = 0;
		let polls = 0;
		let maxStaticData = 0;
		let lastTime = 0;
		let outOfOrder = 0;
		const seen = new Set<string>();
		while (created < total || emitted < created) {
			// 0..360 a poll, many in the same second; now and then a restart.
			const arrivals = Math.min(total - created, Math.floor(random() * 361));
			for (let i = 0; i < arrivals; i++) {
				if (random() < 0.3) now += 1;
				list.add(notification(uuid(random), now));
			}
			created += arrivals;
			now += 1;
			if (random() < 0.05) live = live.restart();
			const items = (await live.poll()) ?? [];
			polls++;
			for (const item of items) {
				const id = String(item.id);
				if (seen.has(id)) duplicates++;
				seen.add(id);
				const time = Date.parse(String(item.created_at));
				if (time < lastTime) outOfOrder++;
				lastTime = time;
			}
			emitted += items.length;
			maxStaticData = Math.max(maxStaticData, live.staticDataJson().length);
			// The service keeps everything; the simulator only drops what lies far behind the cursor.
			list.trim(2000);
			if (polls > 5000) break;
		}
		expect({ created, emitted, duplicates, outOfOrder }).toEqual({
			created: total,
			emitted: total,
			duplicates: 0,
			outOfOrder: 0,
		});
		expect(polls).toBeGreaterThanOrEqual(500);
		expect(maxStaticData).toBeLessThan(20_000);
		// Caught up: one request a poll.
		const before = list.requests;
		expect(await live.poll()).toBeNull();
		expect(list.requests - before).toBe(1);
	});
});
