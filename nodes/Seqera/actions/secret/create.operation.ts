import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { overwriteOptions } from '../../fields/common';
import { currentIdsNamed, SECRETS } from '../../names/lookups';
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
	overwriteOptions("the workspace's secret"),
];

const displayOptions = { show: { resource: ['secret'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Creates a pipeline secret, with Overwrite after deleting the workspace's secret of that name; the output item has its ID
 * and name, never its value.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const name = secretNameFor(this, itemIndex);
		const value = secretValueFor(this, itemIndex, String(secretValueField.displayName));
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (options.overwrite === true) {
			for (const id of await currentIdsNamed(this, itemIndex, SECRETS, workspaceId, name)) {
				await apiRequest(this, { method: 'DELETE', path: ['pipeline-secrets', id], query: { workspaceId }, itemIndex });
			}
		}
		const response = await apiRequest<{ secretId?: number }>(this, {
			method: 'POST',
			path: ['pipeline-secrets'],
			query: { workspaceId },
			body: { name, value },
			redact: [value],
			itemIndex,
		});
		return { id: response.secretId ?? null, name };
	});
}
