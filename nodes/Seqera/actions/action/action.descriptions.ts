import type { INodeProperties } from 'n8n-workflow';

import { byId, byName, fromList, locator } from '../../fields/locatorBuilders';

/** Any pipeline action of the workspace, whatever starts it: the one Update, Pause, Resume and Delete change. */
export const anyActionLocator: INodeProperties = locator(
	{ displayName: 'Action', name: 'actionId', required: true, description: 'A pipeline action of the workspace' },
	[
		fromList('searchAllActions'),
		byName({ placeholder: 'nightly-rnaseq' }),
		byId({ placeholder: '4jV7xYp2Bq9TmN', check: { kind: 'string', errorMessage: 'An action ID has only letters, digits, - and _' } }),
	],
);

/** What starts an action the node creates; `tower` is a call to its endpoint. */
export type CreatedSource = 'cron' | 'bucket' | 'github' | 'tower';

export const scheduleField: INodeProperties = {
	displayName: 'Schedule',
	name: 'schedule',
	type: 'string',
	default: '',
	placeholder: '0 2 * * *',
	description: 'A cron expression: minute, hour, day of month, month, day of week',
};

export const timezoneField: INodeProperties = {
	displayName: 'Time Zone',
	name: 'timezone',
	type: 'string',
	default: '',
	placeholder: 'Europe/Madrid',
	description: "The time zone the schedule is read in. Empty: the workflow's time zone.",
};

export const pathField: INodeProperties = {
	displayName: 'Path',
	name: 'path',
	type: 'string',
	default: '',
	placeholder: 'runs/incoming/',
	description: 'Only files created below this path of the data link start the pipeline. Empty: any file of the data link.',
};
