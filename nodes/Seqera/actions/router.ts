import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as action from './action/Action.resource';
import * as apiOperation from './apiOperation/ApiOperation.resource';
import * as computeEnv from './computeEnv/ComputeEnv.resource';
import * as credential from './credential/Credential.resource';
import * as customApiCall from './customApiCall/CustomApiCall.resource';
import * as dataLink from './dataLink/DataLink.resource';
import * as dataset from './dataset/Dataset.resource';
import * as label from './label/Label.resource';
import * as organization from './organization/Organization.resource';
import * as organizationMember from './organizationMember/OrganizationMember.resource';
import type { SeqeraType } from './node.type';
import * as pipeline from './pipeline/Pipeline.resource';
import * as pipelineVersion from './pipelineVersion/PipelineVersion.resource';
import * as platform from './platform/Platform.resource';
import * as secret from './secret/Secret.resource';
import * as studio from './studio/Studio.resource';
import * as team from './team/Team.resource';
import * as workflow from './workflow/Workflow.resource';
import * as workspace from './workspace/Workspace.resource';
import * as workspaceParticipant from './workspaceParticipant/WorkspaceParticipant.resource';

/** Reads resource and operation once and hands the whole input to that operation. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0);
	const operation = this.getNodeParameter('operation', 0);
	const seqera = { resource, operation } as SeqeraType;

	switch (seqera.resource) {
		case 'workflow':
			return [await workflow[seqera.operation].execute.call(this)];
		case 'workspace':
			return [await workspace[seqera.operation].execute.call(this)];
		case 'pipeline':
			return [await pipeline[seqera.operation].execute.call(this)];
		case 'pipelineVersion':
			return [await pipelineVersion[seqera.operation].execute.call(this)];
		case 'computeEnv':
			return [await computeEnv[seqera.operation].execute.call(this)];
		case 'label':
			return [await label[seqera.operation].execute.call(this)];
		case 'dataset':
			return [await dataset[seqera.operation].execute.call(this)];
		case 'action':
			return [await action[seqera.operation].execute.call(this)];
		case 'dataLink':
			return [await dataLink[seqera.operation].execute.call(this)];
		case 'studio':
			return [await studio[seqera.operation].execute.call(this)];
		case 'platform':
			return [await platform[seqera.operation].execute.call(this)];
		case 'secret':
			return [await secret[seqera.operation].execute.call(this)];
		case 'credential':
			return [await credential[seqera.operation].execute.call(this)];
		case 'organization':
			return [await organization[seqera.operation].execute.call(this)];
		case 'organizationMember':
			return [await organizationMember[seqera.operation].execute.call(this)];
		case 'workspaceParticipant':
			return [await workspaceParticipant[seqera.operation].execute.call(this)];
		case 'team':
			return [await team[seqera.operation].execute.call(this)];
		case 'apiOperation':
			return [await apiOperation[seqera.operation].execute.call(this)];
		case 'customApiCall':
			return [await customApiCall[seqera.operation].execute.call(this)];
		default:
			throw new NodeOperationError(this.getNode(), `The resource "${String(resource)}" is not known`);
	}
}
