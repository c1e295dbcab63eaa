import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idCharactersSource, wholeIdSource } from '../helpers/idPatterns';
import { requireText } from '../helpers/validate';

export const workspaceLocator: INodeProperties = {
	displayName: 'Workspace',
	name: 'workspace',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description:
		"Leave empty to use the credential's default workspace, or your personal workspace when the credential has none",
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchWorkspaces', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '138659136604200',
			validation: [
				{
					type: 'regex',
					properties: { regex: wholeIdSource('numeric'), errorMessage: 'A workspace ID is a number' },
				},
			],
		},
	],
};

export const runLocator: INodeProperties = {
	displayName: 'Run',
	name: 'workflowId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The pipeline run',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchRuns', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '4Bx1Hmn3fXk2Qp',
			validation: [
				{
					type: 'regex',
					properties: { regex: wholeIdSource('run'), errorMessage: 'A run ID has only letters and digits' },
				},
			],
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'https://cloud.seqera.io/orgs/acme/workspaces/genomics/watch/4Bx1Hmn3fXk2Qp',
			extractValue: { type: 'regex', regex: `/watch/(${idCharactersSource('run')})` },
			validation: [
				{
					type: 'regex',
					properties: { regex: `.*/watch/${idCharactersSource('run')}.*`, errorMessage: 'Paste the URL of a run page (it contains /watch/)' },
				},
			],
		},
	],
};

export const pipelineLocator: INodeProperties = {
	displayName: 'Launchpad Pipeline',
	name: 'pipelineId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A pipeline saved in the workspace Launchpad; its saved launch settings are used',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchPipelines', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '72618912534712',
			validation: [
				{ type: 'regex', properties: { regex: wholeIdSource('numeric'), errorMessage: 'A pipeline ID is a number' } },
			],
		},
	],
};

export const computeEnvLocator: INodeProperties = {
	displayName: 'Compute Environment',
	name: 'computeEnvId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description: "Leave empty to use the workspace's primary compute environment",
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchComputeEnvs', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '4Xg5nI8pbEXNf3GbDvxoGm',
			validation: [
				{
					type: 'regex',
					properties: { regex: wholeIdSource('string'), errorMessage: 'A compute environment ID has only letters, digits, - and _' },
				},
			],
		},
	],
};

/** Return All and Limit, as every n8n list operation has them. */
export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { returnAll: [false] } },
			description: 'Max number of results to return',
		},
	];
}

export const labelLocator: INodeProperties = {
	displayName: 'Label',
	name: 'label',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchLabels', searchable: true },
		},
		{
			displayName: 'By Name',
			name: 'name',
			type: 'string',
			placeholder: 'production',
			hint: 'The exact name, case included; several names separated by commas, or an expression giving an array',
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '70218431907355',
			hint: 'Several IDs separated by commas, or an expression giving an array',
		},
	],
};

export const datasetLocator: INodeProperties = {
	displayName: 'Dataset',
	name: 'datasetId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchDatasets', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '3HOUi3uX6ak8NJUPpYe8sx',
			validation: [
				{ type: 'regex', properties: { regex: wholeIdSource('string'), errorMessage: 'A dataset ID has only letters, digits, - and _' } },
			],
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'https://cloud.seqera.io/orgs/acme/workspaces/genomics/datasets/3HOUi3uX6ak8NJUPpYe8sx',
			extractValue: { type: 'regex', regex: `/datasets/(${idCharactersSource('string')})` },
			validation: [
				{
					type: 'regex',
					properties: { regex: `.*/datasets/${idCharactersSource('string')}.*`, errorMessage: 'Paste the URL of a dataset page (it contains /datasets/)' },
				},
			],
		},
	],
};

export const actionLocator: INodeProperties = {
	displayName: 'Action',
	name: 'actionId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A pipeline action of the workspace that is triggered by API calls (a "Tower launch hook" action)',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchActions', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '4jV7xYp2Bq9TmN',
			validation: [
				{ type: 'regex', properties: { regex: wholeIdSource('string'), errorMessage: 'An action ID has only letters, digits, - and _' } },
			],
		},
	],
};

const OUTPUT_FILE_FIELD = 'Put Output File in Field';

/** Where a download puts its file in the output item, as n8n's own download operations name it. */
export const outputFileField: INodeProperties = {
	displayName: OUTPUT_FILE_FIELD,
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the output binary field to put the file in',
};

/** The binary field named in Put Output File in Field; empty fails the item, naming the field. */
export function outputFileFieldName(context: IExecuteFunctions, itemIndex: number): string {
	return requireText(context.getNode(), itemIndex, OUTPUT_FILE_FIELD, context.getNodeParameter('binaryPropertyName', itemIndex));
}
