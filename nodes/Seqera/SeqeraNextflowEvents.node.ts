import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { credentialTest } from './methods';
import { NEXTFLOW_EVENT_OPTIONS } from './trigger/nextflowEvents/eventItems';
import { nextflowEventsProperties, receiveNextflowEvent } from './trigger/nextflowEvents/nextflowEvents';

const EVENT_NAMES = Object.fromEntries(NEXTFLOW_EVENT_OPTIONS.map((option) => [option.value, option.name]));

// eslint-disable-next-line @n8n/community-nodes/webhook-lifecycle-complete -- nothing to register with a service: each launch carries the URL in its Nextflow config
export class SeqeraNextflowEvents implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Seqera Nextflow Events',
		name: 'seqeraNextflowEvents',
		// eslint-disable-next-line @n8n/community-nodes/icon-prefer-themed-variants -- the icon draws its own dark tile, which reads on light and dark canvases alike
		icon: 'file:../../icons/seqera.svg',
		group: ['trigger'],
		version: 1,
		subtitle: `={{ ($parameter["events"] || []).map((event) => ${JSON.stringify(EVENT_NAMES)}[event]).join(", ") }}`,
		description: "Starts the workflow on a pipeline run's own events as Nextflow sends them: a process failed or completed, the run started, completed or failed",
		defaults: { name: 'Seqera Nextflow Events' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'seqeraNextflowEventsApi', required: true, testedBy: 'seqeraNextflowEventsCheck' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'events' }],
		activationMessage: "Launches with this trigger's Production URL in Send Nextflow Events To now start this workflow on their events.",
		triggerPanel: {
			header: 'Listen for a run’s Nextflow events',
			executionsHelp: {
				inactive:
					"Click 'Listen for test event', then launch a run with this trigger's Test URL in the Seqera Platform node's Launch Settings → Send Nextflow Events To: its first chosen event shows here. Once the workflow is active, launches with the Production URL start it.",
				active: "Launches with this trigger's Production URL in Send Nextflow Events To start this workflow on their chosen events.",
			},
			activationHint: "Once you've finished building your workflow, activate it and launch runs with its Production URL.",
		},
		properties: nextflowEventsProperties,
	};

	methods = { credentialTest };

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveNextflowEvent(this);
	}
}
