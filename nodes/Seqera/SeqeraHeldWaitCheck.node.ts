import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { credentialTest } from './methods';
import { CHECK_NODE_TYPE, CHECK_STEP_FIELD, runCheckStep } from './waits/checkExecution';

/**
 * The steps of a held wait's check execution (waits/checkExecution.ts), which the Seqera Platform node
 * starts on its own: hidden from the nodes panel, since nobody adds it by hand.
 */
// eslint-disable-next-line @n8n/community-nodes/node-usable-as-tool -- a step of an execution the Seqera Platform node starts, never a tool
export class SeqeraHeldWaitCheck implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Seqera Held Wait Check',
		name: CHECK_NODE_TYPE,
		// The icon draws its own dark tile, which reads on light and dark canvases alike
		// eslint-disable-next-line @n8n/community-nodes/icon-prefer-themed-variants
		icon: 'file:../../icons/seqera.svg',
		group: ['transform'],
		version: 1,
		hidden: true,
		subtitle: '={{ $parameter["step"] === "wait" ? "Wait for the next check" : "Check the held wait" }}',
		description: "Checks a wait that n8n holds for Seqera Platform runs, in case a run's end was lost on its way",
		defaults: { name: 'Seqera Held Wait Check' },
		inputs: [NodeConnectionTypes.Main],
		// The check's second output ends the execution with the answer that ended it, for the execution's view.
		outputs: [NodeConnectionTypes.Main, NodeConnectionTypes.Main],
		outputNames: ['Check Again', 'Ended'],
		// The check's secret is made from the held wait's credential, as the wait's own (weblog/executionEvents.ts).
		credentials: [{ name: 'seqeraApi', required: true, testedBy: 'seqeraApiConnectionTest' }],
		properties: [
			{
				displayName: 'Step',
				name: CHECK_STEP_FIELD,
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Wait for the Next Check', value: 'wait' },
					{ name: 'Check the Held Wait', value: 'check' },
				],
				default: 'wait',
			},
		],
	};

	methods = { credentialTest };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runCheckStep(this);
	}
}
