import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as customApiCall from './customApiCall/CustomApiCall.resource';
import type { SeqeraType } from './node.type';
import * as workflow from './workflow/Workflow.resource';

/** Reads resource and operation once and hands the whole input to that operation. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0);
	const operation = this.getNodeParameter('operation', 0);
	const seqera = { resource, operation } as SeqeraType;

	switch (seqera.resource) {
		case 'workflow':
			return [await workflow[seqera.operation].execute.call(this)];
		case 'customApiCall':
			return [await customApiCall[seqera.operation].execute.call(this)];
		default:
			throw new NodeOperationError(this.getNode(), `The resource "${String(resource)}" is not known`);
	}
}
