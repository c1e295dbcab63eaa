import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { router } from './actions/router';
import { versionDescription } from './actions/versionDescription';
import { credentialTest, listSearch, loadOptions, resourceMapping } from './methods';

// eslint-disable-next-line @n8n/community-nodes/icon-validation -- the rule reads only an inline description; this one, icon included, is in actions/versionDescription.ts
export class Seqera implements INodeType {
	description: INodeTypeDescription = versionDescription;

	methods = { listSearch, loadOptions, resourceMapping, credentialTest };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
