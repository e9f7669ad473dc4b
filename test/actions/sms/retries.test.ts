import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, runInWorkflow } from '../../support/harness';

// n8n's own retries (Retry On Fail, a retried execution) run the node again on all of its input items. These tests
// let n8n-core's real WorkflowExecute drive the node, and count at the (mocked) service how often each number got
// the SMS: never more than once.

const PATH = '/api/integration/v1/sms/send/';
const A = '+255712000001';
const B = '+255712000002';
const C = '+255712000003';
const base = { resource: 'sms', operation: 'send', message: 'Hello', senderId: 'MYSHOP' };
const perItem = { ...base, recipients: '={{ $json.to }}' };
const combined = { ...perItem, options: { combineItems: true } };

/** The mocked service: answers each send with `answer(recipients, attempt)`, and counts sends per number. */
function service(answer: (recipients: string[], attempt: number) => [number, IDataObject] = ok) {
	const counts: Record<string, number> = {};
	let attempt = 0;
	nock(BASE_URL)
		.post(PATH)
		.query(true)
		.times(100)
		.reply((_uri, body) => {
			const recipients = (body as { recipients: string[] }).recipients;
			for (const number of recipients) counts[number] = (counts[number] ?? 0) + 1;
			return answer(recipients, ++attempt);
		});
	return counts;
}

function ok(recipients: string[], attempt: number): [number, IDataObject] {
	return [200, { success: true, message_id: `msg-${attempt}`, status: 'sent', recipients }];
}

const json = (output: Array<{ json: IDataObject }> | undefined) => output?.map((item) => item.json);

afterEach(() => nock.cleanAll());

describe('sms.send under n8n retries (Retry On Fail, 3 tries)', () => {
	it('Continue On Fail, first item invalid: n8n re-runs the node twice, each valid number gets the SMS once', async () => {
		const counts = service();
		const result = await runInWorkflow({
			parameters: perItem,
			items: [{ to: 'not-a-number' }, { to: A }, { to: B }],
			continueOnFail: true,
			maxTries: 3,
		});
		expect(counts).toEqual({ [A]: 1, [B]: 1 });
		const [invalid, first, second] = json(result.output) ?? [];
		expect(invalid.error).toMatch(
			/^Recipient "not-a-number" is not a usable phone number: .* \[item 0\]$/,
		);
		// The last try answered both from the first one: the same message ids, marked as not sent again.
		expect(first).toMatchObject({ message_id: 'msg-1', recipients: [A], alreadySent: true });
		expect(second).toMatchObject({ message_id: 'msg-2', recipients: [B], alreadySent: true });
	});

	it('second send refused with a 503: the first number is not sent again, the second not re-sent (it may have gone out)', async () => {
		const counts = service((recipients, attempt) =>
			attempt === 2 ? [503, { detail: 'Service unavailable' }] : ok(recipients, attempt),
		);
		const result = await runInWorkflow({
			parameters: perItem,
			items: [{ to: A }, { to: B }, { to: C }],
			maxTries: 3,
		});
		expect(counts).toEqual({ [A]: 1, [B]: 1 });
		expect(result.error?.message).toBe('The service could not answer [item 1]');
		expect((result.error as { description?: string }).description).toMatch(
			/may or may not have been accepted.*earlier try of this execution.*not sent again/s,
		);
	});

	it('a send the service refused (402) is sent again on the next try; numbers that went out are not', async () => {
		const counts = service((recipients, attempt) =>
			attempt === 2 ? [402, { error: 'Insufficient credits' }] : ok(recipients, attempt),
		);
		const result = await runInWorkflow({
			parameters: perItem,
			items: [{ to: A }, { to: B }, { to: C }],
			maxTries: 3,
		});
		expect(result.error).toBeUndefined();
		// B was refused (not sent), so the second try sent it; A went out in the first try only.
		expect(counts).toEqual({ [A]: 1, [B]: 2, [C]: 1 });
		expect(json(result.output)).toEqual([
			expect.objectContaining({ message_id: 'msg-1', alreadySent: true }),
			expect.objectContaining({ message_id: 'msg-3', recipients: [B] }),
			expect.objectContaining({ message_id: 'msg-4', recipients: [C] }),
		]);
		expect(json(result.output)?.[1].alreadySent).toBeUndefined();
	});

	it('Combine Items with Continue On Fail, first item invalid: the combined request goes out once', async () => {
		const counts = service();
		const result = await runInWorkflow({
			parameters: combined,
			items: [{ to: 'nope' }, { to: A }, { to: B }],
			continueOnFail: true,
			maxTries: 3,
		});
		expect(counts).toEqual({ [A]: 1, [B]: 1 });
		const [, first, second] = json(result.output) ?? [];
		expect(first).toMatchObject({ message_id: 'msg-1', alreadySent: true, recipients: [A] });
		expect(second).toMatchObject({ message_id: 'msg-1', alreadySent: true, recipients: [B] });
	});

	it('a loop may send the same text again: a later run of the node is not an earlier try', async () => {
		const counts = service();
		const first = await runInWorkflow({ parameters: perItem, items: [{ to: A }] });
		// The same execution reaches the node again (as in a loop): its second run, run index 1.
		const data = first.data;
		data.executionData!.nodeExecutionStack = [
			{ node: first.node, data: { main: [[{ json: { to: A } }]] }, source: null },
		];
		const second = await runInWorkflow({ parameters: perItem, items: [], retryOf: data });
		expect(counts).toEqual({ [A]: 2 });
		expect(json(second.output)?.[0]).toMatchObject({ message_id: 'msg-2' });
		expect(json(second.output)?.[0].alreadySent).toBeUndefined();
	});
});

