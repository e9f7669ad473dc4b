import nock from 'nock';
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { apiKeyCredentials, BASE_URL, runNode, TestCredentialsHelper } from '../../support/harness';

// The road from the node to the wire stays short and one-way (a newcomer can walk it): for SMS → Send with Combine
// Items and Wait for Delivery, the action side is the node's execute, the router, the Send orchestration and the
// one function that puts a request on the wire; no runner or callback stands in between.

/** Records the call stack at the moment n8n authenticates a POST, i.e. when the send goes on the wire. */
class StackAtWire extends TestCredentialsHelper {
	stacks: string[] = [];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		options: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		if (options.method === 'POST') this.stacks.push(new Error().stack ?? '');
		return await super.authenticate(credentials, typeName, options);
	}
}

/** The package's frames of a stack (`file:function`), innermost first. */
function projectFrames(stack: string): string[] {
	return stack
		.split('\n')
		.map((line) => /at (?:async )?(?:\S+\.)?(\w+) \(.*\/(nodes\/[^:]+):\d+:\d+\)/.exec(line))
		.filter((match): match is RegExpExecArray => match !== null)
		.map((match) => `${match[2]}:${match[1]}`);
}

afterEach(() => nock.cleanAll());

it('Send with Combine Items and Wait for Delivery: execute → router → executeBatch → sendOnce → the transport', async () => {
	nock(BASE_URL)
		.post('/api/integration/v1/sms/send/')
		.times(2)
		.reply(200, { success: true, message_id: 'msg-1', status: 'delivered' });
	const helper = new StackAtWire(apiKeyCredentials());
	const { output } = await runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			message: 'Hi',
			senderId: 'MYSHOP',
			recipients: '={{ $json.to }}',
			options: { combineItems: true, batchSize: 1, waitForDelivery: true },
		},
		items: [{ to: '+255712000001' }, { to: '+255712000002' }],
		helper,
	});
	expect(output.map((item) => item.json.outcome)).toEqual(['sent', 'sent']);
	expect(helper.stacks).toHaveLength(2);
	for (const stack of helper.stacks) {
		const actionSide = projectFrames(stack).filter((frame) => !frame.includes('/transport/'));
		expect(actionSide).toEqual([
			'nodes/SmsPlatform/actions/sms/sendRequests.ts:sendOnce',
			'nodes/SmsPlatform/actions/sms/send.operation.ts:executeBatch',
			'nodes/SmsPlatform/actions/router.ts:router',
			'nodes/SmsPlatform/SmsPlatform.node.ts:execute',
		]);
	}
});
