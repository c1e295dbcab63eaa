import type { INodeProperties } from 'n8n-workflow';

/** A task of the run, by the number Get Tasks lists it with. */
export const taskIdField: INodeProperties = {
	displayName: 'Task ID',
	name: 'taskId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '17',
	description: 'The numeric task ID, as listed by Get Tasks',
};
