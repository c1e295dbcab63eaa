import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireNumericId } from '../../helpers/validate';

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

/** The Task ID field's value, checked to be a number before any call. */
export function taskIdFor(context: IExecuteFunctions, itemIndex: number): string {
	return requireNumericId(context.getNode(), itemIndex, context.getNodeParameter(taskIdField.name, itemIndex), taskIdField.displayName);
}
