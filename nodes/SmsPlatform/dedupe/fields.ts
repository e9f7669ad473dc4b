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
		"With a 'Dedupe Key': seconds a run waits once, before its first send, after recording its keys, so that another queue-mode worker's write to n8n's database cannot erase them (the keys are recorded 500 at a time, the next ones while the current ones are sent: a run waits again only when it sends 500 keys faster than this). n8n does not tell a node whether it runs in queue mode: 0 is safe when n8n runs as one process. Defaults to 10.",
};
