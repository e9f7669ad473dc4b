import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL } from '../support/harness';

export const SEND = '/api/integration/v1/sms/send/';

/** The send endpoint: records every body it receives and answers one message id a request, in order. */
export function sendServer(): IDataObject[] {
	const bodies: IDataObject[] = [];
	nock(BASE_URL)
		.post(SEND)
		.times(10)
		.reply(200, (_uri, body) => {
			bodies.push(body as IDataObject);
			return { success: true, message_id: `msg-${bodies.length}`, status: 'sent' };
		});
	return bodies;
}
