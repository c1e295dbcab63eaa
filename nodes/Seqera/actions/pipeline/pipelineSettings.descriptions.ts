import type { INodeProperties } from 'n8n-workflow';

/** The launch settings a Launchpad pipeline saves, as tower-cli's `pipelines add` and `pipelines update` take them. */
export const pipelineSettingsField: INodeProperties = {
	displayName: 'Pipeline Settings',
	name: 'pipelineSettings',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	options: [
		{ displayName: 'Config Profiles', name: 'configProfiles', type: 'string', default: '', placeholder: 'docker, test', description: 'Nextflow configuration profiles, separated by commas' },
		{ displayName: 'Entry Name', name: 'entryName', type: 'string', default: '', description: 'The workflow of the main script to run' },
		{ displayName: 'Label IDs', name: 'labelIds', type: 'string', default: '', placeholder: '70218431907355, 88102211734567', description: 'Labels of the workspace, by ID, separated by commas' },
		{ displayName: 'Main Script', name: 'mainScript', type: 'string', default: '', placeholder: 'main.nf' },
		{ displayName: 'Nextflow Config', name: 'configText', type: 'string', typeOptions: { rows: 4 }, default: '' },
		{ displayName: 'Pipeline Parameters', name: 'paramsText', type: 'string', typeOptions: { rows: 4 }, default: '', description: 'JSON or YAML, checked before sending' },
		{ displayName: 'Post-Run Script', name: 'postRunScript', type: 'string', typeOptions: { rows: 4 }, default: '', description: "Bash run after the pipeline ends; empty takes the compute environment's" },
		{ displayName: 'Pre-Run Script', name: 'preRunScript', type: 'string', typeOptions: { rows: 4 }, default: '', description: "Bash run before the pipeline starts; empty takes the compute environment's" },
		{ displayName: 'Pull Latest', name: 'pullLatest', type: 'boolean', default: false, description: 'Whether to pull the latest revision of the repository before each launch' },
		{ displayName: 'Revision', name: 'revision', type: 'string', default: '', placeholder: 'main or 3.14.0', description: 'A branch or tag of the repository' },
		{ displayName: 'Schema Name', name: 'schemaName', type: 'string', default: '', placeholder: 'nextflow_schema.json' },
		{ displayName: 'Stub Run', name: 'stubRun', type: 'boolean', default: false, description: 'Whether launches run the stubs of the processes instead of their scripts' },
		{ displayName: 'Work Directory', name: 'workDir', type: 'string', default: '', placeholder: 's3://bucket/work', description: "Empty takes the compute environment's" },
	],
};
