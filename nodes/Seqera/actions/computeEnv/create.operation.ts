import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { findOperation, type ContractOperation } from '../../contract/operations';
import { checkRequestBody, withoutReadOnlyFields } from '../../contract/requestBody';
import { workspaceIdFor } from '../../names/workspaceId';
import { requireNumericIdList } from '../../helpers/validate';
import { describeValue } from '../../text/describeValue';
import { launchLabelIds } from '../../runs/labels';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { seqeraPlatform } from '../../nodeVersions';
import { workspaceCredentialsIdFor, workspaceCredentialsLocator } from './computeEnv.descriptions';
import { asPlatformAnswerCopy } from './computeEnvExport';
import { computeEnvFromForm, DEFINE_FIELD, defineField, formLabelNames, formProperties } from './createForm';
import { credentialsForNewComputeEnv } from './newComputeEnvCredentials';

const CONFIGURATION_FIELD = 'Configuration (JSON)';

const properties: INodeProperties[] = [
	defineField,
	{
		displayName: CONFIGURATION_FIELD,
		name: 'configuration',
		type: 'json',
		displayOptions: { show: { [DEFINE_FIELD]: ['json'] } },
		default: '{}',
		required: true,
		description:
			'The compute environment as the platform takes it: {"name", "platform", "config": {"discriminator", "workDir", ...}, ' +
			'"credentialsId", ...}, or the whole request {"computeEnv": {...}, "labelIds": [...]}. The output of Compute ' +
			'Environment → Get works as it is: what the platform sets itself (ID, status, dates, primary) is left out, and from ' +
			'node version 1.2 on also empty (null) fields and what the platform made for the original (forged resources, the ' +
			"queues Forge made). Checked against the platform's API contract before sending.",
		placeholder:
			'{"name": "aws-batch-eu", "platform": "aws-batch", "config": {"discriminator": "aws-batch", "region": "eu-west-1", ' +
			'"workDir": "s3://bucket/work"}}',
	},
	workspaceLocator,
	...formProperties,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'aws-batch-eu-copy',
		description:
			"The new compute environment's name, required with the fields; with JSON it replaces the configuration's name, or is " +
			'left empty to keep it. Names are unique in a workspace.',
	},
	workspaceCredentialsLocator,
	{
		displayName: 'Label IDs',
		name: 'labelIds',
		type: 'string',
		default: '',
		placeholder: '112233445566, 998877665544',
		description:
			"Comma-separated numeric IDs of the workspace's labels to put on the compute environment; they replace the " +
			"configuration's labelIds",
	},
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Fields of what Get returns (ComputeEnvResponseDto) that the create request does not take: labels are
 * given as Label IDs (a label belongs to one workspace); the others describe resources the platform made.
 */
const GET_ONLY_FIELDS = ['labels', 'resources', 'awsAccountId', 'managedIdentityId'];

const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

let createOperation: ContractOperation | undefined;

/** `POST /compute-envs` as the contract declares it; the operation index is generated from the contract, so it is there. */
function createComputeEnvOperation(): ContractOperation {
	createOperation ??= findOperation('POST', ['compute-envs']);
	if (!createOperation?.body) throw new Error('The operation index lacks POST /compute-envs: regenerate it with npm run operation-index');
	return createOperation;
}

/** The JSON field's value: text is parsed, a value an expression built (such as a Get's output) is taken as it is. */
function configurationOf(context: IExecuteFunctions, itemIndex: number): unknown {
	const raw = context.getNodeParameter('configuration', itemIndex, '{}') as unknown;
	if (typeof raw !== 'string') return raw;
	try {
		return JSON.parse(raw) as unknown;
	} catch (error) {
		throw new NodeOperationError(context.getNode(), `${CONFIGURATION_FIELD} is not valid JSON`, {
			itemIndex,
			description:
				`${(error as Error).message} (item ${itemIndex}). Fix the JSON, or map a compute environment with an expression such ` +
				`as {{ $json }}.`,
		});
	}
}

/**
 * The request body from the configuration: the whole body when it holds `computeEnv`, else the compute
 * environment itself; without what the platform sets or only a Get returns, so a Get's output can be sent.
 */