describe('sms.send: a retried execution (n8n "Retry", mode retry)', () => {
	it('items that went out in the failed execution are not sent again; the rest are', async () => {
		const counts = service((recipients, attempt) =>
			attempt === 2 ? [402, { error: 'Insufficient credits' }] : ok(recipients, attempt),
		);
		const failed = await runInWorkflow({
			parameters: perItem,
			items: [{ to: A }, { to: B }, { to: C }],
		});
		expect(failed.error?.message).toMatch(/^The account has too few credits \[item \d\]$/);
		expect((failed.error as { description?: string }).description).toContain(
			'"Insufficient credits" (HTTP 402)',
		);
		expect(counts).toEqual({ [A]: 1, [B]: 1 });

		const retried = await runInWorkflow({
			parameters: perItem,
			items: [{ to: A }, { to: B }, { to: C }],
			retryOf: JSON.parse(JSON.stringify(failed.data)),
		});
		expect(retried.error).toBeUndefined();
		expect(counts).toEqual({ [A]: 1, [B]: 2, [C]: 1 });
		expect(json(retried.output)?.[0]).toMatchObject({ message_id: 'msg-1', alreadySent: true });
	});
});

describe('sms.send: one item over several batches, the middle batch failing', () => {
	it('does not send the later batches, and its error lists the recipients that did get the SMS', async () => {
		const numbers = [A, B, C, '+255712000004', '+255712000005'];
		const counts = service((recipients, attempt) =>
			attempt === 2 ? [500, { detail: 'Internal error' }] : ok(recipients, attempt),
		);
		const result = await runInWorkflow({
			parameters: { ...base, recipients: numbers.join(','), options: { batchSize: 2 } },
			items: [{}],
			continueOnFail: true,
			maxTries: 3,
		});
		// Batch 1 (A, B) went out, batch 2 (C, 4) failed with a 500 (may have gone out), batch 3 never left.
		expect(counts).toEqual({ [A]: 1, [B]: 1, [C]: 1, '+255712000004': 1 });
		const [error] = json(result.output) ?? [];
		expect(error.error).toBe('The service could not answer [item 0]');
		expect(error.description).toContain('"Internal error" (HTTP 500)');
		expect(error.sentRecipients).toEqual([A, B]);
		expect(error.description).toMatch(
			/Part of this item was sent: 2 recipient\(s\) in message\(s\) msg-1; the request that did not go through carried 2 recipient\(s\) of this item, and 1 more were not sent\. Sent to: \+255712000001, \+255712000002\./,
		);
	});
});

describe('one item whose recipients span several batches, the middle batch failing (money at stake)', () => {
	const numbers = Array.from({ length: 250 }, (_, i) => `+2557130${String(i).padStart(5, '0')}`);
	const oneItem = { ...base, recipients: numbers.join(','), options: { batchSize: 100 } };

	it('a 500 on batch 2: batch 1 sent once, batch 2 once and not repeated, batch 3 never; the error names what went out, and n8n’s retries send nothing again', async () => {
		const counts = service((recipients, attempt) =>
			attempt === 2 ? [500, { error: 'Provider timeout' }] : ok(recipients, attempt),
		);
		const result = await runInWorkflow({
			parameters: oneItem,
			items: [{}],
			continueOnFail: true,
			maxTries: 3,
		});
		// Requests: batch 1 (numbers 0–99), batch 2 (100–199, failed); batch 3 (200–249) not sent.
		expect(Object.keys(counts)).toHaveLength(200);
		expect(Object.values(counts).every((n) => n === 1)).toBe(true);
		for (const number of numbers.slice(200)) expect(counts[number]).toBeUndefined();
		const [item] = json(result.output) ?? [];
		expect(item.error).toBe('The service could not answer [item 0]');
		expect(item.sentRecipients).toEqual(numbers.slice(0, 100));
		expect(String(item.description)).toMatch(
			/Part of this item was sent: 100 recipient\(s\) in message\(s\) msg-1; the request that did not go through carried 100 recipient\(s\) of this item, and 50 more were not sent/,
		);
	});

	it('the same without Continue On Fail: the execution fails, and n8n’s retry of it sends nothing again', async () => {
		const counts = service((recipients, attempt) =>
			attempt === 2 ? [500, { error: 'Provider timeout' }] : ok(recipients, attempt),
		);
		const first = await runInWorkflow({ parameters: oneItem, items: [{}] });
		expect(first.error?.message).toBe('The service could not answer [item 0]');
		const retried = await runInWorkflow({ parameters: oneItem, items: [{}], retryOf: first.data });
		expect(retried.error?.message).toBe('The service could not answer [item 0]');
		expect(Object.keys(counts)).toHaveLength(200);
		expect(Object.values(counts).every((n) => n === 1)).toBe(true);
	});
});
