import type { IExecuteFunctions } from 'n8n-workflow';

import { requireStringId } from '../../helpers/validate';

/** The dataset an operation acts on, from the Dataset locator (list, ID or URL), checked before any call. */
export function datasetIdFor(context: IExecuteFunctions, itemIndex: number): string {
	return requireStringId(
		context.getNode(),
		itemIndex,
		context.getNodeParameter('datasetId', itemIndex, '', { extractValue: true }),
		'Dataset',
	);
}
