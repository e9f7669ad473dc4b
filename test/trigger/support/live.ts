import { PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeType,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { SmsPlatformTrigger } from '../../../nodes/SmsPlatform/SmsPlatformTrigger.node';
import { TRIGGER_TYPE, TestCredentialsHelper, apiKeyCredentials } from '../../support/harness';

const NODE_NAME = 'SMS Platform Trigger';

/** An in-process stand-in for the HTTP wire: gets the request n8n would send, answers as the service would. */
export type Wire = (request: IHttpRequestOptions) => { statusCode: number; body: unknown };

/**
 * An active trigger as n8n keeps it between polls: one Workflow object whose static data lives in memory (so a poll
 * that fails after touching it would leak into the next one). `restart()` is n8n starting again: a fresh Workflow,
 * a fresh node instance, only the static data JSON carried over.
 */
export class LiveTrigger {
	private readonly workflow: Workflow;

	private readonly nodeType: INodeType = new SmsPlatformTrigger();

	private readonly node: INode;

	constructor(
		private readonly parameters: IDataObject,
		staticDataJson = '{}',
		private readonly credentials: ICredentialDataDecryptedObject = apiKeyCredentials(),
		private readonly wire?: Wire,
	) {
		this.node = {
			id: 'node-under-test',
			name: NODE_NAME,
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: parameters as INode['parameters'],
			credentials: { smsPlatformApi: { id: 'cred-1', name: 'SMS Platform account' } },
		};
		const nodeTypes = {
			getByName: () => this.nodeType,
			getByNameAndVersion: () => this.nodeType,
			getKnownTypes: () => ({}),
		} as unknown as INodeTypes;
		this.workflow = new Workflow({
			id: 'live-workflow',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: { [`node:${NODE_NAME}`]: JSON.parse(staticDataJson) as IDataObject },
		});
	}

	/** One poll; throws what the node throws. */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<IDataObject[] | null> {
		const additionalData = {
			credentialsHelper: new TestCredentialsHelper(this.credentials),
			executionId: 'live-execution',
			restApiUrl: 'http://localhost:5678/rest',
			instanceBaseUrl: 'http://localhost:5678/',
			webhookBaseUrl: 'http://localhost:5678/webhook',
			webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
			webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
			formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
			variables: {},
			userId: 'test-user',
		} as unknown as IWorkflowExecuteAdditionalData;
		const context = new PollContext(this.workflow, this.node, additionalData, mode, 'activate');
		const wire = this.wire;
		if (wire) {
			// Everything but the wire stays real (context, parameters, static data, the node's transport).
			context.helpers.httpRequestWithAuthentication = async (
				_type: string,
				request: IHttpRequestOptions,
			) => ({
				...wire(request),
				headers: {},
			});
		}
		const result = await this.nodeType.poll!.call(context);
		return result ? result[0].map((item) => item.json) : null;
	}

	/** The node's static data as n8n would store it now (JSON text). */
	staticDataJson(): string {
		return JSON.stringify((this.workflow.staticData as IDataObject)[`node:${NODE_NAME}`] ?? {});
	}

	/** n8n restarts: only the stored JSON survives. Optionally with changed parameters. */
	restart(parameters: IDataObject = this.parameters): LiveTrigger {
		return new LiveTrigger(parameters, this.staticDataJson(), this.credentials, this.wire);
	}
}

/** The error a poll fails with (the test fails if it does not). */
export async function failureOf(
	poll: Promise<unknown>,
): Promise<{ message: string; description: string }> {
	try {
		await poll;
	} catch (error) {
		return error as { message: string; description: string };
	}
	throw new Error('The poll was expected to fail, but it succeeded');
}
