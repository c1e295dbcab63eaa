import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { credentialIdFor } from '../../names/lookups';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { describeValue } from '../../text/describeValue';
import { awsModeFields, awsModeSettingsOf, generatedExternalId, keysInMode } from './awsMode';
import { baseUrlField, credentialDescriptionField, credentialLocator, keyProperties, providerField } from './credential.descriptions';
import { baseUrlOf, credentialNameOf, givenKeys } from './credentialChecks';
import { providerOf } from './credentialParameters';
import { shownKeysOf, type CredentialProvider } from './credentialProviders';

const NEW_NAME = 'New Name';

const properties: INodeProperties[] = [
	credentialLocator,
	{
		...providerField,
		description: "The credentials' provider, which cannot change; it shows the fields of its keys",
	},
	{
		displayName: NEW_NAME,
		name: 'credentialName',
		type: 'string',
		default: '',
		placeholder: 'aws-genomics-keys',
		description: 'Leave empty to keep the current name',
	},
	...awsModeFields(true),
	...keyProperties(true),
	{ ...baseUrlField, description: "The Git server's address. Leave empty to keep the current one." },
	{ ...credentialDescriptionField, description: 'What the credentials are for. Leave empty to keep the current description.' },
	workspaceLocator,
];

const displayOptions = { show: { resource: ['credential'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The credentials' keys as the platform describes them, to send back: without secret parts (it never shows them) or empty ones. */
function keptKeys(current: IDataObject, provider: CredentialProvider): IDataObject {
	const secret = new Set(provider.fields.filter((field) => field.secret).map((field) => field.key));
	const keys = typeof current.keys === 'object' && current.keys !== null ? (current.keys as IDataObject) : {};
	return Object.fromEntries(
		Object.entries(keys).filter(([key, value]) => key !== 'discriminator' && !secret.has(key) && value !== null && value !== undefined),
	);
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Changes credentials. The platform replaces the whole credential with what an update sends, so the
 * credential is read first and sent back with only what was given changed: name, description, base URL
 * and the keys' other parts as they were. A secret part left empty is not sent, and the platform keeps
 * the one it holds, as with tower-cli's `credentials update`. When the platform is asked for an External ID
 * (AWS), the output has it, read back after the update.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const credentialsId = await credentialIdFor(this, itemIndex);
		const provider = providerOf(this, itemIndex);
		const newName = String(this.getNodeParameter('credentialName', itemIndex, '') ?? '').trim();
		const name = newName === '' ? undefined : credentialNameOf(this, itemIndex, NEW_NAME, newName);
		const { keys, secrets } = givenKeys(this, itemIndex, provider, false);
		const awsMode = awsModeSettingsOf(this, itemIndex, provider, true);
		const baseUrl = provider.baseUrl ? baseUrlOf(this, itemIndex, this.getNodeParameter('baseUrl', itemIndex, '')) : undefined;
		const newDescription = String(this.getNodeParameter('credentialDescription', itemIndex, '') ?? '').trim();
		const workspaceId = await workspaceIdFor(this, itemIndex);

		const described = await apiRequest<{ credentials?: IDataObject }>(this, {
			method: 'GET',
			path: ['credentials', credentialsId],
			query: { workspaceId },
			itemIndex,
		});
		const current = described.credentials ?? {};
		if (current.provider !== provider.value) {
			throw new NodeOperationError(this.getNode(), `Provider is ${provider.name}, but the credentials are not`, {
				itemIndex,
				description:
					`Credentials "${describeValue(current.name)}" are ${describeValue(current.provider)} credentials; pick that ` +
					`provider in "Provider" (item ${itemIndex}). Nothing was changed.`,
			});
		}
		const sentName = name ?? String(current.name);
		const sentDescription = newDescription === '' ? textOf(current.description) : newDescription;
		const sentBaseUrl = baseUrl ?? textOf(current.baseUrl);
		const category = textOf(current.category);
		const kept = keptKeys(current, provider);
		const currentMode = (current.keys as IDataObject | undefined)?.mode;
		const sentKeys = keysInMode(this, itemIndex, awsMode, keys, { ...kept, ...keys }, currentMode);
		// Parts sent back that the node never shows (an access key ID) stay out of errors too.
		const shown = shownKeysOf(provider.value);
		const hidden = Object.entries(kept)
			.filter(([key, value]) => typeof value === 'string' && !shown.includes(key))
			.map(([, value]) => String(value));
		await apiRequest(this, {
			method: 'PUT',
			path: ['credentials', credentialsId],
			query: { workspaceId, ...(awsMode.useExternalId ? { useExternalId: true } : {}) },
			body: {
				credentials: {
					id: credentialsId,
					name: sentName,
					provider: provider.value,
					...(sentDescription === undefined ? {} : { description: sentDescription }),
					...(sentBaseUrl === undefined ? {} : { baseUrl: sentBaseUrl }),
					...(category === undefined ? {} : { category }),
					keys: { discriminator: provider.value, ...sentKeys },
				},
			},
			redact: [...secrets, ...hidden],
			itemIndex,
		});
		const updated = { id: credentialsId, name: sentName, provider: provider.value, updated: true };
		if (!awsMode.useExternalId) return updated;
		return { ...updated, ...(await generatedExternalId(this, itemIndex, credentialsId, workspaceId)) };
	});
}
