import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../helpers/parameters';
import { requireText } from '../../helpers/validate';
import { connectionOf } from '../../transport/connection';
import { apiRequest } from '../../transport/request';
import { workspaceLocator } from '../common.descriptions';
import { forEachItem } from '../perItem';
import { secretValueField } from './secret.descriptions';
import { secretValueFor } from './secretParameters';

/** The contract's rule for a secret name (PipelineSecret.name). */
const SECRET_NAME = /^[a-zA-Z_](?:[0-9A-Za-z]+|(_)(?!\1)){1,49}$/;

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
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const name = requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex));
		if (!SECRET_NAME.test(name)) {
			throw new NodeOperationError(node, `Name "${name.slice(0, 60)}" is not a valid secret name`, {
				itemIndex,
				description: `A secret name starts with a letter or _ and goes on with letters, digits and single underscores (never two in a row), like NCBI_API_KEY (item ${itemIndex}).`,
			});
		}
		const value = secretValueFor(this, itemIndex, String(secretValueField.displayName));
		const response = await apiRequest<{ secretId?: number }>(this, {
			method: 'POST',
			path: ['pipeline-secrets'],
			query: { workspaceId: workspaceIdFor(this, itemIndex, connection) },
			body: { name, value },
			redact: [value],
			itemIndex,
		});
		return { id: response.secretId ?? null, name };
	});
}
