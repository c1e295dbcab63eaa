import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../transport';

/** Every version of a dataset, as the platform lists them (it answers the whole list at once). */
export async function datasetVersions(
	context: IExecuteFunctions,
	itemIndex: number,
	target: { datasetId: string; workspaceId: string | undefined },
): Promise<IDataObject[]> {
	const response = await apiRequest<{ versions?: IDataObject[] }>(context, {
		method: 'GET',
		path: ['datasets', target.datasetId, 'versions'],
		query: { workspaceId: target.workspaceId },
		itemIndex,
	});
	return response.versions ?? [];
}
