import type { INodeExecutionData, INodeProperties, INodePropertyOptions, IPollFunctions } from 'n8n-workflow';

/**
 * One kind of event the trigger can watch for. Its options go into **Trigger On**, its fields show only
 * when one of them is chosen, and `poll` runs when one of them is chosen. An event keeps its memory under
 * its own key of the node's static data, so switching events starts afresh instead of misreading.
 */
export interface TriggerEvent {
	options: INodePropertyOptions[];
	properties: INodeProperties[];
	poll(this: IPollFunctions, chosen: string): Promise<INodeExecutionData[][] | null>;
}
