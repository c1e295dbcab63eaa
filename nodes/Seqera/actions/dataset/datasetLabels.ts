import type { LabelTarget } from '../../runs/labels';
import { datasetIdFor } from './datasetParameters';

/** The labels of datasets (`/datasets/labels/*`), changed as those of runs and pipelines are; only simple labels go on datasets. */
export const DATASET_LABELS: LabelTarget = {
	path: 'datasets',
	idOf: async (context, itemIndex) => datasetIdFor(context, itemIndex),
	listName: 'datasetIds',
	idName: 'datasetId',
};