function requestBodyOf(operation: ContractOperation, configuration: unknown, readsPlatformAnswers: boolean): IDataObject {
	const given = isObject(configuration) && 'computeEnv' in configuration ? configuration : { computeEnv: configuration };
	const body = withoutReadOnlyFields(operation.body?.schema ?? {}, given) as IDataObject;
	if (isObject(body.computeEnv)) {
		const computeEnv: IDataObject = Object.fromEntries(
			Object.entries(body.computeEnv).filter(([field]) => !GET_ONLY_FIELDS.includes(field)),
		);
		body.computeEnv = readsPlatformAnswers ? asPlatformAnswerCopy(computeEnv) : computeEnv;
	}
	return body;
}

const nameOf = (context: IExecuteFunctions, itemIndex: number): string =>
	String(context.getNodeParameter('name', itemIndex, '') ?? '').trim();

/** The fields beside the JSON replace what it says. */
function applyOverrides(context: IExecuteFunctions, itemIndex: number, body: IDataObject): void {
	const node = context.getNode();
	const computeEnv = body.computeEnv;
	const name = nameOf(context, itemIndex);
	const credentials = workspaceCredentialsIdFor(context, itemIndex);
	if (isObject(computeEnv) && name !== '') computeEnv.name = name;
	if (isObject(computeEnv) && credentials !== undefined) computeEnv.credentialsId = credentials;
	const labelIds = requireNumericIdList(node, itemIndex, context.getNodeParameter('labelIds', itemIndex, ''), 'Label IDs');
	if (labelIds.length > 0) body.labelIds = labelIds;
}

/** The platform picks the configuration's kind by its discriminator: one that names another platform is a mistake. */
function requireMatchingPlatform(context: IExecuteFunctions, itemIndex: number, operation: ContractOperation, body: IDataObject): void {
	const computeEnv = body.computeEnv as IDataObject;
	const discriminator = (computeEnv.config as IDataObject).discriminator;
	if (discriminator === computeEnv.platform) return;
	throw new NodeOperationError(
		context.getNode(),
		`${CONFIGURATION_FIELD} does not match what ${operation.method} ${operation.path} takes`,
		{
			itemIndex,
			description:
				`computeEnv.config.discriminator: "${describeValue(discriminator)}", but computeEnv.platform is ` +
				`"${describeValue(computeEnv.platform)}"; give both the same platform.\nFix this in ${CONFIGURATION_FIELD} (item ` +
				`${itemIndex}). Nothing was sent.`,
		},
	);
}

/**
 * Creates a compute environment from a JSON configuration or the form, checked against the contract before anything
 * is sent; the form takes the workspace's only credentials for the platform where none are chosen, as tw does. The
 * platform answers with the new ID; the compute environment may still be CREATING then.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const operation = createComputeEnvOperation();
		const fromForm = this.getNodeParameter(DEFINE_FIELD, itemIndex, 'json') === 'form';
		const body = fromForm
			? { computeEnv: computeEnvFromForm(this, itemIndex, nameOf(this, itemIndex)) }
			: requestBodyOf(operation, configurationOf(this, itemIndex), seqeraPlatform.brings(this, 'computeEnvFromGetOutput'));
		applyOverrides(this, itemIndex, body);
		checkRequestBody(this.getNode(), itemIndex, operation, body, CONFIGURATION_FIELD);
		requireMatchingPlatform(this, itemIndex, operation, body);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const computeEnv = body.computeEnv as IDataObject;
		if (fromForm) {
			const chosen = computeEnv.credentialsId as string | undefined;
			const credentialsId = await credentialsForNewComputeEnv(this, itemIndex, workspaceId, String(computeEnv.platform), chosen);
			if (credentialsId !== undefined) computeEnv.credentialsId = credentialsId;
			const namedLabelIds = await launchLabelIds(this, itemIndex, workspaceId, formLabelNames(this, itemIndex));
			const labelIds = [...new Set([...((body.labelIds as number[] | undefined) ?? []), ...namedLabelIds])];
			if (labelIds.length > 0) body.labelIds = labelIds;
		}
		const response = await apiRequest<{ computeEnvId?: string }>(this, {
			method: 'POST',
			path: ['compute-envs'],
			query: { workspaceId },
			body,
			itemIndex,
		});
		return { computeEnvId: response.computeEnvId, name: computeEnv.name, platform: computeEnv.platform };
	});
}
