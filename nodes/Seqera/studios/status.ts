import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/** A Studio's status, as the platform's DataStudioDto holds it under `statusInfo`; empty when it has none. */
export const statusOf = (studio: IDataObject): string => String((studio.statusInfo as IDataObject | undefined)?.status ?? '');

/** The contract's DataStudioStatus values, as a Status field offers them. */
export const STUDIO_STATUS_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Build Failed', value: 'buildFailed' },
	{ name: 'Building', value: 'building' },
	{ name: 'Errored', value: 'errored' },
	{ name: 'Running', value: 'running' },
	{ name: 'Starting', value: 'starting' },
	{ name: 'Stopped', value: 'stopped' },
	{ name: 'Stopping', value: 'stopping' },
];
