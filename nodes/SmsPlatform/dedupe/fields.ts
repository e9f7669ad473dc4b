import type { INodeProperties } from 'n8n-workflow';

/**
 * Options → Dedupe Key Wait, on SMS → Send, Initiate Payment and Buy Credits: the settle window (settle.ts). Its
 * default is the window's one default: settle.ts reads it from here (n8n's lint wants the default written as a number).
 */
export const dedupeWaitOption: INodeProperties = {
	displayName: 'Dedupe Key Wait (Seconds)',
	name: 'dedupeWait',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 60 },
	default: 10,
	description:
		"With a 'Dedupe Key': seconds a run waits once, before its first send, after recording its keys, so that another queue-mode worker's write to n8n's database cannot erase them (the keys are recorded 500 at a time, the next ones while the current ones are sent: a run waits again only when it sends 500 keys faster than this). n8n does not tell a node whether it runs in queue mode: 0 is safe when n8n runs as one process. Defaults to 10.",
};

/**
 * What a Dedupe Key costs, said in the panel before the run (an info box under Options): the wait is the settle
 * window (settle.ts), made once a run for its new keys (claimAhead.ts: claims of 500 keys, the next one made while the
 * current one is sent), and not at all for keys already sent (keyStore.ts: only new keys are settled). One text for
 * every operation with a Dedupe Key.
 */
export const DEDUPE_WAIT_NOTICE = `Each run with a new 'Dedupe Key' waits '${dedupeWaitOption.displayName}' (${String(dedupeWaitOption.default)} unless set) once before its first request, so that queue-mode workers cannot send a key twice. It waits again only when 500 keys go out faster than that. Set '${dedupeWaitOption.displayName}' to 0 when n8n runs as one process.`;

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
