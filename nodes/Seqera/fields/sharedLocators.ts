import type { INodeProperties } from 'n8n-workflow';

import { PIPELINE_VERSION_FIELD } from './fieldNames';
import { byId, byName, byUrl, fromList, locator } from './locatorBuilders';

/** The locators that many resources (and the trigger) share. */

export const workspaceLocator: INodeProperties = locator(
	{
		displayName: 'Workspace',
		name: 'workspace',
		description: "Leave empty to use the credential's default workspace, or your personal workspace when the credential has none",
	},
	[
		fromList('searchWorkspaces'),
		byName({ placeholder: 'acme/genomics', hint: 'Organization and workspace names joined by /, each exact, case included' }),
		byId({ placeholder: '138659136604200', check: { kind: 'numeric', errorMessage: 'A workspace ID is a number' } }),
	],
);

export const runLocator: INodeProperties = locator(
	{ displayName: 'Run', name: 'workflowId', required: true, description: 'The pipeline run' },
	[
		fromList('searchRuns'),
		byId({ placeholder: '4Bx1Hmn3fXk2Qp', check: { kind: 'run', errorMessage: 'A run ID has only letters and digits' } }),
		byUrl({
			segment: 'watch',
			kind: 'run',
			placeholder: 'https://cloud.seqera.io/orgs/acme/workspaces/genomics/watch/4Bx1Hmn3fXk2Qp',
			errorMessage: 'Paste the URL of a run page (it contains /watch/)',
		}),
	],
);

export const pipelineLocator: INodeProperties = locator(
	{
		displayName: 'Launchpad Pipeline',
		name: 'pipelineId',
		required: true,
		description: 'A pipeline saved in the workspace Launchpad; its saved launch settings are used',
	},
	[
		fromList('searchPipelines'),
		byName({ placeholder: 'nf-core-rnaseq' }),
		byId({ placeholder: '72618912534712', check: { kind: 'numeric', errorMessage: 'A pipeline ID is a number' } }),
	],
);

export const computeEnvLocator: INodeProperties = locator(
	{
		displayName: 'Compute Environment',
		name: 'computeEnvId',
		description: "Leave empty to use the workspace's primary compute environment",
	},
	[
		fromList('searchComputeEnvs'),
		byName({ placeholder: 'aws-batch-genomics' }),
		byId({
			placeholder: '4Xg5nI8pbEXNf3GbDvxoGm',
			check: { kind: 'string', errorMessage: 'A compute environment ID has only letters, digits, - and _' },
		}),
	],
);

/**
 * A version of the Launchpad Pipeline field's pipeline: from its list, by the exact name of a published version, or by ID (a draft too).
 */
export const pipelineVersionLocator: INodeProperties = {
	...locator({ displayName: 'Version', name: PIPELINE_VERSION_FIELD }, [
		fromList('searchPipelineVersions'),
		byName({ placeholder: 'hello-2', hint: 'The exact name of a published version, case included' }),
		byId({
			placeholder: '7TnlaOKANkiDIdDqOO2kCs',
			check: { kind: 'string', errorMessage: 'A version ID has only letters, digits, - and _' },
		}),
	]),
	typeOptions: { loadOptionsDependsOn: ['pipelineId.value', 'workspace.value'] },
};

export const labelLocator: INodeProperties = locator({ displayName: 'Label', name: 'label' }, [
	fromList('searchLabels'),
	byName({
		placeholder: 'production',
		hint: 'The exact name, case included; several names separated by commas, or an expression giving an array',
	}),
	byId({ placeholder: '70218431907355', hint: 'Several IDs separated by commas, or an expression giving an array' }),
]);

export const datasetLocator: INodeProperties = locator({ displayName: 'Dataset', name: 'datasetId', required: true }, [
	fromList('searchDatasets'),
	byId({
		placeholder: '3HOUi3uX6ak8NJUPpYe8sx',
		check: { kind: 'string', errorMessage: 'A dataset ID has only letters, digits, - and _' },
	}),
	byUrl({
		segment: 'datasets',
		kind: 'string',
		placeholder: 'https://cloud.seqera.io/orgs/acme/workspaces/genomics/datasets/3HOUi3uX6ak8NJUPpYe8sx',
		errorMessage: 'Paste the URL of a dataset page (it contains /datasets/)',
	}),
]);

export const actionLocator: INodeProperties = locator(
	{
		displayName: 'Action',
		name: 'actionId',
		required: true,
		description: 'A pipeline action of the workspace that is triggered by API calls (a "Tower launch hook" action)',
	},
	[
		fromList('searchActions'),
		byId({ placeholder: '4jV7xYp2Bq9TmN', check: { kind: 'string', errorMessage: 'An action ID has only letters, digits, - and _' } }),
	],
);
