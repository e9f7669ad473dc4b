import type { INodeProperties } from 'n8n-workflow';

/**
 * Options → Dedupe Key Wait, on SMS → Send and Initiate Payment: the settle window (settle.ts). Its default is the
 * window's one default: settle.ts reads it from here (n8n's lint wants the default written as a number).
 */
export const dedupeWaitOption: INodeProperties = {
	displayName: 'Dedupe Key Wait (Seconds)',
	name: 'dedupeWait',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 60 },
	default: 10,
	description:
		"With a 'Dedupe Key': seconds to wait after recording the keys, before sending, so that another queue-mode worker's write to n8n's database cannot erase them. 0 is safe when n8n runs as one process (not in queue mode). Defaults to 10.",
};
