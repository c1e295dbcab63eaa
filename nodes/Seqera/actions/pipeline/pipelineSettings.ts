import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { locatorOf } from '../../helpers/parameters';
import { optionalNumericId, requireJsonOrYaml, requireNumericIdList, toList } from '../../helpers/validate';
import { describeValue } from '../../text/describeValue';
import { computeEnvIdFor } from '../../names/lookups';

const TEXT_SETTINGS = [
	'revision',
	'workDir',
	'configText',
	'preRunScript',
	'postRunScript',
	'mainScript',
	'entryName',
	'schemaName',
] as const;

/** A Git commit ID: its hash in hex, whole or shortened. */
const COMMIT_ID = /^[0-9a-fA-F]{7,64}$/;

function commitIdOf(node: INode, itemIndex: number, value: unknown): string {
	const commitId = String(value).trim();
	if (!COMMIT_ID.test(commitId)) {
		throw new NodeOperationError(node, `Commit ID "${describeValue(commitId)}" is not a Git commit hash`, {
			itemIndex,
			description:
				`Give the hash of a commit of the repository, such as 3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e, or leave Commit ID ` +
				`empty (item ${itemIndex}).`,
		});
	}
	return commitId;
}

/**
 * The settings the node gives, as WorkflowLaunchRequest fields, and apart (they are not launch settings) the labels: by ID,
 * and (Create only) by name.
 */
export function pipelineSettingsOf(
	context: IExecuteFunctions,
	itemIndex: number,
): { launch: IDataObject; labelIds?: number[]; labelNames: string[] } {
	const node = context.getNode();
	const settings = context.getNodeParameter('pipelineSettings', itemIndex, {}) as IDataObject;
	const launch: IDataObject = {};
	for (const name of TEXT_SETTINGS) if (typeof settings[name] === 'string' && settings[name] !== '') launch[name] = settings[name];
	if (settings.commitId !== undefined && String(settings.commitId).trim() !== '')
		launch.commitId = commitIdOf(node, itemIndex, settings.commitId);
	if (settings.configProfiles !== undefined && toList(settings.configProfiles).length > 0)
		launch.configProfiles = toList(settings.configProfiles);
	if (settings.paramsText !== undefined && settings.paramsText !== '') {
		launch.paramsText = requireJsonOrYaml(node, itemIndex, settings.paramsText, 'Pipeline Parameters');
	}
	const schemaId = optionalNumericId(node, itemIndex, settings.pipelineSchemaId, 'Pipeline Schema ID');
	if (schemaId !== undefined) launch.pipelineSchemaId = Number(schemaId);
	if (settings.pullLatest !== undefined) launch.pullLatest = settings.pullLatest;
	if (settings.stubRun !== undefined) launch.stubRun = settings.stubRun;
	// As tower-cli's --user-secrets and --workspace-secrets: names, an empty list sending nothing.
	const userSecrets = toList(settings.userSecretNames);
	if (userSecrets.length > 0) launch.userSecrets = userSecrets;
	const workspaceSecrets = toList(settings.workspaceSecretNames);
	if (workspaceSecrets.length > 0) launch.workspaceSecrets = workspaceSecrets;
	const labelIds =
		settings.labelIds !== undefined && settings.labelIds !== ''
			? requireNumericIdList(node, itemIndex, settings.labelIds, 'Label IDs')
			: undefined;
	return { launch, labelIds, labelNames: toList(settings.labels) };
}

/** The compute environment field's ID (By Name looked up in the workspace), or undefined when it is empty. */
export async function chosenComputeEnvId(context: IExecuteFunctions, itemIndex: number): Promise<string | undefined> {
	// Left empty, in any mode, the field is not given: Create then takes the primary one, Update keeps the saved one.
	// An empty By Name too, where computeEnvIdFor's optional fails it as every other By Name does.
	if (String(locatorOf(context, 'computeEnvId', itemIndex).value ?? '').trim() === '') return undefined;
	return await computeEnvIdFor(context, itemIndex, 'run');
}
