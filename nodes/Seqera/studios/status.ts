import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/** A Studio's status, as the platform's DataStudioDto holds it under `statusInfo`; empty when it has none. */
export const statusOf = (studio: IDataObject): string => String((studio.statusInfo as IDataObject | undefined)?.status ?? '');

/**
 * A Studio as the operations output it: the platform's DataStudioDto (its `studioUrl` opens the Studio)
 * with its status at the top, as the trigger's Studio Status Changed gives it.
 */
export function studioItem(studio: IDataObject): IDataObject {
	return { ...studio, status: statusOf(studio) };
}

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
