/**
 * helpers/dedupe.ts on n8n-core's real execution context and DataDeduplicationService, with n8n's processed-data
 * store in memory (test/support/processedData.ts): the bound on remembered keys, and the states of a key.
 */
import { DedupeStore, KEYS_REMEMBERED, MAX_ENTRIES } from '../../nodes/SmsPlatform/helpers/dedupe';
import { actionContext } from '../support/harness';
import { processedDataStore } from '../support/processedData';

const store = processedDataStore();
const open = () => DedupeStore.open(actionContext({ resource: 'sms', operation: 'send' }, [{}]), 0);
const keys = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, i) => `${prefix}${i}`);

beforeEach(() => store.reset());

describe('DedupeStore', () => {
	it('a key goes started → sent; released keys are free again; started keys are unknown', async () => {
		const dedupe = open();
		expect([...(await dedupe.claim(['a', 'b', 'c'])).entries()]).toEqual([
			['a', 'claimed'],
			['b', 'claimed'],
			['c', 'claimed'],
		]);
		await dedupe.confirm(['a']);
		await dedupe.release(['b']);
		expect([...(await dedupe.claim(['a', 'b', 'c'])).entries()]).toEqual([
			['b', 'claimed'],
			['a', 'alreadySent'],
			['c', 'unknown'],
		]);
		// Checking whether `c` was sent leaves no trace of it as sent.
		expect(store.has('test-workflow', 'node-under-test', 'd:c')).toBe(false);
		expect((await dedupe.claim(['c'], true)).get('c')).toBe('claimed');
	});

	it(`remembers a sent key while ${KEYS_REMEMBERED} later keys are sent (${MAX_ENTRIES} entries), forgets it after more`, async () => {
		const dedupe = open();
		await dedupe.claim(['first']);
		await dedupe.confirm(['first']);
		const later = keys('k', KEYS_REMEMBERED);
		await dedupe.claim(later);
		await dedupe.confirm(later);
		expect((await dedupe.claim(['first'])).get('first')).toBe('alreadySent');
		await dedupe.claim(['one-more']);
		await dedupe.confirm(['one-more']);
		expect((await dedupe.claim(['first'])).get('first')).toBe('claimed');
	});
});
