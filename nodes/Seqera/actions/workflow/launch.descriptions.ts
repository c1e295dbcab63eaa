import type { INodeProperties } from 'n8n-workflow';

import {
	EVENTS_DESTINATION_SETTING,
	EVENTS_TO_URL,
	EVENTS_TO_WORKFLOW,
	EVENTS_URL_FIELD,
	EVENTS_WORKFLOW_FIELD,
	LAUNCH_SETTINGS_FIELD,
} from '../../fields/fieldNames';
import { seqeraPlatform } from '../../nodeVersions';

// Config Profiles: typed text in version 1, picked from a list the platform fills from 1.1 on.
const TYPED_PROFILES: INodeProperties['displayOptions'] = {
	show: { '@version': [seqeraPlatform.beforeVersionOf('configProfilesFromList')] },
};
const LISTED_PROFILES: INodeProperties['displayOptions'] = {
	show: { '@version': [seqeraPlatform.fromVersionOf('configProfilesFromList')] },
};
// Settings tower-cli's launch has (LaunchCmd.java).
const TOWER_CLI_SETTING: INodeProperties['displayOptions'] = {
	show: { '@version': [seqeraPlatform.fromVersionOf('towerCliLaunchSettings')] },
};

/**
 * Settings whose values a launch from a repository picks from lists the platform fills. Revision was
 * text before it became a locator within version 1, so a version 1 node may hold either: n8n's
 * editor shows a plain text value in the locator's input, and execution reads both. Config Profiles
 * was comma-separated text; a list cannot show that text, so version 1 keeps the text field, which
 * shows both that text and a list picked with the last release (as comma-separated names).
 */
const REPOSITORY_LISTS: Record<string, (typed: INodeProperties) => INodeProperties[]> = {
	revision: () => [
		{
			displayName: 'Revision',
			name: 'revision',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			description: 'A branch or tag of the repository',
			typeOptions: { loadOptionsDependsOn: ['/pipeline'] },
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					typeOptions: { searchListMethod: 'searchRevisions', searchable: true },
				},
				{ displayName: 'Name', name: 'name', type: 'string', placeholder: 'main or 3.14.0' },
			],
		},
	],
	configProfiles: (typed) => [
		{ ...typed, displayOptions: TYPED_PROFILES },
		{
			// The name the web app's launch form uses
			// eslint-disable-next-line n8n-nodes-base/node-param-display-name-wrong-for-dynamic-multi-options
			displayName: 'Config Profiles',
			name: 'configProfiles',
			type: 'multiOptions',
			default: [],
			// The list is filled from the repository
			// eslint-disable-next-line n8n-nodes-base/node-param-description-wrong-for-dynamic-multi-options
			description:
				'Nextflow configuration profiles defined by the repository; an expression may give a list or comma-separated names',
			typeOptions: { loadOptionsMethod: 'getConfigProfiles', loadOptionsDependsOn: ['/pipeline'] },
			displayOptions: LISTED_PROFILES,
		},
	],
};

