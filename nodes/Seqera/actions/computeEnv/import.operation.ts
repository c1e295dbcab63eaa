import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { findOperation } from '../../contract/operations';
import { checkRequestBody } from '../../contract/requestBody';
import { workspaceLocator } from '../../fields/sharedLocators';
import { overwriteField } from '../../fields/common';
import { labelNamesField } from '../../fields/labelFields';
import { requireText, toList } from '../../helpers/validate';
import { exportDocumentFields, readExportDocument } from '../../items/exportDocument';
import { forEachItem } from '../../items/perItem';
import { COMPUTE_ENVS, currentIdsNamed } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { launchLabelIds } from '../../runs/labels';
import { apiRequest } from '../../transport';
import { workspaceCredentialsIdFor, workspaceCredentialsLocator } from './computeEnv.descriptions';
import { COMPUTE_ENV_EXPORT, importedComputeEnv } from './computeEnvExport';
import { credentialsForNewComputeEnv } from './newComputeEnvCredentials';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'aws-batch-eu',
		description: 'The name of the new compute environment, unique in the workspace',
	},
	...exportDocumentFields(COMPUTE_ENV_EXPORT),
	{ ...workspaceLocator, description: 'The workspace the compute environment is added to' },
	{
		...workspaceCredentialsLocator,
		description:
			"Credentials of the workspace for the compute environment's cloud or cluster; credentials belong to one workspace, so " +
			"an export does not carry them. Leave empty to use the workspace's only credentials for the platform, as tw does; " +
			'Seqera Compute takes none.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: 'What the compute environment is for, as the web app shows it',
			},
			{
				...labelNamesField('the compute environment'),
				description:
					"Comma-separated names of the workspace's labels to put on the compute environment in place of the export's, " +
					'and resource labels as key=value; a label the workspace lacks is created, which needs the Maintain role',
			},
			overwriteField("the workspace's compute environment"),
		],
	},
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['import'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Adds a compute environment from an export as tower-cli's `compute-envs import` does: the export's configuration under
 * the new name, with the chosen credentials or the workspace's only ones for the platform, and the export's labels (by
 * name and value), or the Labels given, found in the workspace or created there; with Overwrite, after deleting the
 * workspace's compute environment of that name. With Export it copies a compute environment between
 * workspaces.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const name = requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex));
		const exported = await readExportDocument(this, itemIndex, COMPUTE_ENV_EXPORT);
		const { platform, config, labels } = importedComputeEnv(this, itemIndex, exported);
		const operation = findOperation('POST', ['compute-envs'])!;
		checkRequestBody(node, itemIndex, operation, { computeEnv: { name, platform, config } }, exported.field);
		const chosenCredentials = workspaceCredentialsIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const credentialsId = await credentialsForNewComputeEnv(this, itemIndex, workspaceId, platform, chosenCredentials);
		const computeEnv: IDataObject = { name, platform, config, ...(credentialsId === undefined ? {} : { credentialsId }) };
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const description = String(options.description ?? '').trim();
		if (description !== '') computeEnv.description = description;
		const givenLabels = toList(options.labels);
		const labelIds = await launchLabelIds(this, itemIndex, workspaceId, givenLabels.length > 0 ? givenLabels : labels);
		const body: IDataObject = { computeEnv, ...(labelIds.length > 0 ? { labelIds } : {}) };
		if (options.overwrite === true) {
			for (const id of await currentIdsNamed(this, itemIndex, COMPUTE_ENVS, workspaceId, name)) {
				await apiRequest(this, { method: 'DELETE', path: ['compute-envs', id], query: { workspaceId }, itemIndex });
			}
		}
		const response = await apiRequest<{ computeEnvId?: string }>(this, {
			method: 'POST',
			path: ['compute-envs'],
			query: { workspaceId },
			body,
			itemIndex,
		});
		return { computeEnvId: response.computeEnvId, name, platform, labelIds };
	});
}
