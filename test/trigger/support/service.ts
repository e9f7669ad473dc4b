import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, pollTrigger } from '../../support/harness';

import { ServiceList as SharedServiceList, faultAnswer } from '../../../sandbox/trigger-sim.cjs';
import type { Answer, Fault } from '../../../sandbox/trigger-sim.cjs';

/** The dev tools' one seeded PRNG (mulberry32): the same seed gives the same run. */
export { prng } from '../../../sandbox/prng.cjs';
/** The service's records and time (whole seconds), shared with the benchmark. */
export {
	T0,
	iso,
	livePayment,
	notification,
	payment,
	settle,
	uuid,
} from '../../../sandbox/trigger-sim.cjs';
export type { Fault, ListRecord } from '../../../sandbox/trigger-sim.cjs';

type NockCallback = (error: NodeJS.ErrnoException | null, result: nock.ReplyFnResult) => void;

/** Answers a nock request: a dropped connection, or the status and body. */
function reply(answer: Answer, callback: NockCallback): void {
	if ('drop' in answer) {
		callback(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), [0, '']);
	} else {
		callback(null, [answer.statusCode, answer.body as nock.ReplyBody]);
	}
}

/**
 * The shared service list (`sandbox/trigger-sim.cjs`, the benchmark's too: newest first, `page` / `page_size`, the page
 * envelope or the real server's grouped history, `onRequest` for faults and arrivals during paging), served through
 * nock.
 */
export class ServiceList extends SharedServiceList {
	/** Query parameters every request must carry (checked, a 400 otherwise). */
	constructor(path: string, requiredQuery: Record<string, string> = {}) {
		super(BASE_URL, path);
		this.requiredQuery = requiredQuery;
	}

	/** Serves the list through nock for the rest of the test. */
	mount(): void {
		nock(BASE_URL)
			.persist()
			.get(this.path)
			.query(true)
			.reply((uri, _body, callback) => reply(this.answer(uri), callback));
	}
}

/** The balance endpoint, answering whatever `balance` holds (or a fault). */
export class ServiceBalance {
	balance: unknown = 1000;

	currency = 'credits';

	requests = 0;

	fault: Fault;

	mount(): void {
		nock(BASE_URL)
			.persist()
			.get('/api/integration/v1/sms/balance/')
			.reply((_uri, _body, callback) => {
				this.requests++;
				const body = { balance: this.balance, currency: this.currency };
				reply(this.fault ? faultAnswer(this.fault) : { statusCode: 200, body }, callback);
			});
	}
}

/** Polls in order, static data carried between them as JSON (as n8n stores it); returns what each poll emitted. */
export async function pollSequence(
	steps: Array<() => void>,
	parameters: IDataObject,
	initial: IDataObject = {},
): Promise<{ emitted: Array<IDataObject[] | null>; staticData: IDataObject }> {
	let staticData = initial;
	const emitted: Array<IDataObject[] | null> = [];
	for (const step of steps) {
		step();
		const result = await pollTrigger({ parameters, staticData });
		emitted.push(result.items);
		staticData = result.staticData;
	}
	return { emitted, staticData };
}

/** The ids of what a poll emitted. */
export const ids = (items: IDataObject[] | null) => (items ?? []).map((item) => item.id);
