import type { IDataObject } from 'n8n-workflow';

import { unwrapTask } from './records';

/**
 * A task as Get Task and Get Tasks output it: unwrapped from `{task: {...}}`, its `exit` code a number.
 * The contract says integer, but some platform answers give it as text (`"exit": "0"`, captured by
 * tower-cli, whose task commands read it as a number); null and absent stay as they are.
 */
export function taskOf(element: IDataObject): IDataObject {
	const task = unwrapTask(element);
	const exit = task.exit;
	if (typeof exit !== 'string' || !/^\s*-?\d+\s*$/.test(exit)) return task;
	return { ...task, exit: Number(exit) };
}
