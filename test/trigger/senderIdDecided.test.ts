/**
 * Sender ID Decided (issue 42): the real server's list of sender ID requests (`GET /api/messaging/sender-requests/`,
 * newest created first, 20 a page, no filter on changes). A request fires once when its status leaves `pending` after
 * activation, with the request; never again on later polls, across restarts, or when its record is touched later.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, jwtCredentials } from '../support/harness';
import { LiveTrigger } from './support/live';

const LIST = '/api/messaging/sender-requests/';
const PARAMS: IDataObject = { event: 'senderIdDecided' };
const T0 = Date.parse('2026-11-20T06:00:00Z');
const local = (ms: number) => new Date(ms + 3 * 3600_000).toISOString().replace('Z', '000+03:00');

function request(n: number, createdMs: number, status = 'pending'): IDataObject {
	return {
		id: `6a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
		requested_sender_id: `SHOP${n}`,
		sample_content: 'Hello',
		request_type: 'custom',
		status,
		reviewed_at: status === 'pending' ? null : local(createdMs),
		rejection_reason: '',
		created_at: local(createdMs),
		updated_at: local(createdMs),
	};
}

/** What staff do: the status, the review time and `updated_at` change; `created_at` stays. */
function decide(record: IDataObject, status: string, atMs: number, reason = ''): void {
	Object.assign(record, {
		status,
		reviewed_at: local(atMs),
		updated_at: local(atMs),
		rejection_reason: reason,
	});
}

class RequestList {
	records: IDataObject[] = [];

	asked: string[] = [];

	add(record: IDataObject): IDataObject {
		this.records.push(record);
		return record;
	}

	mount(): void {
		nock(BASE_URL)
			.post('/api/auth/login/')
			.times(50)
			.reply(200, { tokens: { access: 'token', refresh: 'r' } });
		nock(BASE_URL)
			.persist()
			.get((uri) => uri.split('?')[0] === LIST)
			.reply((uri) => {
				this.asked.push(uri);
				const page = Number(new URL(uri, BASE_URL).searchParams.get('page') ?? 1);
				const all = [...this.records].sort(
					(a, b) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)),
				);
				const pages = Math.max(1, Math.ceil(all.length / 20));
				if (page > pages) return [404, { detail: 'Invalid page.' }];
				return [
					200,
					{
						count: all.length,
						next: page < pages ? `http://testserver${LIST}?page=${page + 1}` : null,
						previous: null,
						results: all.slice((page - 1) * 20, page * 20),
					},
				];
			});
	}
}

const idsOf = (items: IDataObject[] | null) => (items ?? []).map((item) => String(item.id));

afterEach(() => nock.cleanAll());

describe('trigger senderIdDecided', () => {
	it('a request pending at activation fires once when approved; later polls and a restart do not repeat it', async () => {
		const list = new RequestList();
		list.mount();
		list.add(request(1, T0 - 3 * 86_400_000, 'approved'));
		const waiting = list.add(request(2, T0 - 86_400_000));
		let live = new LiveTrigger(PARAMS, '{}', jwtCredentials());
		expect(await live.poll()).toBeNull();
		expect(await live.poll()).toBeNull();
		decide(waiting, 'approved', T0);
		const fired = await live.poll();
		expect(idsOf(fired)).toEqual([waiting.id]);
		expect(fired![0]).toEqual(waiting);
		expect(await live.poll()).toBeNull();
		live = live.restart();
		expect(await live.poll()).toBeNull();
		// Touched again later (a later updated_at): still once.
		waiting.updated_at = local(T0 + 60_000);
		expect(await live.poll()).toBeNull();
	});

	it('requests filed after activation: one rejected with its reason and one sent back fire once each; a pending one never', async () => {
		const list = new RequestList();
		list.mount();
		const live = new LiveTrigger(PARAMS, '{}', jwtCredentials());
		expect(await live.poll()).toBeNull();
		const a = list.add(request(10, T0 + 1000));
		const b = list.add(request(11, T0 + 2000));
		list.add(request(12, T0 + 3000));
		expect(await live.poll()).toBeNull();
		decide(b, 'requires_changes', T0 + 5000);
		decide(a, 'rejected', T0 + 6000, 'Name too generic');
		const fired = await live.poll();
		expect(idsOf(fired)).toEqual([b.id, a.id]);
		expect(fired![1]).toMatchObject({ status: 'rejected', rejection_reason: 'Name too generic' });
		expect(await live.poll()).toBeNull();
	});

	it('decided before activation: never fires; each poll reads down to the oldest pending request (2 pages here)', async () => {
		const list = new RequestList();
		list.mount();
		const old = list.add(request(1, T0 - 86_400_000));
		for (let n = 2; n <= 25; n++) list.add(request(n, T0 - 86_400_000 + n * 1000, 'approved'));
		const live = new LiveTrigger(PARAMS, '{}', jwtCredentials());
		expect(await live.poll()).toBeNull();
		list.asked.length = 0;
		expect(await live.poll()).toBeNull();
		expect(list.asked).toEqual([`${LIST}?page=1&page_size=100`, `${LIST}?page=2&page_size=100`]);
		decide(old, 'cancelled', T0);
		expect(idsOf(await live.poll())).toEqual([old.id]);
		// Nothing watched any more: one page a poll.
		list.asked.length = 0;
		expect(await live.poll()).toBeNull();
		expect(list.asked).toEqual([`${LIST}?page=1&page_size=100`]);
	});
});
