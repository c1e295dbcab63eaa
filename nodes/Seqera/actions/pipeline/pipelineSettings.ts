import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { locatorOf } from '../../helpers/parameters';
import { requireJsonOrYaml, requireNumericIdList, toList } from '../../helpers/validate';
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

/** The settings the node gives, as WorkflowLaunchRequest fields, and the label IDs apart (they are not launch settings). */
export function pipelineSettingsOf(context: IExecuteFunctions, itemIndex: number): { launch: IDataObject; labelIds?: number[] } {
	const node = context.getNode();
	const settings = context.getNodeParameter('pipelineSettings', itemIndex, {}) as IDataObject;
	const launch: IDataObject = {};
	for (const name of TEXT_SETTINGS) if (typeof settings[name] === 'string' && settings[name] !== '') launch[name] = settings[name];
	if (settings.configProfiles !== undefined && toList(settings.configProfiles).length > 0)
		launch.configProfiles = toList(settings.configProfiles);
	if (settings.paramsText !== undefined && settings.paramsText !== '') {
		launch.paramsText = requireJsonOrYaml(node, itemIndex, settings.paramsText, 'Pipeline Parameters');
	}
	if (settings.pullLatest !== undefined) launch.pullLatest = settings.pullLatest;
	if (settings.stubRun !== undefined) launch.stubRun = settings.stubRun;
	const labelIds =
		settings.labelIds !== undefined && settings.labelIds !== ''
			? requireNumericIdList(node, itemIndex, settings.labelIds, 'Label IDs')
			: undefined;
	return { launch, labelIds };
}

/** The compute environment field's ID (By Name looked up in the workspace), or undefined when it is empty. */
export async function chosenComputeEnvId(context: IExecuteFunctions, itemIndex: number): Promise<string | undefined> {
	// Left empty, in any mode, the field is not given: Create then takes the primary one, Update keeps the saved one.
	// An empty By Name too, where computeEnvIdFor's optional fails it as every other By Name does.
	if (String(locatorOf(context, 'computeEnvId', itemIndex).value ?? '').trim() === '') return undefined;
	return await computeEnvIdFor(context, itemIndex, 'run');
}
