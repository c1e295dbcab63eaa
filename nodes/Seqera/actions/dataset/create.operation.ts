import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../helpers/parameters';
import { requireText } from '../../helpers/validate';
import { connectionOf } from '../../transport/connection';
import { apiRequest } from '../../transport/request';
import { workspaceLocator } from '../common.descriptions';
import { forEachItem } from '../perItem';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'rnaseq-samplesheet',
		description: 'Unique in the workspace',
	},
	workspaceLocator,
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
	},
];

const displayOptions = { show: { resource: ['dataset'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Creates an empty dataset; Upload Version adds its content. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const datasetDescription = (this.getNodeParameter('description', itemIndex, '') as string).trim();
		const response = await apiRequest<{ dataset?: IDataObject }>(this, {
			method: 'POST',
			path: ['datasets'],
			query: { workspaceId: workspaceIdFor(this, itemIndex, connection) },
			body: {
				name: requireText(this.getNode(), itemIndex, 'Name', this.getNodeParameter('name', itemIndex)),
				...(datasetDescription ? { description: datasetDescription } : {}),
			},
			itemIndex,
		});
		return response.dataset ?? {};
	});
}
