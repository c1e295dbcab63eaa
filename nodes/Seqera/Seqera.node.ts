import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { router } from './actions/router';
import { versionDescription } from './actions/versionDescription';
import { credentialTest, listSearch, loadOptions, resourceMapping } from './methods';
import { roleRefusalOf } from './roles/workspaceRoles';
import { explainRefusalsWith } from './transport';
import { resumeOnRunEvent } from './waits/resumeOnRunEvent';

// This node's operations make the changes a role may not allow: its refused calls say so (transport/request.ts).
explainRefusalsWith(roleRefusalOf);

// The rule reads only an inline description; this one, icon included, is in actions/versionDescription.ts
// eslint-disable-next-line @n8n/community-nodes/icon-validation
export class Seqera implements INodeType {
	description: INodeTypeDescription = versionDescription;

	methods = { listSearch, loadOptions, resourceMapping, credentialTest };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}

	/** Calls to the resume URL of an execution whose wait this node holds in n8n: the runs' events. */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeOnRunEvent(this);
	}
}
