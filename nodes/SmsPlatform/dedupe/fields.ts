import type { INodeProperties } from 'n8n-workflow';

import { claimSize } from './claimAhead';
import { KEYS_REMEMBERED } from './keyStore';
import { DEDUPE_WAIT_SECONDS } from './window';

/**
 * The Dedupe Key's options, declared once for every operation that has one (SMS → Send, Initiate Payment, Buy
 * Credits): the key, Retry Unknown Keys, the wait (the window, window.ts), and the info box of what a key costs. Their
 * numbers come from the constants they describe; each operation gives only the words for what its key stands for.
 */

/** What one key stands for on an operation, in the words its options use. */
export interface KeyWords {
	/** What the key is for: "this item's SMS", "this payment". */
	what: string;
	/** What a key already used does: "is not sent again", "starts no second payment". */
	usedBefore: string;
	/** What an unanswered earlier try was: "send", "initiation". */
	attempt: string;
	/** The Retry Unknown Keys option's description ("Whether …", its default said). */
	retry: string;
	placeholder: string;
}

const CLAIM_KEYS = claimSize.keys.toLocaleString('en-US');

/** Options → Dedupe Key Wait: the window (window.ts), its default DEDUPE_WAIT_SECONDS. */
export const dedupeWaitOption: INodeProperties = {
	displayName: 'Dedupe Key Wait (Seconds)',
	name: 'dedupeWait',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 60 },
	default: DEDUPE_WAIT_SECONDS,
	description: `With a 'Dedupe Key': seconds a run waits once, before its first send, after recording its keys, so that another queue-mode worker's write to n8n's database cannot erase them (the keys are recorded ${CLAIM_KEYS} at a time, the next ones while the current ones are sent: a run waits again only when it sends ${CLAIM_KEYS} keys faster than this). n8n does not tell a node whether it runs in queue mode: 0 is safe when n8n runs as one process. Defaults to ${DEDUPE_WAIT_SECONDS}.`,
};

/** The Dedupe Key options of one operation, in alphabetical order as n8n's lint wants them in a collection. */
export function dedupeKeyOptions(words: KeyWords): {
	key: INodeProperties;
	wait: INodeProperties;
	retry: INodeProperties;
} {
	return {
		key: {
			displayName: 'Dedupe Key',
			name: 'dedupeKey',
			type: 'string',
			default: '',
			placeholder: words.placeholder,
			description: `A key for ${words.what}, unique to it. A key already used by this node ${words.usedBefore}: the item gets 'outcome' alreadySent; a key whose earlier ${words.attempt} got no answer gets an error with 'outcome' unknown. Kept in n8n's database for this node, for its last ${KEYS_REMEMBERED.toLocaleString('en-US')} keys.`,
		},
		wait: dedupeWaitOption,
		retry: {
			displayName: 'Retry Unknown Keys',
			name: 'retryUnknownKeys',
			type: 'boolean',
			default: false,
			description: words.retry,
		},
	};
}

/**
 * What a Dedupe Key costs, said in the panel before the run (an info box under Options): the wait is the window
 * (window.ts), made once a run for its new keys (claimAhead.ts: claims of claimSize.keys keys, the next one made while
 * the current one is sent), and not at all for keys already sent (keyStore.ts: only new keys wait). One text for
 * every operation with a Dedupe Key.
 */
export const DEDUPE_WAIT_NOTICE = `Each run with a new 'Dedupe Key' waits '${dedupeWaitOption.displayName}' (${String(dedupeWaitOption.default)} unless set) once before its first request, so that queue-mode workers cannot send a key twice. It waits again only when ${CLAIM_KEYS} keys go out faster than that. Set '${dedupeWaitOption.displayName}' to 0 when n8n runs as one process. In queue mode, n8n 3 runs the editor's test runs on the workers too: keep the wait there.`;

/**
 * The info box of DEDUPE_WAIT_NOTICE on one operation: shown while its Options have a 'Dedupe Key' and the wait is
 * not 0. A notice cannot sit inside a collection, so it reads the options by absolute path ('/options.…') with a
 * condition (`_cnd`), as n8n-workflow's displayParameter does in the editor since 1.x.
 *
 * The order of the keys is the order n8n checks them, and it matters: a value that is an expression (a Dedupe Key
 * usually is) shows the field at once, without checking the keys after it or `hide`. So the resource and the
 * operation come first (an expression key of another operation's Options must not show this one), then the wait (an
 * expression key with the wait at 0 shows nothing), then the key. Not added, the wait reads as undefined: not 0.
 */
export function dedupeWaitNotice(resource: string, operation: string): INodeProperties {
	return {
		displayName: DEDUPE_WAIT_NOTICE,
		name: 'dedupeWaitNotice',
		type: 'notice',
		default: '',
		displayOptions: {
			show: {
				resource: [resource],
				operation: [operation],
				'/options.dedupeWait': [{ _cnd: { not: 0 } }],
				'/options.dedupeKey': [{ _cnd: { exists: true } }],
			},
		},
	};
}
