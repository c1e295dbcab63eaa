import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { findOperation } from '../../contract/operations';
import { checkRequestBody } from '../../contract/requestBody';
import { workspaceLocator } from '../../fields/sharedLocators';
import { requireStringId, requireText } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { workspaceIdFor } from '../../names/workspaceId';
import { launchLabelIds } from '../../runs/labels';
import { apiRequest } from '../../transport';
import { workspaceCredentialsLocator } from './computeEnv.descriptions';
import { importedComputeEnv } from './computeEnvExport';

const EXPORT_FIELD = 'Compute Environment Export';
const BINARY_FIELD = 'Input Binary Field';
const CREDENTIALS_FIELD = 'Workspace Credentials';

/** Seqera Compute brings its own cloud account; every other platform runs with credentials of the workspace. */
const WITHOUT_CREDENTIALS = new Set(['seqeracompute-platform']);

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'aws-batch-eu',
		description: 'The name of the new compute environment, unique in the workspace',
	},
	{
		displayName: 'Export From',
		name: 'exportSource',
		type: 'options',
		default: 'json',
		options: [
			{ name: 'JSON', value: 'json', description: 'The JSON of a Compute Environment → Export item, or of a tower-cli export file' },
			{ name: 'Binary File', value: 'binary', description: 'A JSON file tower-cli or Compute Environment → Export wrote' },
		],
	},
	{
		displayName: EXPORT_FIELD,
		name: 'exportJson',
		type: 'json',
		default: '',
		required: true,
		displayOptions: { show: { exportSource: ['json'] } },
		hint: 'Map the input item with {{ JSON.stringify($json) }} to import what Compute Environment → Export output',
	},
	{
		displayName: BINARY_FIELD,
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { exportSource: ['binary'] } },
		hint: 'The name of the input binary field holding the export file',
	},
	{ ...workspaceLocator, description: 'The workspace the compute environment is added to' },
	{
		...workspaceCredentialsLocator,
		description:
			"Credentials of the workspace for the compute environment's cloud or cluster; needed by every platform but Seqera " +
			'Compute. Credentials belong to one workspace, so an export does not carry them.',
	},
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['import'] } };

export const description = updateDisplayOptions(displayOptions, properties);

async function exportDocument(context: IExecuteFunctions, itemIndex: number): Promise<unknown> {
	if (context.getNodeParameter('exportSource', itemIndex) === 'json') return context.getNodeParameter('exportJson', itemIndex, '');
	const node = context.getNode();
	const binaryPropertyName = requireText(node, itemIndex, BINARY_FIELD, context.getNodeParameter('binaryPropertyName', itemIndex));
	context.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	return (await context.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName)).toString('utf8');
}

/** The chosen credentials' ID, checked; one is needed where the platform runs with the workspace's credentials. */
function credentialsFor(context: IExecuteFunctions, itemIndex: number, platform: string): string | undefined {
	const chosen = String(context.getNodeParameter('credentialsId', itemIndex, '', { extractValue: true }) ?? '').trim();
	if (chosen !== '') return requireStringId(context.getNode(), itemIndex, chosen, CREDENTIALS_FIELD);
	if (WITHOUT_CREDENTIALS.has(platform)) return undefined;
	throw new NodeOperationError(context.getNode(), `${CREDENTIALS_FIELD} is empty`, {
		itemIndex,
		description: `A ${platform} compute environment runs with credentials of the workspace: choose them (item ${itemIndex}).`,
	});
}

/**
 * Adds a compute environment from an export as tower-cli's `compute-envs import` does: the export's configuration under
 * the new name, with the chosen credentials, and the export's labels (by name and value) found in the workspace or created
 * there. With Export it copies a compute environment between workspaces.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const name = requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex));
		const field = this.getNodeParameter('exportSource', itemIndex) === 'json' ? EXPORT_FIELD : BINARY_FIELD;
		const { platform, config, labels } = importedComputeEnv(this, itemIndex, await exportDocument(this, itemIndex), field);
		const credentialsId = credentialsFor(this, itemIndex, platform);
		const computeEnv: IDataObject = { name, platform, config, ...(credentialsId === undefined ? {} : { credentialsId }) };
		const operation = findOperation('POST', ['compute-envs'])!;
		checkRequestBody(node, itemIndex, operation, { computeEnv }, field);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const labelIds = await launchLabelIds(this, itemIndex, workspaceId, labels);
		const body: IDataObject = { computeEnv, ...(labelIds.length > 0 ? { labelIds } : {}) };
		const response = await apiRequest<{ computeEnvId?: string }>(this, {
			method: 'POST',
			path: ['compute-envs'],
			query: { workspaceId },
			body,
			itemIndex,
		});
		return { computeEnvId: response.computeEnvId, name, platform, labelIds };
	});
}
