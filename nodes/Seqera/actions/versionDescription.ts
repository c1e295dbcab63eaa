import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeTypeDescription, NodeParameterValue } from 'n8n-workflow';

import { EVENTS_DESTINATION_SETTING, LAUNCH_SETTINGS_FIELD } from '../fields/fieldNames';

import * as action from './action/Action.resource';
import * as apiOperation from './apiOperation/ApiOperation.resource';
import * as computeEnv from './computeEnv/ComputeEnv.resource';
import * as credential from './credential/Credential.resource';
import * as customApiCall from './customApiCall/CustomApiCall.resource';
import * as dataLink from './dataLink/DataLink.resource';
import * as dataset from './dataset/Dataset.resource';
import * as label from './label/Label.resource';
import * as organization from './organization/Organization.resource';
import * as organizationMember from './organizationMember/OrganizationMember.resource';
import * as pipeline from './pipeline/Pipeline.resource';
import * as pipelineVersion from './pipelineVersion/PipelineVersion.resource';
import * as platform from './platform/Platform.resource';
import * as secret from './secret/Secret.resource';
import * as studio from './studio/Studio.resource';
import * as team from './team/Team.resource';
import * as workflow from './workflow/Workflow.resource';
import * as workspace from './workspace/Workspace.resource';
import * as workspaceParticipant from './workspaceParticipant/WorkspaceParticipant.resource';

export const versionDescription: INodeTypeDescription = {
	displayName: 'Seqera Platform',
	name: 'seqera',
	icon: 'file:../../icons/seqera.svg',
	group: ['transform'],
	// 1.1: data-link paths go out a segment at a time, and Studio Start sends the Studio's configuration; 1.2: launches, relaunches and
	// Studios are sent as Seqera's own clients send them; 1.3: waits that n8n holds, and updates that keep what the user did not change;
	// 1.4: a launch sends its run's events to a trigger's workflow; 1.5: events on every Nextflow, relaunches without the old run's
	// events, and held waits with a time limit in hours or days (docs/node-versions.md).
	version: [1, 1.1, 1.2, 1.3, 1.4, 1.5],
	defaultVersion: 1.5,
	subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
	description: 'Launch, watch, cancel and clean up Nextflow pipeline runs on the Seqera Platform',
	defaults: { name: 'Seqera Platform' },
	usableAsTool: true,
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [
		{ name: 'seqeraApi', required: true, testedBy: 'seqeraApiConnectionTest' },
		// Send Nextflow Events To: the basic-auth pair Nextflow sends with the run's events, asked for once
		// a launch has the setting (n8n reads the path into the collection, in the editor and when the node runs).
		{
			name: 'seqeraNextflowEventsApi',
			required: true,
			testedBy: 'seqeraNextflowEventsCheck',
			// Shown only where the setting has a value: version 1.3's URL, version 1.4's destinations (an
			// object). n8n's editor reads a path the node's parameters lack as no value at all, which no hide
			// rule matches, so a hide rule showed it on every node; and n8n reads one set of conditions per
			// credential, its first, when the node runs. It checks them as a parameter's, `_cnd` included,
			// though the credential's type leaves it out.
			displayOptions: {
				show: {
					[`${LAUNCH_SETTINGS_FIELD}.${EVENTS_DESTINATION_SETTING}`]: [
						{ _cnd: { exists: true } } as unknown as NodeParameterValue,
					],
				},
			},
		},
	],
	// The execution's resume URL while n8n holds a wait for runs (waits/): only a waiting execution has
	// one, so n8n registers nothing for it when a workflow is activated.
	webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: '', restartWebhook: true }],
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
				{
					name: 'Credential',
					value: 'credential',
					description: 'Saved keys of a cloud, cluster, Git server, registry or agent; their secret parts are write-only',
				},
				{ name: 'Custom API Call', value: 'customApiCall', description: 'Any endpoint of the Seqera API' },
				{ name: 'Data Link', value: 'dataLink', description: 'A bucket, or a folder of one, in the Data Explorer' },
				{ name: 'Dataset', value: 'dataset', description: 'A versioned CSV or TSV file, such as a samplesheet' },
				{ name: 'Label', value: 'label', description: 'A label of runs, pipelines and resources' },
				{ name: 'Organization', value: 'organization', description: 'An organization you belong to' },
				{
					name: 'Organization Member',
					value: 'organizationMember',
					description: 'A person in an organization, with their organization role',
				},
				{ name: 'Pipeline (Launchpad)', value: 'pipeline', description: 'A pipeline saved in the workspace Launchpad' },
				{
					name: 'Pipeline Version',
					value: 'pipelineVersion',
					description: "A version of a Launchpad pipeline's saved launch: published (named) or a draft",
				},
				{ name: 'Platform', value: 'platform', description: 'The platform itself: its version, and whose the token is' },
				{ name: 'Secret', value: 'secret', description: 'A pipeline secret of the workspace; its value is write-only' },
				{ name: 'Studio', value: 'studio', description: 'An interactive analysis environment (Jupyter, RStudio, VS Code, Xpra)' },
				{ name: 'Team', value: 'team', description: 'A group of organization members, given workspace roles together' },
				{ name: 'Workflow (Run)', value: 'workflow', description: 'A pipeline run' },
				{ name: 'Workspace', value: 'workspace', description: 'An organization workspace you belong to' },
				{
					name: 'Workspace Participant',
					value: 'workspaceParticipant',
					description: 'A member, collaborator or team with a role in a workspace',
				},
			],
			default: 'workflow',
		},
		...workflow.description,
		...workspace.description,
		...pipeline.description,
		...pipelineVersion.description,
		...computeEnv.description,
		...label.description,
		...dataset.description,
		...action.description,
		...dataLink.description,
		...studio.description,
		...secret.description,
		...credential.description,
		...platform.description,
		...organization.description,
		...organizationMember.description,
		...workspaceParticipant.description,
		...team.description,
		...apiOperation.description,
		...customApiCall.description,
	],
};
