import type { INodeProperties } from 'n8n-workflow';

import { pipelineLocator, pipelineVersionLocator, workspaceLocator } from '../../fields/sharedLocators';

/** The pipeline whose versions an operation reads or changes, and its workspace. */
export const pipelineFields: INodeProperties[] = [
	{ ...pipelineLocator, description: 'The Launchpad pipeline whose versions these are' },
	workspaceLocator,
];

/** The version an operation reads or changes: from the list, by the exact name of a published version, or by ID (a draft too). */
export const versionField: INodeProperties = {
	...pipelineVersionLocator,
	required: true,
	description: 'A version of the pipeline; a draft has no name, so only its ID picks it',
};
