import type { INodeProperties } from 'n8n-workflow';

/** The path of one file in the data link, for the operations that read one. */
export const filePathField: INodeProperties = {
	displayName: 'File Path',
	name: 'filePath',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'runs/240501_A00123_0042_AHVKJ3DSX7/SampleSheet.csv',
	description: "The file's path below the data link's root, as Browse lists it",
};
