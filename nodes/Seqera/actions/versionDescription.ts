import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeTypeDescription } from 'n8n-workflow';

import * as action from './action/Action.resource';
import * as apiOperation from './apiOperation/ApiOperation.resource';
import * as computeEnv from './computeEnv/ComputeEnv.resource';
import * as customApiCall from './customApiCall/CustomApiCall.resource';
import * as dataset from './dataset/Dataset.resource';
import * as label from './label/Label.resource';
import * as pipeline from './pipeline/Pipeline.resource';
import * as workflow from './workflow/Workflow.resource';
import * as workspace from './workspace/Workspace.resource';

export const versionDescription: INodeTypeDescription = {
	displayName: 'Seqera Platform',
	name: 'seqera',
	icon: 'file:../../icons/seqera.svg',
	group: ['transform'],
	version: 1,
	subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
	description: 'Launch, watch, cancel and clean up Nextflow pipeline runs on the Seqera Platform',
	defaults: { name: 'Seqera Platform' },
	usableAsTool: true,
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'seqeraApi', required: true, testedBy: 'seqeraApiConnectionTest' }],
	properties: [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Action', value: 'action', description: 'A pipeline action, which launches its pipeline when triggered' },
				{
					name: 'API Operation',
					value: 'apiOperation',
					description: "Any operation of the platform's API contract, picked from a list, with its parameters as fields",
				},
				{ name: 'Compute Environment', value: 'computeEnv', description: 'Where runs execute' },
				{ name: 'Custom API Call', value: 'customApiCall', description: 'Any endpoint of the Seqera API' },
				{ name: 'Dataset', value: 'dataset', description: 'A versioned CSV or TSV file, such as a samplesheet' },
				{ name: 'Label', value: 'label', description: 'A label of runs, pipelines and resources' },
				{ name: 'Pipeline (Launchpad)', value: 'pipeline', description: 'A pipeline saved in the workspace Launchpad' },
				{ name: 'Workflow (Run)', value: 'workflow', description: 'A pipeline run' },
				{ name: 'Workspace', value: 'workspace', description: 'An organization workspace you belong to' },
			],
			default: 'workflow',
		},
		...workflow.description,
		...workspace.description,
		...pipeline.description,
		...computeEnv.description,
		...label.description,
		...dataset.description,
		...action.description,
		...apiOperation.description,
		...customApiCall.description,
	],
};
