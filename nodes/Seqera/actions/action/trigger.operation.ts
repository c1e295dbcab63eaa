import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonPairsParameter, nameValuePairs } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { requireStringId } from '../../helpers/validate';
import { nameValuePairsField } from '../../fields/common';
import { waitFields } from '../../fields/waitFields';
import { waitForRun } from '../../runs/wait';
import { apiRequest } from '../../transport';
import { actionLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const JSON_FIELD = 'Parameters (JSON)';

const properties: INodeProperties[] = [
	actionLocator,
	workspaceLocator,
	{
		displayName: 'Send Parameters As',
		name: 'paramsSource',
		type: 'options',
		default: 'keyValue',
		description: "Pipeline parameters for this run, laid over the action's own",
		options: [
			{ name: 'Key/Value Pairs', value: 'keyValue' },
			{ name: 'JSON', value: 'json' },
		],
	},
	nameValuePairsField({
		displayName: 'Parameters',
		name: 'params',
		displayOptions: { show: { paramsSource: ['keyValue'] } },
		namePlaceholder: 'input',
		valuePlaceholder: 's3://bucket/samplesheet.csv',
	}),
	{
		displayName: JSON_FIELD,
		name: 'paramsJson',
		type: 'json',
		default: '{}',
		displayOptions: { show: { paramsSource: ['json'] } },
	},
	...waitFields({ heldByN8n: false }),
];

const displayOptions = { show: { resource: ['action'], operation: ['trigger'] } };

export const description = updateDisplayOptions(displayOptions, properties);

function paramsFor(context: IExecuteFunctions, itemIndex: number): IDataObject {
	return context.getNodeParameter('paramsSource', itemIndex) === 'keyValue'
		? nameValuePairs(context, 'params', itemIndex)
		: jsonPairsParameter(context, 'paramsJson', itemIndex, JSON_FIELD);
}

/** Triggers the action once, which launches one run; a trigger that may have reached the platform is never repeated. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const actionId = requireStringId(
			this.getNode(),
			itemIndex,
			this.getNodeParameter('actionId', itemIndex, '', { extractValue: true }),
			'Action',
		);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const launched = await apiRequest<{ workflowId?: string }>(this, {
			method: 'POST',
			path: ['actions', actionId, 'launch'],
			query: { workspaceId },
			body: { params: paramsFor(this, itemIndex) },
			itemIndex,
		});
		const output: IDataObject = {
			actionId,
			workflowId: launched.workflowId,
			workspaceId: workspaceId === undefined ? null : Number(workspaceId),
		};
		if (!this.getNodeParameter('waitForCompletion', itemIndex, false)) return output;
		return { ...output, ...(await waitForRun(this, itemIndex, String(launched.workflowId), workspaceId)) };
	});
}
