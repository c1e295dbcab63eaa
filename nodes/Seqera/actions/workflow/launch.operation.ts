import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { requireText } from '../../helpers/validate';
import { launchpadLaunch, sendLaunch } from '../../runs/launch';
import { PipelineSchemas } from '../../runs/launchParameters';
import { waitFields } from '../../fields/waitFields';
import { computeEnvLocator, pipelineLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { holdIfAsked } from '../../waits/holdWait';
import { datasetInputsField, pipelineParametersField, pipelineVersionField } from '../pipeline/launch.descriptions';
import { launchSettingsField, repositoryLaunchSettingsField } from './launch.descriptions';

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
	{ ...pipelineVersionField, displayOptions: { show: { source: ['launchpad'], ...pipelineVersionField.displayOptions?.show } } },
	workspaceLocator,
	computeEnvLocator,
	{ ...pipelineParametersField, displayOptions: { show: { source: ['launchpad'] } } },
	{ ...datasetInputsField, displayOptions: { show: { source: ['launchpad'] } } },
	{ ...repositoryLaunchSettingsField, displayOptions: { show: { source: ['repository'] } } },
	{ ...launchSettingsField, displayOptions: { show: { source: ['launchpad'] } } },
	...waitFields({ heldByN8n: true }),
];

const displayOptions = { show: { resource: ['workflow'], operation: ['launch'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Launches are sent once: a launch that may have reached the platform is never repeated. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const schemas = new PipelineSchemas(this);
	const launched = await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const source = this.getNodeParameter('source', itemIndex) as 'repository' | 'launchpad';
		if (source === 'launchpad') {
			const launchpad = await launchpadLaunch(this, itemIndex, workspaceId, schemas);
			return await sendLaunch(this, itemIndex, workspaceId, launchpad.request, launchpad);
		}
		const pipeline = requireText(node, itemIndex, 'Pipeline Repository', this.getNodeParameter('pipeline', itemIndex));
		return await sendLaunch(this, itemIndex, workspaceId, { pipeline }, 'repository');
	});
	return await holdIfAsked(this, launched);
}
