import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../helpers/parameters';
import { requireText } from '../../helpers/validate';
import { launchpadRequest, launchSettingsField, repositoryLaunchSettingsField, sendLaunch } from '../../runs/launch';
import { waitFields } from '../../runs/wait';
import { connectionOf } from '../../transport/connection';
import { computeEnvLocator, pipelineLocator, workspaceLocator } from '../common.descriptions';
import { forEachItem } from '../perItem';

const properties: INodeProperties[] = [
	{
		displayName: 'Pipeline Source',
		name: 'source',
		type: 'options',
		default: 'repository',
		options: [
			{ name: 'Repository URL', value: 'repository', description: 'Any Nextflow pipeline repository' },
			{
				name: 'Launchpad Pipeline',
				value: 'launchpad',
				description: 'A pipeline saved in the workspace, with its saved settings',
			},
		],
	},
	{
		displayName: 'Pipeline Repository',
		name: 'pipeline',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://github.com/nf-core/rnaseq',
		displayOptions: { show: { source: ['repository'] } },
	},
	{ ...pipelineLocator, displayOptions: { show: { source: ['launchpad'] } } },
	workspaceLocator,
	computeEnvLocator,
	{ ...repositoryLaunchSettingsField, displayOptions: { show: { source: ['repository'] } } },
	{ ...launchSettingsField, displayOptions: { show: { source: ['launchpad'] } } },
	...waitFields(),
];

const displayOptions = { show: { resource: ['workflow'], operation: ['launch'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Launches are sent once: a launch that may have reached the platform is never repeated. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const workspaceId = workspaceIdFor(this, itemIndex, connection);
		const source = this.getNodeParameter('source', itemIndex) as 'repository' | 'launchpad';

		const request: IDataObject =
			source === 'launchpad'
				? await launchpadRequest(this, itemIndex, workspaceId)
				: { pipeline: requireText(node, itemIndex, 'Pipeline Repository', this.getNodeParameter('pipeline', itemIndex)) };
		return await sendLaunch(this, itemIndex, workspaceId, request);
	});
}
