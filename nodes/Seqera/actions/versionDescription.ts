import type { INodeTypeDescription } from 'n8n-workflow';

import * as customApiCall from './customApiCall/CustomApiCall.resource';
import * as workflow from './workflow/Workflow.resource';

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
	inputs: ['main'],
	outputs: ['main'],
	credentials: [{ name: 'seqeraApi', required: true, testedBy: 'seqeraApiConnectionTest' }],
	properties: [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Workflow (Run)', value: 'workflow', description: 'A pipeline run' },
				{ name: 'Custom API Call', value: 'customApiCall', description: 'Any endpoint of the Seqera API' },
			],
			default: 'workflow',
		},
		...workflow.description,
		...customApiCall.description,
	],
};
