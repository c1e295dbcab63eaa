import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { workspaceCredentialsIdFor } from '../computeEnv/computeEnv.descriptions';
import { dataLinkCredentialsLocator, dataLinkIdFor } from './dataLinkParameters';

const properties: INodeProperties[] = [
	dataLinkLocator,
	workspaceLocator,
	{ displayName: 'New Name', name: 'name', type: 'string', default: '', description: 'Leave empty to keep the name' },
	{
		displayName: 'New Description',
		name: 'description',
		type: 'string',
		default: '',
		description: 'Leave empty to keep the description',
	},
	{
		...dataLinkCredentialsLocator,
		description: "Credentials of the workspace that can read the bucket. Leave empty to keep the data link's.",
	},
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Reads the data link, then sends its name, description and credentials back with the given changes laid
 * over: the platform saves what it is sent, so one left out would be lost. The bucket and provider of a
 * data link do not change. The output is the data link as the platform answers.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const text = (name: string) => String(this.getNodeParameter(name, itemIndex, '') ?? '').trim();
		const newName = text('name');
		const newDescription = text('description');
		const newCredentialsId = workspaceCredentialsIdFor(this, itemIndex);
		const dataLinkId = await dataLinkIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const { dataLink = {} } = await apiRequest<{ dataLink?: IDataObject }>(this, {
			method: 'GET',
			path: ['data-links', dataLinkId],
			query: { workspaceId },
			itemIndex,
		});
		const [savedCredentials] = (dataLink.credentials as IDataObject[] | undefined) ?? [];
		const name = newName !== '' ? newName : dataLink.name;
		const description = newDescription !== '' ? newDescription : dataLink.description;
		const credentialsId = newCredentialsId ?? savedCredentials?.id;
		return await apiRequest<IDataObject>(this, {
			method: 'PUT',
			path: ['data-links', dataLinkId],
			query: { workspaceId },
			body: {
				name,
				...(typeof description === 'string' ? { description } : {}),
				...(typeof credentialsId === 'string' ? { credentialsId } : {}),
			},
			itemIndex,
		});
	});
}
