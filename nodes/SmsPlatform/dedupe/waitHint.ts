import type { IExecuteFunctions } from 'n8n-workflow';

const toldWait = new WeakSet<IExecuteFunctions>();

/** Said once a run when its keys wait: why, and when the wait can be 0. */
export function tellWait(ctx: IExecuteFunctions, windowMs: number): void {
	if (windowMs < 1000 || toldWait.has(ctx) || !('addExecutionHints' in ctx)) return;
	toldWait.add(ctx);
	ctx.addExecutionHints({
		message: `Waited ${windowMs / 1000} s after recording the Dedupe Keys before sending, so that no other queue-mode worker's database write can erase them. If this n8n runs as one process (not in queue mode), set 'Dedupe Key Wait (Seconds)' in the options to 0.`,
		location: 'outputPane',
	});
}
