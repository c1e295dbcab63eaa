import type { LabelTarget } from '../../runs/labels';
import { actionIdFor } from '../../names/lookups';

/** The labels of pipeline actions (`/actions/labels/*`), changed as those of runs and pipelines are. */
export const ACTION_LABELS: LabelTarget = {
	path: 'actions',
	idOf: actionIdFor,
	listName: 'actionIds',
	idName: 'actionId',
};
