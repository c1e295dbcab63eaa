import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { requireText } from '../../helpers/validate';
import { launchLabelIds } from '../../runs/labels';
import { describeValue } from '../../text/describeValue';
import { apiRequest } from '../../transport';
import { computeEnvLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { seqeraPlatform } from '../../nodeVersions';
import { computeEnvDefaults, computeEnvIdToUse } from '../../runs/computeEnv';
import { createPipelineSettingsField } from './pipelineSettings.descriptions';
import { chosenComputeEnvId, pipelineSettingsOf } from './pipelineSettings';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'nf-core-rnaseq',
		description: 'Unique in the workspace',
	},
	{
		displayName: 'Repository URL',
		name: 'pipeline',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://github.com/nf-core/rnaseq',
	},
	workspaceLocator,
	computeEnvLocator,
	{ displayName: 'Description', name: 'description', type: 'string', default: '' },
	{
		displayName: 'Version Name',
		name: 'versionName',
		type: 'string',
		default: '',
		placeholder: 'v1.0',
		description: "The name of the pipeline's first version; empty lets the platform name it",
	},
	createPipelineSettingsField,
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The platform's rule for a version name, as its refusal of another states it. */
const VERSION_NAME = /^[a-zA-Z\d][-._a-zA-Z\d]{1,108}$/;

function versionNameOf(context: IExecuteFunctions, itemIndex: number): string | undefined {
	const versionName = String(context.getNodeParameter('versionName', itemIndex, '') ?? '').trim();
	if (versionName === '') return undefined;
	if (!VERSION_NAME.test(versionName)) {
		throw new NodeOperationError(context.getNode(), `Version Name "${describeValue(versionName)}" is not a valid version name`, {
			itemIndex,
			description:
				`A version name starts with a letter or digit, then 1 to 108 letters, digits, "-", "." or "_", such as v1.0 ` +
				`(item ${itemIndex}).`,
		});
	}
	return versionName;
}

/**
 * The labels to put on the pipeline: Label IDs, and those Labels names, found (or created where the workspace lacks them)
 * as tower-cli's `pipelines add --labels` does. Sent with the pipeline, so it is never made without them.
 */
async function labelIdsOf(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	givenIds: number[] | undefined,
	names: string[],
): Promise<number[] | undefined> {
	if (names.length === 0) return givenIds;
	const named = await launchLabelIds(context, itemIndex, workspaceId, names);
	return [...new Set([...(givenIds ?? []), ...named])];
}

/**
 * Adds a pipeline to the Launchpad as tower-cli's `pipelines add` does: without a compute environment it
 * takes the workspace's primary one, and the work directory and scripts not given come from it. Where the
 * workspace has no primary one, version 1.3 goes ahead without a compute environment, as tower-cli does;
 * earlier versions fail the item.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const versionName = versionNameOf(this, itemIndex);
		const { launch, labelIds: givenLabelIds, labelNames } = pipelineSettingsOf(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const name = requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex));
		const pipeline = requireText(node, itemIndex, 'Repository URL', this.getNodeParameter('pipeline', itemIndex));
		const chosen = await chosenComputeEnvId(this, itemIndex);
		const withoutPrimary = seqeraPlatform.brings(this, 'pipelinesWithoutComputeEnv') ? 'goWithout' : 'failItem';
		const computeEnvId = await computeEnvIdToUse(this, itemIndex, workspaceId, { chosen }, withoutPrimary);
		// tower-cli's pipelines add takes the environment's work directory and scripts, not its Nextflow config.
		const { workDir, preRunScript, postRunScript } =
			computeEnvId === undefined ? {} : await computeEnvDefaults(this, itemIndex, computeEnvId, workspaceId);
		const fromComputeEnv = { workDir, preRunScript, postRunScript };
		const text = this.getNodeParameter('description', itemIndex, '') as string;
		const labelIds = await labelIdsOf(this, itemIndex, workspaceId, givenLabelIds, labelNames);
		const body: IDataObject = {
			name,
			...(text !== '' ? { description: text } : {}),
			...(versionName !== undefined ? { version: { name: versionName } } : {}),
			...(labelIds ? { labelIds } : {}),
			launch: { computeEnvId, pipeline, ...fromComputeEnv, resume: false, pullLatest: false, stubRun: false, ...launch },
		};
		const response = await apiRequest<{ pipeline?: IDataObject }>(this, {
			method: 'POST',
			path: ['pipelines'],
			query: { workspaceId },
			body,
			itemIndex,
		});
		return response.pipeline ?? {};
	});
}
