import type { INodeProperties } from 'n8n-workflow';

import { DATASET_INPUTS_FIELD, PIPELINE_PARAMETERS_FIELD, PIPELINE_VERSION_FIELD } from '../../fields/fieldNames';
import { datasetLocator, pipelineVersionLocator } from '../../fields/sharedLocators';
import { seqeraPlatform } from '../../nodeVersions';

/**
 * The version of the Launchpad pipeline to launch (version 1.2), as tower-cli's `launch --version-name`
 * and `--version-id`; empty launches the pipeline's default version.
 */
export const pipelineVersionField: INodeProperties = {
	...pipelineVersionLocator,
	description: "The pipeline's version to launch; leave empty for its default version",
	displayOptions: { show: { '@version': [seqeraPlatform.fromVersionOf('pipelineVersions')] } },
};

/** A Launchpad pipeline's parameters as a form, its fields read from the pipeline's schema. */
export const pipelineParametersField: INodeProperties = {
	displayName: 'Pipeline Parameters',
	name: PIPELINE_PARAMETERS_FIELD,
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	description:
		"The parameters the pipeline's schema declares. Values here win over the JSON/YAML text of Launch Settings, which wins " +
		"over the pipeline's saved parameters.",
	typeOptions: {
		// The chosen version has a schema of its own (1.2).
		loadOptionsDependsOn: ['pipelineId.value', 'workspace.value', `${PIPELINE_VERSION_FIELD}.value`],
		resourceMapper: {
			resourceMapperMethod: 'getPipelineParameters',
			mode: 'add',
			fieldWords: { singular: 'parameter', plural: 'parameters' },
			addAllFields: false,
			multiKeyMatch: false,
			supportAutoMap: false,
		},
	},
};

/** Workspace datasets given to the pipeline's CSV and TSV file parameters, resolved to the URL of a version. */
export const datasetInputsField: INodeProperties = {
	displayName: 'Datasets as Inputs',
	name: DATASET_INPUTS_FIELD,
	type: 'fixedCollection',
	placeholder: 'Add Dataset Input',
	default: {},
	typeOptions: { multipleValues: true },
	description:
		"Give a workspace dataset to a CSV or TSV file parameter of the pipeline (such as input), as the web app's launch form " +
		'does. A dataset wins over the same parameter in the form and the text.',
	options: [
		{
			displayName: 'Dataset Input',
			name: 'input',
			values: [
				// The description says it, in two strings to keep the line width.
				/* eslint-disable n8n-nodes-base/node-param-description-missing-from-dynamic-options */
				{
					displayName: 'Parameter Name or ID',
					name: 'parameter',
					type: 'options',
					default: '',
					description:
						'The file parameter that reads the dataset. Choose from the list, or specify an ID using an <a ' +
						'href="https://docs.n8n.io/code/expressions/">expression</a>.',
					typeOptions: {
						loadOptionsMethod: 'getDatasetParameters',
						loadOptionsDependsOn: ['/pipelineId.value', `/${PIPELINE_VERSION_FIELD}.value`],
					},
				},
				/* eslint-enable n8n-nodes-base/node-param-description-missing-from-dynamic-options */
				{ ...datasetLocator, displayName: 'Dataset', name: 'dataset' },
				{
					displayName: 'Version',
					name: 'version',
					type: 'number',
					default: 0,
					typeOptions: { minValue: 0 },
					description: "The dataset's version; 0 uses its latest",
				},
			],
		},
	],
};
