import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { overwriteOptions } from '../../fields/common';
import { CREDENTIALS, currentIdsNamed } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { awsModeFields, awsModeSettingsOf, generatedExternalId, keysInMode, requiredKeysIn } from './awsMode';
import { baseUrlField, credentialDescriptionField, keyProperties, providerField } from './credential.descriptions';
import { baseUrlOf, credentialNameOf, givenKeys } from './credentialChecks';
import { providerOf } from './credentialParameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'credentialName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'aws-genomics-keys',
		description: 'How compute environments and pipelines refer to the credentials; unique in the workspace',
	},
	providerField,
	...awsModeFields(false),
	...keyProperties(false),
	baseUrlField,
	credentialDescriptionField,
	workspaceLocator,
	overwriteOptions("the workspace's credentials"),
];

const displayOptions = { show: { resource: ['credential'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Creates workspace credentials, with Overwrite after deleting the workspace's credentials of that name as their Delete
 * does; the output item has the new ID, name and provider, never a key, and the External ID the platform generated
 * when asked for one, read back as tower-cli does.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const name = credentialNameOf(this, itemIndex, 'Name', this.getNodeParameter('credentialName', itemIndex));
		const provider = providerOf(this, itemIndex);
		const awsMode = awsModeSettingsOf(this, itemIndex, provider, false);
		const { keys: given, secrets } = givenKeys(this, itemIndex, provider, true, requiredKeysIn(awsMode, provider));
		const keys = keysInMode(this, itemIndex, awsMode, given, given);
		const baseUrl = provider.baseUrl ? baseUrlOf(this, itemIndex, this.getNodeParameter('baseUrl', itemIndex, '')) : undefined;
		const description = String(this.getNodeParameter('credentialDescription', itemIndex, '') ?? '').trim();
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (options.overwrite === true) {
			for (const id of await currentIdsNamed(this, itemIndex, CREDENTIALS, workspaceId, name)) {
				await apiRequest(this, { method: 'DELETE', path: ['credentials', id], query: { workspaceId, checked: false }, itemIndex });
			}
		}
		const response = await apiRequest<{ credentialsId?: string }>(this, {
			method: 'POST',
			path: ['credentials'],
			query: { workspaceId, ...(awsMode.useExternalId ? { useExternalId: true } : {}) },
			body: {
				credentials: {
					name,
					provider: provider.value,
					...(description === '' ? {} : { description }),
					...(baseUrl === undefined ? {} : { baseUrl }),
					keys: { discriminator: provider.value, ...keys },
				},
			},
			redact: secrets,
			itemIndex,
		});
		const created = { id: response.credentialsId ?? null, name, provider: provider.value };
		if (!awsMode.useExternalId || response.credentialsId === undefined) return created;
		return { ...created, ...(await generatedExternalId(this, itemIndex, response.credentialsId, workspaceId)) };
	});
}
