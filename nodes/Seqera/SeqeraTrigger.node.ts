import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { credentialTest, listSearch } from './methods';
import { dataLinkFileEvents } from './trigger/dataLinkFiles/dataLinkFileEvents';
import { onePollAtATime } from './trigger/onePollAtATime';
import type { TriggerEvent } from './trigger/triggerEvent';
import { runEvents } from './trigger/runs/runEvents';
import { studioEvents } from './trigger/studios/studioEvents';

const EVENTS: TriggerEvent[] = [runEvents, dataLinkFileEvents, studioEvents];

const EVENT_NAMES = Object.fromEntries(EVENTS.flatMap((event) => event.options.map((option) => [option.value, option.name])));

export class SeqeraTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Seqera Platform Trigger',
		name: 'seqeraTrigger',
		// The icon draws its own dark tile, which reads on light and dark canvases alike
		// eslint-disable-next-line @n8n/community-nodes/icon-prefer-themed-variants
		icon: 'file:../../icons/seqera.svg',
		group: ['trigger'],
		// 1.1: data-link paths go out a segment at a time (docs/node-versions.md).
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: `={{ ${JSON.stringify(EVENT_NAMES)}[$parameter["event"]] }}`,
		description:
			'Starts the workflow when a pipeline run starts or changes status, a file lands in a data link, or a Studio changes ' +
			'status on the Seqera Platform',
		defaults: { name: 'Seqera Platform Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'seqeraApi', required: true, testedBy: 'seqeraApiConnectionTest' }],
		properties: [
			{
				displayName: 'Trigger On',
				name: 'event',
				type: 'options',
				default: 'statusChanged',
				options: EVENTS.flatMap((event) => event.options),
			},
			...EVENTS.flatMap((event) => event.properties),
		],
	};

	methods = { listSearch, credentialTest };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const chosen = this.getNodeParameter('event') as string;
		const event = EVENTS.find((each) => each.options.some((option) => option.value === chosen));
		if (!event)
			throw new NodeOperationError(this.getNode(), `Unknown value "${chosen}" for Trigger On`, {
				description: 'Choose an event in Trigger On',
			});
		return await onePollAtATime(this, async () => await event.poll.call(this, chosen));
	}
}
