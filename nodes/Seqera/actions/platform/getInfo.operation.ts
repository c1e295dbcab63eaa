import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest, connectionOf } from '../../transport';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [];

const displayOptions = { show: { resource: ['platform'], operation: ['getInfo'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * What tw's `info` shows: the API the credential reaches, the platform's version and API version, and the user the token belongs
 * to. A token the platform refuses fails the item, as every call does, saying how to make a new one.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const { serviceInfo = {} } = await apiRequest<{ serviceInfo?: IDataObject }>(this, {
			method: 'GET',
			path: ['service-info'],
			itemIndex,
		});
		const { user = {} } = await apiRequest<{ user?: IDataObject }>(this, { method: 'GET', path: ['user-info'], itemIndex });
		return {
			apiEndpoint: (await connectionOf(this)).baseUrl,
			version: serviceInfo.version ?? null,
			apiVersion: serviceInfo.apiVersion ?? null,
			userId: user.id ?? null,
			userName: user.userName ?? null,
		};
	});
}