/** The launch settings Launch and Relaunch both offer; on Relaunch each one overrides the original run's. */
export const launchSettingsField: INodeProperties = {
	displayName: 'Launch Settings',
	name: LAUNCH_SETTINGS_FIELD,
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
			displayOptions: TOWER_CLI_SETTING,
		},
		{
			displayName: 'Config Profiles',
			name: 'configProfiles',
			type: 'string',
			default: '',
			placeholder: 'docker, test',
			description: 'Comma-separated Nextflow configuration profiles',
		},
		{
			displayName: 'Disable Optimization',
			name: 'disableOptimization',
			type: 'boolean',
			default: false,
			description: 'Whether to launch without the resource optimization saved with the pipeline',
			displayOptions: TOWER_CLI_SETTING,
		},
		{
			displayName: 'Entry Name',
			name: 'entryName',
			type: 'string',
			default: '',
			description: 'The workflow entry point to run (Nextflow DSL2)',
			displayOptions: TOWER_CLI_SETTING,
		},
		{
			displayName: 'Head Job CPUs',
			name: 'headJobCpus',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: 'CPUs for the Nextflow head job; 0 keeps the compute environment default',
		},
		{
			displayName: 'Head Job Memory (MB)',
			name: 'headJobMemoryMb',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: 'Memory for the Nextflow head job; 0 keeps the compute environment default',
		},
		{
			displayName: 'Label IDs',
			name: 'labelIds',
			type: 'string',
			default: '',
			placeholder: '112233445566, 998877665544',
			description: 'Comma-separated numeric IDs of labels to put on the run',
		},
		{
			displayName: 'Labels',
			name: 'labels',
			type: 'string',
			default: '',
			placeholder: 'nightly, rnaseq, team=genomics',
			description:
				"Comma-separated names of the workspace's labels to put on the run, and resource labels as key=value (an " +
				'expression may give a list); a label the workspace lacks is created, which needs the Maintain role',
			displayOptions: { show: { '@version': [seqeraPlatform.fromVersionOf('labelsByName')] } },
		},
		{
			displayName: 'Launch Container',
			name: 'launchContainer',
			type: 'string',
			default: '',
			placeholder: 'quay.io/seqeralabs/nf-launcher:j17-25.04.6',
			description: 'The container image of the Nextflow head job',
			displayOptions: TOWER_CLI_SETTING,
		},
		{ displayName: 'Main Script', name: 'mainScript', type: 'string', default: '', placeholder: 'main.nf' },
		{
			displayName: 'Nextflow Config',
			name: 'configText',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: 'Nextflow configuration text added to the run',
		},
		{ displayName: 'Nextflow Version', name: 'nextflowVersion', type: 'string', default: '', placeholder: '25.04.6' },
		{
			displayName: 'Pipeline Parameters',
			name: 'paramsText',
			type: 'string',
			typeOptions: { rows: 6 },
			default: '',
			placeholder: '{"input": "s3://bucket/samplesheet.csv", "outdir": "s3://bucket/results"}',
			description: 'Parameters as JSON or YAML',
		},
		{
			displayName: 'Post-Run Script',
			name: 'postRunScript',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description: 'Bash run after the pipeline finishes',
		},
		{
			displayName: 'Pre-Run Script',
			name: 'preRunScript',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description: 'Bash run before Nextflow starts',
		},
		{
			displayName: 'Pull Latest',
			name: 'pullLatest',
			type: 'boolean',
			default: false,
			description: 'Whether to pull the latest revision of the pipeline before running',
		},
		{ displayName: 'Revision', name: 'revision', type: 'string', default: '', placeholder: 'main or 3.14.0' },
		{ displayName: 'Run Name', name: 'runName', type: 'string', default: '', placeholder: 'nightly-rnaseq' },
		{
			displayName: 'Schema Name',
			name: 'schemaName',
			type: 'string',
			default: '',
			placeholder: 'nextflow_schema.json',
			description: "The pipeline schema file to use, if not the repository's default",
			displayOptions: TOWER_CLI_SETTING,
		},
		{
			displayName: 'Send Nextflow Events To',
			name: EVENTS_DESTINATION_SETTING,
			type: 'string',
			default: '',
			placeholder: 'https://n8n.example.com/webhook/0b6f.../events',
			description:
				"The Production URL of a Seqera Nextflow Events trigger: Nextflow posts the run's events there, with the Seqera " +
				"Nextflow Events API credential chosen above. The compute environment's head job must reach the URL and fetch the " +
				'nf-weblog plugin.',
			// Replaced by the trigger's workflow or URL below from the version that brought them.
			displayOptions: {
				show: { '@version': [seqeraPlatform.fromVersionOf('eventsToTriggerUrl')] },
				hide: { '@version': [seqeraPlatform.fromVersionOf('eventsToTriggersWorkflow')] },
			},
		},
		{
			displayName: 'Send Nextflow Events To',
			name: EVENTS_DESTINATION_SETTING,
			type: 'fixedCollection',
			default: {},
			placeholder: 'Add Trigger',
			description:
				"A Seqera Nextflow Events trigger: Nextflow posts the run's events to it, with the Seqera Nextflow Events API " +
				"credential chosen above. The compute environment's head job must reach n8n and fetch the nf-weblog plugin. Not " +
				'with Wait In "Pause the Execution Until the Runs End", whose events go to the paused execution.',
			options: [
				{
					displayName: "Trigger's Workflow",
					name: EVENTS_TO_WORKFLOW,
					values: [
						{
							displayName: 'Workflow',
							name: EVENTS_WORKFLOW_FIELD,
							type: 'workflowSelector',
							default: '',
							required: true,
							description:
								'The workflow whose Seqera Nextflow Events trigger (version 1.1 or later) receives the events, at ' +
								'its Production URL on this n8n: they start it once the workflow is active',
							// n8n 2.x's workflow list holds only workflows that start with an Execute Workflow Trigger.
							hint:
								"On n8n 2.x the list offers only sub-workflows: choose By ID and paste the trigger's workflow ID, the " +
								'last part of its address in the editor (…/workflow/ID)',
						},
					],
				},
				{
					displayName: 'URL',
					name: EVENTS_TO_URL,
					values: [
						{
							displayName: 'URL',
							name: EVENTS_URL_FIELD,
							type: 'string',
							default: '',
							required: true,
							placeholder: 'https://n8n.example.com/webhook/nextflow-events/3kD8fQ2mZp7LwX1c',
							description:
								"A Seqera Nextflow Events trigger's Production URL, or its Test URL while you listen for a test event",
						},
					],
				},
			],
			displayOptions: { show: { '@version': [seqeraPlatform.fromVersionOf('eventsToTriggersWorkflow')] } },
		},
		{
			displayName: 'Stub Run',
			name: 'stubRun',
			type: 'boolean',
			default: false,
			description: "Whether to run the processes' stub blocks instead of the real commands",
		},
		{
			displayName: 'User Secret Names',
			name: 'userSecretNames',
			// Names of secrets, not their values: nothing to hide.
			// eslint-disable-next-line n8n-nodes-base/node-param-type-options-password-missing
			type: 'string',
			default: '',
			description: 'Comma-separated names of your own secrets to make available to the run',
			displayOptions: TOWER_CLI_SETTING,
		},
		{ displayName: 'Work Directory', name: 'workDir', type: 'string', default: '', placeholder: 's3://bucket/work' },
		{
			displayName: 'Workspace Secret Names',
			name: 'workspaceSecretNames',
			// Names of secrets, not their values: nothing to hide.
			// eslint-disable-next-line n8n-nodes-base/node-param-type-options-password-missing
			type: 'string',
			default: '',
			description: 'Comma-separated names of workspace secrets to make available to the run',
		},
	],
};

/** Relaunch's settings: the launch settings, and another repository to run the run's launch from, as `tw runs relaunch --pipeline`. */
export const relaunchSettingsField: INodeProperties = {
	...launchSettingsField,
	options: (launchSettingsField.options as INodeProperties[]).flatMap((setting) =>
		setting.name === 'paramsText'
			? [
					setting,
					{
						displayName: 'Pipeline Repository',
						name: 'pipeline',
						type: 'string',
						default: '',
						placeholder: 'https://github.com/my-org/rnaseq',
						description: "Another repository to run the original run's launch from, such as a fork; empty for the run's own",
					},
				]
			: [setting],
	),
};

/**
 * Launch settings for a launch from a repository: its revisions and config profiles are picked from
 * lists the platform reads from the repository, or typed.
 */
export const repositoryLaunchSettingsField: INodeProperties = {
	...launchSettingsField,
	options: (launchSettingsField.options as INodeProperties[]).flatMap(
		(setting) => REPOSITORY_LISTS[setting.name]?.(setting) ?? [setting],
	),
};
