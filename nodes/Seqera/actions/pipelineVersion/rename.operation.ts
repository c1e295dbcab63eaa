import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../helpers/validate';
import { changeVersion } from './manage';
import { pipelineFields, versionField } from './versionFields';

const NEW_NAME = 'New Name';

const properties: INodeProperties[] = [
	...pipelineFields,
	versionField,
	{
		displayName: NEW_NAME,
		name: 'newName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'hello-3',
		description:
			"Unique among the pipeline's versions; naming a draft publishes it. The platform refuses to rename a version runs were " +
			'launched from.',
	},
];

const displayOptions = { show: { resource: ['pipelineVersion'], operation: ['rename'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeVersion(this, (itemIndex) => ({
		name: requireText(this.getNode(), itemIndex, NEW_NAME, this.getNodeParameter('newName', itemIndex)),
	}));
}
