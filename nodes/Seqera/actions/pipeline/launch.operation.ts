import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { launchpadLaunch, sendLaunch } from '../../runs/launch';
import { PipelineSchemas } from '../../runs/launchParameters';
import { waitFields } from '../../fields/waitFields';
import { computeEnvLocator, pipelineLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { holdIfAsked } from '../../waits/holdWait';
import { launchSettingsField } from '../workflow/launch.descriptions';
import { datasetInputsField, pipelineParametersField, pipelineVersionField } from './launch.descriptions';

const properties: INodeProperties[] = [
	pipelineLocator,
	pipelineVersionField,
	workspaceLocator,
	{ ...computeEnvLocator, description: 'Leave empty to use the compute environment saved with the pipeline' },
	pipelineParametersField,
	datasetInputsField,
	{ ...launchSettingsField, description: "Settings left empty keep the pipeline's saved values" },
	...waitFields({ heldByN8n: true }),
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['launch'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Launches a Launchpad pipeline with its saved settings, as the web app's Launch button does; sent once. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const schemas = new PipelineSchemas(this);
	const launched = await forEachItem(this, async (itemIndex) => {
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const launchpad = await launchpadLaunch(this, itemIndex, workspaceId, schemas);
		return {
			...(await sendLaunch(this, itemIndex, workspaceId, launchpad.request, launchpad)),
			pipelineId: Number(launchpad.pipelineId),
		};
	});
	return await holdIfAsked(this, launched);
}
