import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { secretLocator, secretValueField } from './secret.descriptions';
import { secretIdFor, secretValueFor } from './secretParameters';

const NEW_VALUE = 'New Value';

const properties: INodeProperties[] = [secretLocator, { ...secretValueField, displayName: NEW_VALUE }, workspaceLocator];

const displayOptions = { show: { resource: ['secret'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Replaces a pipeline secret's value; runs launched from now on get the new one. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const secretId = await secretIdFor(this, itemIndex);
		const value = secretValueFor(this, itemIndex, NEW_VALUE);
		await apiRequest(this, {
			method: 'PUT',
			path: ['pipeline-secrets', secretId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			body: { value },
			redact: [value],
			itemIndex,
		});
		return { id: Number(secretId), updated: true };
	});
}
