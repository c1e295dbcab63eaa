import type { INodeProperties } from 'n8n-workflow';

import { labelNamesField } from '../../fields/labelFields';

/** The launch settings a Launchpad pipeline saves, as tower-cli's `pipelines add` and `pipelines update` take them. */
export const pipelineSettingsField: INodeProperties = {
	displayName: 'Pipeline Settings',
	name: 'pipelineSettings',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	options: [
		{
			displayName: 'Commit ID',
			name: 'commitId',
			type: 'string',
			default: '',
			placeholder: '3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e',
			description: 'The Git commit to run, pinned within the revision',
		},
		{
			displayName: 'Config Profiles',
			name: 'configProfiles',
			type: 'string',
			default: '',
			placeholder: 'docker, test',
			description: 'Nextflow configuration profiles, separated by commas',
		},
		{
			displayName: 'Entry Name',
			name: 'entryName',
			type: 'string',
			default: '',
			description: 'The workflow of the main script to run',
		},
		{
			displayName: 'Label IDs',
			name: 'labelIds',
			type: 'string',
			default: '',
			placeholder: '70218431907355, 88102211734567',
			description: 'Labels of the workspace, by ID, separated by commas',
		},
		{ displayName: 'Main Script', name: 'mainScript', type: 'string', default: '', placeholder: 'main.nf' },
		{ displayName: 'Nextflow Config', name: 'configText', type: 'string', typeOptions: { rows: 4 }, default: '' },
		{
			displayName: 'Pipeline Parameters',
			name: 'paramsText',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: 'JSON or YAML, checked before sending',
		},
		{
			displayName: 'Pipeline Schema ID',
			name: 'pipelineSchemaId',
			type: 'string',
			default: '',
			placeholder: '138659136604200',
			description: "The workspace's pipeline schema the launch form uses, by ID, as Pipeline → Create Schema outputs it",
		},
		{
			displayName: 'Post-Run Script',
			name: 'postRunScript',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: "Bash run after the pipeline ends; empty takes the compute environment's",
		},
		{
			displayName: 'Pre-Run Script',
			name: 'preRunScript',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: "Bash run before the pipeline starts; empty takes the compute environment's",
		},
		{
			displayName: 'Pull Latest',
			name: 'pullLatest',
			type: 'boolean',
			default: false,
			description: 'Whether to pull the latest revision of the repository before each launch',
		},
		{
			displayName: 'Revision',
			name: 'revision',
			type: 'string',
			default: '',
			placeholder: 'main or 3.14.0',
			description: 'A branch or tag of the repository',
		},
		{ displayName: 'Schema Name', name: 'schemaName', type: 'string', default: '', placeholder: 'nextflow_schema.json' },
		{
			displayName: 'Stub Run',
			name: 'stubRun',
			type: 'boolean',
			default: false,
			description: 'Whether launches run the stubs of the processes instead of their scripts',
		},
		{
			displayName: 'User Secret Names',
			name: 'userSecretNames',
			// Names of secrets, not their values: nothing to hide.
			// eslint-disable-next-line n8n-nodes-base/node-param-type-options-password-missing
			type: 'string',
			default: '',
			description: 'Comma-separated names of your own secrets to make available to the runs',
		},
		{
			displayName: 'Work Directory',
			name: 'workDir',
			type: 'string',
			default: '',
			placeholder: 's3://bucket/work',
			description: "Empty takes the compute environment's",
		},
		{
			displayName: 'Workspace Secret Names',
			name: 'workspaceSecretNames',
			// Names of secrets, not their values: nothing to hide.
			// eslint-disable-next-line n8n-nodes-base/node-param-type-options-password-missing
			type: 'string',
			default: '',
			description: 'Comma-separated names of workspace secrets to make available to the runs',
		},
	],
};

/** Pipeline → Create's settings: those of Update, and labels by name, as tower-cli's `pipelines add --labels` takes them. */
export const createPipelineSettingsField: INodeProperties = {
	...pipelineSettingsField,
	options: (pipelineSettingsField.options as INodeProperties[]).flatMap((setting) =>
		setting.name === 'labelIds' ? [setting, labelNamesField('the pipeline')] : [setting],
	),
};
