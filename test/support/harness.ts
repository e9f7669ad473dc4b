import {
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRunExecutionData,
	IWorkflowBase,
	NodeApiError,
	NodeOperationError,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, ICredentialsHelper, Workflow } from 'n8n-workflow';

import { SmsPlatformApi } from '../../credentials/SmsPlatformApi.credentials';
import { SmsPlatform } from '../../nodes/SmsPlatform/SmsPlatform.node';
import { SmsPlatformTrigger } from '../../nodes/SmsPlatform/SmsPlatformTrigger.node';

export const BASE_URL = 'https://api.sms.test';
/** Not a real key: a recognisable value the secret-scanning tests look for in outputs and errors. */
export const API_KEY = ['sk', 'live', 'TEST', 'KEY', '1234567890'].join('_');
export const PASSWORD = 'S3cret-Passw0rd!';

export const ACTION_TYPE = 'n8n-nodes-sms-platform.smsPlatform';
export const TRIGGER_TYPE = 'n8n-nodes-sms-platform.smsPlatformTrigger';

const nodeTypeMap: Record<string, INodeType> = {
	[ACTION_TYPE]: new SmsPlatform(),
	[TRIGGER_TYPE]: new SmsPlatformTrigger(),
};

const nodeTypes: INodeTypes = {
	getByName: (type: string) => nodeTypeMap[type],
	getByNameAndVersion: (type: string) => nodeTypeMap[type],
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

export function apiKeyCredentials(
	authMethod: 'apiKeyBearer' | 'apiKeyHeader' = 'apiKeyBearer',
	overrides: IDataObject = {},
): ICredentialDataDecryptedObject {
	return {
		baseUrl: BASE_URL,
		authMethod,
		apiKey: API_KEY,
		email: '',
		password: '',
		accessToken: '',
		...overrides,
	};
}

export function jwtCredentials(overrides: IDataObject = {}): ICredentialDataDecryptedObject {
	return {
		baseUrl: BASE_URL,
		authMethod: 'jwt',
		apiKey: '',
		email: 'ops@example.com',
		password: PASSWORD,
		accessToken: '',
		...overrides,
	};
}

/**
 * Behaves as n8n's own CredentialsHelper (packages/cli) does for this credential: the credential's authenticate
 * function, and preAuthentication when the hidden expirable field is empty or a request answered 401, with the new
 * token saved back into the stored credential.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	readonly credentialType: ICredentialType = new SmsPlatformApi();

	logins = 0;

	updates: ICredentialDataDecryptedObject[] = [];

	constructor(public stored: ICredentialDataDecryptedObject) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const authenticate = this.credentialType.authenticate as (
			c: ICredentialDataDecryptedObject,
			r: IHttpRequestOptions,
		) => Promise<IHttpRequestOptions>;
		return await authenticate(credentials, requestOptions);
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		if (credentials.accessToken !== '' && !credentialsExpired) return undefined;
		const preAuthentication = this.credentialType.preAuthentication as (
			this: IHttpRequestHelper,
			c: ICredentialDataDecryptedObject,
		) => Promise<IDataObject>;
		const output = await preAuthentication.call(helpers, credentials);
		if (output.accessToken === undefined) return undefined;
		this.logins++;
		this.stored = { ...this.stored, ...output } as ICredentialDataDecryptedObject;
		this.updates.push(this.stored);
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		return { ...this.stored };
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used in tests');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties() {
		return this.credentialType.properties;
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}
}

function additionalDataFor(helper: TestCredentialsHelper): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: helper,
		executionId: 'test-execution',
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		currentNodeParameters: undefined,
		variables: {},
		userId: 'test-user',
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** The node under test, as n8n hands it to the node's code (tests that build errors or panels use it too). */
export function makeNode(
	type: string,
	parameters: IDataObject,
	continueOnFail = false,
	id = 'node-under-test',
): INode {
	return {
		id,
		name: type === ACTION_TYPE ? 'SMS Platform' : 'SMS Platform Trigger',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials: { smsPlatformApi: { id: 'cred-1', name: 'SMS Platform account' } },
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
}

export interface RunOptions {
	parameters: IDataObject;
	items?: IDataObject[];
	credentials?: ICredentialDataDecryptedObject;
	helper?: TestCredentialsHelper;
	continueOnFail?: boolean;
	/** The node's ID in the workflow (n8n keys a node's processed data by it); defaults to 'node-under-test'. */
	nodeId?: string;
}

export interface RunResult {
	output: INodeExecutionData[];
	helper: TestCredentialsHelper;
	hints: Array<{ message: string }>;
}

/** A workflow holding just `node`, with this package's node types. */
function workflowOf(node: INode): Workflow {
	return new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
}

/** Runs the action node through n8n-core's real ExecuteContext (parameters, expressions, credentials, helpers). */
export async function runNode(options: RunOptions): Promise<RunResult> {
	const helper =
		options.helper ?? new TestCredentialsHelper(options.credentials ?? apiKeyCredentials());
	const node = makeNode(ACTION_TYPE, options.parameters, options.continueOnFail, options.nodeId);
	const workflow = workflowOf(node);
	const items: INodeExecutionData[] = (options.items ?? [{}]).map((json) => ({ json }));
	const context = executeContextFor(workflow, node, additionalDataFor(helper), items, 'manual');
	const result = await nodeTypeMap[ACTION_TYPE].execute!.call(context);
	const hints = (context as unknown as { hints: Array<{ message: string }> }).hints ?? [];
	return { output: (result as INodeExecutionData[][])[0], helper, hints };
}

/** The action node's real ExecuteContext over `items`, without running it (to read its parameters as n8n does). */
export function actionContext(parameters: IDataObject, items: IDataObject[]): ExecuteContext {
	const node = makeNode(ACTION_TYPE, parameters);
	const helper = new TestCredentialsHelper(apiKeyCredentials());
	return executeContextFor(
		workflowOf(node),
		node,
		additionalDataFor(helper),
		items.map((json) => ({ json })),
		'manual',
	);
}

/** n8n-core's real ExecuteContext for one node run over `items`. */
export function executeContextFor(
	workflow: Workflow,
	node: INode,
	additionalData: IWorkflowExecuteAdditionalData,
	items: INodeExecutionData[],
	mode: WorkflowExecuteMode,
): ExecuteContext {
	const runExecutionData = {
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			nodeExecutionStack: [],
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;
	return new ExecuteContext(
		workflow,
		node,
		additionalData,
		mode,
		runExecutionData,
		0,
		items,
		{ main: [items] },
		{ node, data: { main: [items] }, source: null },
		[],
	);
}

/** Static data as n8n stores it between polls: plain JSON. */
export type StaticData = IDataObject;

export interface PollOptions {
	parameters: IDataObject;
	staticData?: StaticData;
	credentials?: ICredentialDataDecryptedObject;
	helper?: TestCredentialsHelper;
	mode?: WorkflowExecuteMode;
}

export interface PollResult {
	items: IDataObject[] | null;
	staticData: StaticData;
}

/** Runs one poll of the trigger through n8n-core's real PollContext, static data carried in and out as JSON. */
export async function pollTrigger(options: PollOptions): Promise<PollResult> {
	const helper =
		options.helper ?? new TestCredentialsHelper(options.credentials ?? apiKeyCredentials());
	const node = makeNode(TRIGGER_TYPE, options.parameters);
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes,
		staticData: JSON.parse(
			JSON.stringify({ [`node:${node.name}`]: options.staticData ?? {} }),
		) as IDataObject,
	});
	const context = new PollContext(
		workflow,
		node,
		additionalDataFor(helper),
		options.mode ?? 'trigger',
		'activate',
	);
	const result = await nodeTypeMap[TRIGGER_TYPE].poll!.call(context);
	const staticData = JSON.parse(
		JSON.stringify((workflow.staticData as IDataObject)[`node:${node.name}`] ?? {}),
	) as StaticData;
	return { items: result ? result[0].map((item) => item.json) : null, staticData };
}

/** Runs a listSearch method through n8n-core's real LoadOptionsContext. */
export async function listSearch(
	method: string,
	parameters: IDataObject,
	filter?: string,
	credentials?: ICredentialDataDecryptedObject,
) {
	const helper = new TestCredentialsHelper(credentials ?? apiKeyCredentials());
	const node = makeNode(ACTION_TYPE, parameters);
	const workflow = new Workflow({
		id: 'wf',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	const context = new LoadOptionsContext(
		workflow,
		node,
		additionalDataFor(helper),
		'parameters.packageId',
	);
	const methods = (nodeTypeMap[ACTION_TYPE] as SmsPlatform).methods.listSearch as unknown as Record<
		string,
		(this: LoadOptionsContext, filter?: string) => Promise<unknown>
	>;
	return await methods[method].call(context, filter);
}

/** Runs a loadOptions method through n8n-core's real LoadOptionsContext. */
export async function loadOptions(
	method: string,
	parameters: IDataObject,
	credentials?: ICredentialDataDecryptedObject,
) {
	const helper = new TestCredentialsHelper(credentials ?? apiKeyCredentials());
	const node = makeNode(ACTION_TYPE, parameters);
	const workflow = new Workflow({
		id: 'wf',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	const context = new LoadOptionsContext(workflow, node, additionalDataFor(helper), 'parameters');
	const methods = (nodeTypeMap[ACTION_TYPE] as SmsPlatform).methods
		.loadOptions as unknown as Record<string, (this: LoadOptionsContext) => Promise<unknown>>;
	return await methods[method].call(context);
}

/** The error a run rejects with; fails the test when the run succeeds instead. */
export async function caught<E = NodeApiError & NodeOperationError>(
	run: () => Promise<unknown>,
): Promise<E> {
	try {
		await run();
	} catch (error) {
		return error as E;
	}
	throw new Error('expected the run to fail, but it succeeded');
}

export interface WorkflowRunOptions {
	parameters: IDataObject;
	items: IDataObject[];
	credentials?: ICredentialDataDecryptedObject;
	continueOnFail?: boolean;
	/** Runs the trigger (its manual run, as the editor's Fetch Test Event) instead of the action node. */
	trigger?: boolean;
	/** The node's Settings → On Error, when it is not what `continueOnFail` sets (e.g. `continueErrorOutput`). */
	onError?: INode['onError'];
	/** The node's Retry On Fail setting: n8n runs it up to this many times (2 to 5). */
	maxTries?: number;
	/** The execution data of a failed execution, to run it again as n8n's "Retry" does (mode `retry`). */
	retryOf?: IRunExecutionData;
}

export interface WorkflowRunResult {
	/** The node's last run: its output items, or its error. */
	output?: INodeExecutionData[];
	/** Every output of the node's last run: with "Continue (using error output)", [success, error]. */
	outputs: INodeExecutionData[][];
	error?: Error;
	/** The whole execution data, as n8n saves it (a failed one can be retried). */
	data: IRunExecutionData;
	node: INode;
}

/**
 * Runs the action node inside n8n-core's real WorkflowExecute, so that n8n's own Retry On Fail loop (and, with
 * `retryOf`, its retry of a failed execution) drive it. The node gets `items` as its input.
 */
export async function runInWorkflow(options: WorkflowRunOptions): Promise<WorkflowRunResult> {
	const helper = new TestCredentialsHelper(options.credentials ?? apiKeyCredentials());
	const node: INode = {
		...makeNode(
			options.trigger ? TRIGGER_TYPE : ACTION_TYPE,
			options.parameters,
			options.continueOnFail,
		),
		...(options.onError ? { onError: options.onError } : {}),
		...(options.maxTries
			? { retryOnFail: true, maxTries: options.maxTries, waitBetweenTries: 0 }
			: {}),
	};
	const workflow = workflowOf(node);
	const mode: WorkflowExecuteMode = options.retryOf ? 'retry' : 'manual';
	const additionalData = {
		...additionalDataFor(helper),
		hooks: new ExecutionLifecycleHooks(mode, 'test-execution', {
			id: workflow.id,
			name: 'test',
			nodes: [node],
			connections: {},
			active: false,
			isArchived: false,
			createdAt: new Date(),
			updatedAt: new Date(),
		} as unknown as IWorkflowBase),
	} as IWorkflowExecuteAdditionalData;
	const input: INodeExecutionData[] = options.items.map((json) => ({ json }));
	const data =
		options.retryOf ??
		createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node, data: { main: [input] }, source: null }],
			},
		});
	if (options.retryOf) {
		// What n8n's retry does with a failed execution: drop the error and the failed run of the node, keep the rest.
		delete data.resultData.error;
		const runs = data.resultData.runData[node.name];
		if (runs?.length && runs[runs.length - 1].error) runs.pop();
	}
	const run = await new WorkflowExecute(additionalData, mode, data).processRunExecutionData(
		workflow,
	);
	const runs = run.data.resultData.runData[node.name] ?? [];
	const task = runs[runs.length - 1];
	return {
		output: task?.data?.main?.[0] ?? undefined,
		outputs: (task?.data?.main ?? []).map((output) => output ?? []),
		error: (task?.error ?? run.data.resultData.error) as Error | undefined,
		data: run.data,
		node,
	};
}
