import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { secretValueField } from './secret.descriptions';
import { secretNameFor, secretValueFor } from './secretParameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'NCBI_API_KEY',
		description: 'How pipelines refer to the secret (secrets.NCBI_API_KEY); unique in the workspace',
	},
	secretValueField,
	workspaceLocator,
];

const displayOptions = { show: { resource: ['secret'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Creates a pipeline secret; the output item has its ID and name, never its value. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const name = secretNameFor(this, itemIndex);
		const value = secretValueFor(this, itemIndex, String(secretValueField.displayName));
		const response = await apiRequest<{ secretId?: number }>(this, {
			method: 'POST',
			path: ['pipeline-secrets'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			body: { name, value },
			redact: [value],
			itemIndex,
		});
		return { id: response.secretId ?? null, name };
	});
}
