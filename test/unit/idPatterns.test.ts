import type { INode, INodeProperties, INodePropertyRegexValidation } from 'n8n-workflow';

import {
	actionLocator,
	computeEnvLocator,
	datasetLocator,
	pipelineLocator,
	runLocator,
	workspaceLocator,
} from '../../nodes/Seqera/fields/sharedLocators';
import { operationIndex } from '../../nodes/Seqera/contract/operations';
import { requireNumericId, requireStringId, requireStudioId, requireWorkflowId } from '../../nodes/Seqera/helpers/validate';

const node: INode = { id: '1', name: 'Seqera', type: 'n8n-nodes-seqera.seqera', typeVersion: 1, position: [0, 0], parameters: {} };

const SAMPLES = [
	'138659136604200',
	'4Bx1Hmn3fXk2Qp',
	'4Xg5nI8pbEXNf3Gb-Dv_xoGm',
	'1'.repeat(20),
	'a'.repeat(65),
	'two words',
	'acme/genomics',
];

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

describe('an ID never names another route of the platform', () => {
	const words = [...new Set(Object.values(operationIndex.idSiblings).flat())];
	const checks: Array<[string, (value: string) => unknown]> = [
		['Run ID', (value) => requireWorkflowId(node, 0, value)],
		['Compute Environment', (value) => requireStringId(node, 0, value, 'Compute Environment')],
		['Studio', (value) => requireStudioId(node, 0, value)],
		['Workspace', (value) => requireNumericId(node, 0, value, 'Workspace')],
	];

	it('takes its words from the contract: validate, templates, info, launch and the rest', () => {
		expect(words).toEqual(expect.arrayContaining(['validate', 'templates', 'info', 'launch', 'random-name', 'data-links', 'add']));
	});

	it.each(checks)('%s refuses every literal segment that shares a position with an ID in the contract, in any case', (_field, check) => {
		const accepted = [...words, ...words.map((word) => word.toUpperCase())].filter((word) => {
			try {
				check(word);
				return true;
			} catch {
				return false;
			}
		});
		expect(accepted).toEqual([]);
	});

	it('says which field, which value, and what to give instead', () => {
		expect(() => requireWorkflowId(node, 2, 'validate')).toThrow(
			expect.objectContaining({
				message: 'Run ID "validate" is the name of a platform route, not an ID',
				description:
					"In a request path it would reach another operation of the platform, so nothing was sent. Give the run's ID, like 4Bx1Hmn3fXk2Qp, from the run's page or from a Get Many result (item 2).",
			}),
		);
		expect(() => requireStudioId(node, 0, 'templates')).toThrow('Studio "templates" is the name of a platform route, not an ID');
		expect(() => requireStringId(node, 0, 'validate', 'Compute Environment')).toThrow(
			'Compute Environment "validate" is the name of a platform route, not an ID',
		);
	});

	it('still takes real IDs that merely contain such a word', () => {
		expect(requireWorkflowId(node, 0, 'validate2')).toBe('validate2');
		expect(requireStudioId(node, 0, 'info1234')).toBe('info1234');
		expect(requireStringId(node, 0, 'launch-ce', 'Compute Environment')).toBe('launch-ce');
	});
});
