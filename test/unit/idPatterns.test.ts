import type { INode, INodeProperties, INodePropertyRegexValidation } from 'n8n-workflow';

import {
	actionLocator,
	computeEnvLocator,
	datasetLocator,
	pipelineLocator,
	runLocator,
	workspaceLocator,
} from '../../nodes/Seqera/actions/common.descriptions';
import { requireNumericId, requireStringId, requireWorkflowId } from '../../nodes/Seqera/helpers/validate';

const node: INode = { id: '1', name: 'Seqera', type: 'n8n-nodes-seqera.seqera', typeVersion: 1, position: [0, 0], parameters: {} };

const SAMPLES = ['138659136604200', '4Bx1Hmn3fXk2Qp', '4Xg5nI8pbEXNf3Gb-Dv_xoGm', '1'.repeat(20), 'a'.repeat(65), 'two words', 'acme/genomics'];

/** The regex the editor checks a typed ID with. */
function editorRegex(locator: INodeProperties): RegExp {
	const idMode = locator.modes!.find((mode) => mode.name === 'id')!;
	const rule = idMode.validation!.find(
		(validation): validation is INodePropertyRegexValidation => typeof validation === 'object' && validation.type === 'regex',
	);
	return new RegExp(rule!.properties.regex);
}

function accepted(check: (value: string) => unknown, value: string): boolean {
	try {
		check(value);
		return true;
	} catch {
		return false;
	}
}

describe('ID patterns', () => {
	it.each([
		['Workspace', workspaceLocator, (value: string) => requireNumericId(node, 0, value, 'Workspace')],
		['Launchpad Pipeline', pipelineLocator, (value: string) => requireNumericId(node, 0, value, 'Launchpad Pipeline')],
		['Run', runLocator, (value: string) => requireWorkflowId(node, 0, value)],
		['Compute Environment', computeEnvLocator, (value: string) => requireStringId(node, 0, value, 'Compute Environment')],
		['Dataset', datasetLocator, (value: string) => requireStringId(node, 0, value, 'Dataset')],
		['Action', actionLocator, (value: string) => requireStringId(node, 0, value, 'Action')],
	])('the editor accepts a typed %s ID exactly when the operation does', (_field, locator, check) => {
		const regex = editorRegex(locator);
		for (const sample of SAMPLES) expect([sample, regex.test(sample)]).toEqual([sample, accepted(check, sample)]);
	});
});
