/**
 * The credential's Test as n8n's credential tester runs it: a node type whose requestDefaults are the test request,
 * executed by n8n-core's RoutingNode with the decrypted credential (preAuthentication first).
 */
import { RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { SmsPlatformApi } from '../../credentials/SmsPlatformApi.credentials';
import { TestCredentialsHelper, executeContextFor } from './harness';

/**
 * Runs the credential's test request as n8n's credential tester does: a node type whose requestDefaults are the
 * test request, executed by n8n-core's RoutingNode with the decrypted credential.
 */
export async function runCredentialTest(credentials: ICredentialDataDecryptedObject) {
	const credential = new SmsPlatformApi();
	const nodeType: INodeType = {
		description: {
			displayName: 'Credential test',
			name: 'credentialTest',
			group: ['input'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'smsPlatformApi', required: true }],
			requestDefaults: credential.test.request,
			properties: [],
		} as unknown as INodeType['description'],
	};
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const node: INode = {
		id: 'credential-test',
		name: 'Temp-Node',
		type: 'credentialTest',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { smsPlatformApi: { id: 'cred-1', name: 'SMS Platform account' } },
	};
	const workflow = new Workflow({
		id: 'cred-test',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	const helper = new TestCredentialsHelper(credentials);
	const additionalData = {
		credentialsHelper: helper,
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	const items: INodeExecutionData[] = [{ json: {} }];
	const context = executeContextFor(workflow, node, additionalData, items, 'internal');
	const routingNode = new RoutingNode(context, nodeType, {
		id: 'cred-1',
		name: 'SMS Platform account',
		type: 'smsPlatformApi',
		data: credentials,
	} as never);
	const result = await routingNode.runNode();
	return { result: result as INodeExecutionData[][], helper };
}

/** The tester's verdict, as n8n maps it: OK, a rule's message for the answer's status, else the error's message. */
export async function credentialTest(
	credentials: ICredentialDataDecryptedObject,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const credential = new SmsPlatformApi();
	let result: INodeExecutionData[][];
	try {
		({ result } = await runCredentialTest(credentials));
	} catch (error) {
		const e = error as {
			message: string;
			cause?: { response?: { status: number; statusText?: string }; code?: string };
		};
		if (e.cause?.response) {
			const rule = credential.test.rules?.find(
				(r) => (r.properties as { value: number }).value === e.cause?.response?.status,
			);
			return {
				status: 'Error',
				message: rule
					? (rule.properties as { message: string }).message
					: (e.cause.response.statusText ?? ''),
			};
		}
		return { status: 'Error', message: e.message };
	}
	// n8n's tester then fails the answer when a rule's path into the first item gives the rule's value (lodash's
	// get, which also walks a text's own properties).
	for (const rule of credential.test.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		const { key, value, message } = rule.properties as {
			key: string;
			value: unknown;
			message: string;
		};
		const found = key
			.split('.')
			.reduce<unknown>(
				(node, part) =>
					node === null || node === undefined ? undefined : (node as Record<string, unknown>)[part],
				result[0][0].json,
			);
		if (found === value) return { status: 'Error', message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
