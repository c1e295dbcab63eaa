import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParticipantScope } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { workspacePath } from './workspaceRecords';

/** Where a workspace's Studios settings are read and replaced. */
export function studiosSettingsPath(scope: ParticipantScope): string[] {
	return [...workspacePath(scope), 'settings', 'studios'];
}

/** The workspace's Studios settings as the platform answers them (DataStudioWorkspaceSettingsResponse). */
export async function studiosSettingsOf(context: IExecuteFunctions, itemIndex: number, scope: ParticipantScope): Promise<IDataObject> {
	return await apiRequest<IDataObject>(context, { method: 'GET', path: studiosSettingsPath(scope), itemIndex });
}
