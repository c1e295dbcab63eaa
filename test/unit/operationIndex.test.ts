import { existsSync, readFileSync } from 'node:fs';

import { contractFilePath } from '../../dev/simulator/contract';
import { findOperation, operationIndex, takesQueryParameter } from '../../nodes/Seqera/contract/operations';
import { buildOperationIndex, OPERATION_INDEX_FILE } from '../../scripts/buildOperationIndex';

const contractFile = contractFilePath();
const operation = (method: string, path: string) => {
	const found = operationIndex.operations.find((candidate) => candidate.method === method && candidate.path === path);
	if (!found) throw new Error(`${method} ${path} is not in the index`);
	return found;
};
const segments = (path: string) => path.split('/').filter((segment) => segment !== '');

describe('operation index', () => {
	// Without ../shared (a bare clone) there is nothing to regenerate from; the checks below still run.
	(existsSync(contractFile) ? it : it.skip)('is what `npm run operation-index` writes from the contract, byte for byte', () => {
		const regenerated = buildOperationIndex(readFileSync(contractFile, 'utf8'));
		// Line by line, so a stale index shows as the operations and schemas that changed.
		expect(readFileSync(OPERATION_INDEX_FILE, 'utf8').split('\n')).toEqual(regenerated.split('\n'));
	});

	it('holds every operation of the contract, 101 of them without a workspaceId', () => {
		expect(operationIndex.contract).toEqual({ title: 'Seqera API', version: '1.187.0' });
		expect(operationIndex.operations).toHaveLength(252);
		const withoutWorkspace = operationIndex.operations.filter((candidate) => !takesQueryParameter(candidate, 'workspaceId'));
		expect(withoutWorkspace).toHaveLength(101);
		expect(takesQueryParameter(operation('GET', '/user-info'), 'workspaceId')).toBe(false);
		expect(takesQueryParameter(operation('GET', '/orgs'), 'workspaceId')).toBe(false);
		expect(takesQueryParameter(operation('GET', '/workflow'), 'workspaceId')).toBe(true);
	});

	it('gives each operation its path and query parameters, enums resolved', () => {
		const describeRun = operation('GET', '/workflow/{workflowId}');
		expect(describeRun).toMatchObject({ operationId: 'DescribeWorkflow', tags: ['workflows'], summary: 'Describe workflow' });
		expect(describeRun.pathParameters).toEqual([{ name: 'workflowId', required: true, type: 'string' }]);
		expect(describeRun.queryParameters.find((parameter) => parameter.name === 'attributes')).toEqual({
			name: 'attributes',
			required: false,
			type: 'array',
			items: { type: 'string', enum: ['optimized', 'labels', 'messages', 'minimal', 'pipelineInfo'] },
			explode: false,
		});
		expect(operation('GET', '/labels').queryParameters.find((parameter) => parameter.name === 'type')).toEqual({
			name: 'type',
			required: false,
			type: 'string',
			enum: ['simple', 'resource', 'all'],
		});
	});

	it('refers each request body to a schema it holds, and holds every schema those reach', () => {
		expect(operation('POST', '/workflow/launch').body).toEqual({
			contentType: 'application/json',
			required: true,
			schema: { $ref: '#/schemas/SubmitWorkflowLaunchRequest' },
		});
		const refs = new Set<string>();
		JSON.stringify(operationIndex, (_key, value: unknown) => {
			if (typeof value === 'string' && value.startsWith('#/')) refs.add(value);
			return value;
		});
		const missing = [...refs].filter((ref) => !(ref.replace('#/schemas/', '') in operationIndex.schemas));
		expect(missing).toEqual([]);
		expect(operationIndex.schemas.WorkflowLaunchRequest).not.toHaveProperty('description');
	});

	it('ships small', () => {
		expect(readFileSync(OPERATION_INDEX_FILE).length).toBeLessThan(400_000);
	});
});

describe('findOperation', () => {
	it('matches an ID in the path to the template parameter', () => {
		expect(findOperation('GET', segments('/workflow/abc123'))?.operationId).toBe('DescribeWorkflow');
		expect(findOperation('get', segments('/workflow/abc123/tasks'))?.path).toBe('/workflow/{workflowId}/tasks');
	});

	it('prefers a literal segment to a parameter, as the platform routes', () => {
		expect(findOperation('POST', segments('/workflow/launch'))?.operationId).toBe('CreateWorkflowLaunch');
		expect(findOperation('POST', segments('/workflow/delete'))?.path).toBe('/workflow/delete');
		expect(findOperation('POST', segments('/workflow/abc123/cancel'))?.path).toBe('/workflow/{workflowId}/cancel');
	});

	it('finds nothing for a path or method the contract does not have', () => {
		expect(findOperation('GET', segments('/no-such/endpoint'))).toBeUndefined();
		expect(findOperation('PUT', segments('/user-info'))).toBeUndefined();
		expect(findOperation('GET', segments('/data-links/v1-abc/browse/folder/file.txt'))).toBeUndefined();
	});
});

describe('the literal segments beside a path parameter (idSiblings)', () => {
	it('names the routes an ID could reach instead: runs, Studios and compute environments among them', () => {
		expect(operationIndex.idSiblings['/workflow/{}']).toEqual(['delete', 'labels', 'launch', 'random-name', 'validate']);
		expect(operationIndex.idSiblings['/studios/{}']).toEqual(['data-links', 'templates', 'validate']);
		expect(operationIndex.idSiblings['/compute-envs/{}']).toEqual(['validate']);
		expect(operationIndex.idSiblings['/pipelines/{}']).toContain('info');
		expect(operationIndex.idSiblings['/orgs/{}/workspaces/{}/participants/{}']).toEqual(['add']);
		expect(operationIndex.idSiblings['/datasets/{}/v/{}/n/{}']).toBeUndefined();
	});

	it('holds every literal the router would take in place of a parameter, in every operation of the contract', () => {
		const missed: string[] = [];
		for (const candidate of operationIndex.operations) {
			const template = segments(candidate.path);
			template.forEach((segment, index) => {
				if (!/^\{.+\}$/.test(segment)) return;
				const position = `/${template
					.slice(0, index + 1)
					.map((each) => (/^\{.+\}$/.test(each) ? '{}' : each))
					.join('/')}`;
				// Every literal any path has here, as the platform's router sees a request that puts it in the parameter's place.
				for (const other of operationIndex.operations) {
					const otherSegments = segments(other.path);
					const literal = otherSegments[index];
					if (literal === undefined || /^\{.+\}$/.test(literal)) continue;
					const substituted = template.map((each, i) => (i === index ? literal : /^\{.+\}$/.test(each) ? 'x1' : each));
					const reached = findOperation(candidate.method, substituted);
					if (reached && reached !== candidate && !(operationIndex.idSiblings[position] ?? []).includes(literal)) {
						missed.push(`${candidate.method} ${candidate.path}: ${literal}`);
					}
				}
			});
		}
		expect(missed).toEqual([]);
	});
});
