/**
 * `npm run demo`: starts the platform simulator and runs a small "sync my runs" workflow through n8n's
 * execution engine: find the newest failed run of a workspace, relaunch it with
 * resume, read the new run back, then list the workspace's latest runs.
 */
import type { IConnections, IDataObject, INode, IRun } from 'n8n-workflow';

import { SeqeraApi } from '../credentials/SeqeraApi.credentials';
import { Seqera } from '../nodes/Seqera/Seqera.node';
import { createHarness } from '../test/engine/harness';
import { ITEMS_SOURCE_TYPE } from '../test/engine/nodeTypes';
import { startSimulator } from '../test/simulator/server';

const SEQERA = 'n8n-nodes-seqera.seqera';
const WORKSPACE = { __rl: true, mode: 'list', value: '138659136604200', cachedResultName: 'acme-bio / genomics' };

function seqeraNode(name: string, x: number, parameters: IDataObject): INode {
	return { id: name, name, type: SEQERA, typeVersion: 1, position: [x, 0], parameters, credentials: { seqeraApi: { id: '1', name: 'Seqera simulator' } } } as INode;
}

const nodes: INode[] = [
	{ id: 'start', name: 'Start', type: ITEMS_SOURCE_TYPE, typeVersion: 1, position: [0, 0], parameters: { items: '[{}]' } },
	seqeraNode('Failed runs', 200, { resource: 'workflow', operation: 'getMany', returnAll: false, limit: 1, filters: { status: 'failed' }, workspace: WORKSPACE }),
	seqeraNode('Relaunch with resume', 400, {
		resource: 'workflow',
		operation: 'relaunch',
		workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
		workspace: WORKSPACE,
		launchSettings: { runName: '={{ $json.runName }}_retry' },
	}),
	seqeraNode('Read new run', 600, {
		resource: 'workflow',
		operation: 'get',
		workflowId: { __rl: true, mode: 'id', value: '={{ $json.workflowId }}' },
		workspace: WORKSPACE,
	}),
	seqeraNode('Latest runs', 800, { resource: 'workflow', operation: 'getMany', returnAll: false, limit: 10, workspace: WORKSPACE }),
];

const connections: IConnections = {
	Start: { main: [[{ node: 'Failed runs', type: 'main', index: 0 }]] },
	'Failed runs': { main: [[{ node: 'Relaunch with resume', type: 'main', index: 0 }]] },
	'Relaunch with resume': { main: [[{ node: 'Read new run', type: 'main', index: 0 }]] },
	'Read new run': { main: [[{ node: 'Latest runs', type: 'main', index: 0 }]] },
};

function outputOf(run: IRun, nodeName: string): IDataObject[] {
	const task = run.data.resultData.runData[nodeName]?.[0];
	return (task?.data?.main?.[0] ?? []).map((item) => item.json);
}

async function main(): Promise<void> {
	const sim = await startSimulator({ runProgressMs: 1000 });
	try {
		const harness = createHarness({ nodeTypes: { [SEQERA]: new Seqera() }, credentialTypes: { seqeraApi: new SeqeraApi() } });
		const run = await harness.runWorkflow(
			{ nodes, connections },
			{ seqeraApi: { accessToken: 'sim-token-alpha', server: 'custom', baseUrl: sim.baseUrl, allowUnauthorizedCerts: true } },
		);
		if (run.data.resultData.error) throw new Error(run.data.resultData.error.message);

		const [failed] = outputOf(run, 'Failed runs');
		const [launched] = outputOf(run, 'Relaunch with resume');
		const [newRun] = outputOf(run, 'Read new run');
		console.log(`Seqera Platform simulator at ${sim.baseUrl}\n`);
		console.log(`Newest failed run: ${String(failed.runName)} (${String(failed.id)})`);
		console.log(`Relaunched it with resume as ${String(launched.workflowId)}: ${String(newRun.runName)}, status ${String(newRun.status)}\n`);
		console.log('Latest runs in acme-bio / genomics:');
		console.table(outputOf(run, 'Latest runs').map(({ id, runName, status, projectName, submit }) => ({ id, runName, status, projectName, submit })));
		console.log(`\n${sim.log.length} API calls, ${sim.count429()} answered 429.`);
	} finally {
		await sim.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
