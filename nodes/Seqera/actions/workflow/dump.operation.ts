import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { runDumpFiles, type DumpChoices } from '../../runs/dump';
import { gzippedTarball } from '../../items/tarball';
import { outputFileField, outputFileFieldName } from '../../fields/common';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItemWithBinary } from '../../items/perItem';

const properties: INodeProperties[] = [
	runLocator,
	workspaceLocator,
	outputFileField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Fusion Logs',
				name: 'fusionLogs',
				type: 'boolean',
				default: false,
				description: "Whether to add each task's Fusion file system log (.fusion.log), for runs that use Fusion",
			},
			{
				displayName: 'Only Failed Tasks',
				name: 'onlyFailed',
				type: 'boolean',
				default: false,
				description: 'Whether to add the logs of failed tasks only, for a smaller archive',
			},
			{
				displayName: 'Task Logs',
				name: 'taskLogs',
				type: 'boolean',
				default: false,
				description: "Whether to add each task's output, error and log (.command.out, .command.err, .command.log)",
			},
		],
	},
];

const displayOptions = { show: { resource: ['workflow'], operation: ['dump'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** A run's support bundle, as tower-cli's `runs dump` writes it: one .tar.gz of its details, logs and tasks as binary data. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItemWithBinary(this, async (itemIndex) => {
		const workflowId = runIdFor(this, itemIndex);
		const binaryPropertyName = outputFileFieldName(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as Partial<DumpChoices>;
		const choices: DumpChoices = {
			taskLogs: options.taskLogs === true,
			fusionLogs: options.fusionLogs === true,
			onlyFailed: options.onlyFailed === true,
		};
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const files = await runDumpFiles(this, { workflowId, workspaceId, itemIndex }, choices);
		const archive = gzippedTarball(files, new Date());
		const fileName = `run-${workflowId}.tar.gz`;
		const binary = await this.helpers.prepareBinaryData(archive, fileName, 'application/gzip');
		return [
			{
				json: { workflowId, fileName, size: archive.length, files: files.map((file) => file.path) },
				binary: { [binaryPropertyName]: binary },
			},
		];
	});
}
