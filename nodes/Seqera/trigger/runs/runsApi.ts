import type { IDataObject } from 'n8n-workflow';

export type ActiveStatus = 'submitted' | 'running';

export interface RunPage {
	/** Runs as the trigger emits them (the list element flattened), newest submit first. */
	runs: IDataObject[];
	hasMore: boolean;
}

/**
 * What the run events read from the platform: the matching runs newest first, optionally only those
 * with one active status, and single runs. The node reads them through the transport; tests can read
 * them from a model of the platform.
 */
export interface RunsApi {
	list(offset: number, max: number, status?: ActiveStatus): Promise<RunPage>;
	/** How many matching runs have this status now. */
	count(status: ActiveStatus): Promise<number>;
	/** The run; throws the transport's error when the platform does not answer with it. */
	get(id: string): Promise<IDataObject>;
	/** Whether the workspace's run list, whatever the trigger's search, still holds this run. */
	isListed(id: string): Promise<boolean>;
}
