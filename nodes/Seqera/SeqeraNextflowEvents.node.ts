import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { credentialTest } from './methods';
import { seqeraNextflowEvents } from './nodeVersions';
import { NEXTFLOW_EVENT_OPTIONS } from './trigger/nextflowEvents/eventItems';
import { nextflowEventsProperties, receiveNextflowEvent } from './trigger/nextflowEvents/nextflowEvents';
import { TRIGGER_PATH_PREFIX } from './weblog/triggerUrl';

const EVENT_NAMES = Object.fromEntries(NEXTFLOW_EVENT_OPTIONS.map((option) => [option.value, option.name]));

/** Whether the trigger listens at a path named by its workflow's ID, as n8n reads it in the webhook's description. */
const LISTENS_BY_WORKFLOW_ID = seqeraNextflowEvents.bringsInExpression('pathByWorkflowId');

// Nothing to register with a service: each launch carries the URL in its Nextflow config
// eslint-disable-next-line @n8n/community-nodes/webhook-lifecycle-complete
export class SeqeraNextflowEvents implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Seqera Nextflow Events',
		name: 'seqeraNextflowEvents',
		// The icon draws its own dark tile, which reads on light and dark canvases alike
		// eslint-disable-next-line @n8n/community-nodes/icon-prefer-themed-variants
		icon: 'file:../../icons/seqera.svg',
		group: ['trigger'],
		// 1.1: listens at a path named by its workflow's ID, so that a launch can pick the workflow (weblog/triggerUrl.ts).
		// 1.2: takes the credential's own password only with Accept the Shared Password on; each run's own secret at every version.
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		subtitle: `={{ ($parameter["events"] || []).map((event) => ${JSON.stringify(EVENT_NAMES)}[event]).join(", ") }}`,
		description:
			"Starts the workflow on a pipeline run's own events as Nextflow sends them: a process failed or completed, the run " +
			'started, completed or failed',
		defaults: { name: 'Seqera Nextflow Events' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'seqeraNextflowEventsApi', required: true, testedBy: 'seqeraNextflowEventsCheck' }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// n8n evaluates both when it registers the webhook and when the editor shows its URLs. Version 1's
				// path stays under the node's webhook ID, where its saved URLs point.
				path: `={{ ${LISTENS_BY_WORKFLOW_ID} ? '${TRIGGER_PATH_PREFIX}/' + $workflow.id : 'events' }}`,
				isFullPath: `={{ ${LISTENS_BY_WORKFLOW_ID} }}` as unknown as boolean,
			},
		],
		activationMessage: 'Launches that send their Nextflow events to this workflow now start it on them.',
		triggerPanel: {
			header: 'Listen for a run’s Nextflow events',
			executionsHelp: {
				inactive:
					"Click 'Listen for test event', then launch a run with this trigger's Test URL in the Seqera Platform node's " +
					'Launch Settings → Send Nextflow Events To → URL: its first chosen event shows here. Once the workflow is ' +
					'active, launches that pick this workflow in Send Nextflow Events To start it.',
				active:
					'Launches that pick this workflow in Send Nextflow Events To (or give its Production URL) start it on their chosen ' +
					'events.',
			},
			activationHint:
				"Once you've finished building your workflow, activate it and launch runs that pick it in Send Nextflow Events To.",
		},
		properties: nextflowEventsProperties,
	};

	methods = { credentialTest };

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveNextflowEvent(this);
	}
}
