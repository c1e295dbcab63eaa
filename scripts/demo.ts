/**
 * `npm run demo`: starts the platform simulator and runs a small "sync my runs" workflow through n8n's
 * execution engine: find the newest failed run of a workspace, relaunch it with
 * resume, read the new run back, then list the workspace's latest runs.
 */
import type { IConnections, IDataObject, INode, IRun } from 'n8n-workflow';

import { SeqeraApi } from '../credentials/SeqeraApi.credentials';
import { Seqera } from '../nodes/Seqera/Seqera.node';
import { createHarness } from '../dev/engine/harness';
import { ITEMS_SOURCE_TYPE } from '../dev/engine/nodeTypes';
import { RELAUNCH_DEMO_NODES, workflow } from '../dev/n8n/workflows';
import { startSimulator } from '../dev/simulator/server';

const SEQERA = 'n8n-nodes-seqera.seqera';
// The same nodes `npm run dev` imports into real n8n, started here by the harness's item source.
const START = { id: 'Start', name: 'Start', type: ITEMS_SOURCE_TYPE, typeVersion: 1, position: [0, 0], parameters: { items: '[{}]' } };
const { nodes, connections } = workflow('demo', 'Relaunch the newest failed run', RELAUNCH_DEMO_NODES, START) as unknown as {
	nodes: INode[];
	connections: IConnections;
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
		console.log(
			`Relaunched it with resume as ${String(launched.workflowId)}: ${String(newRun.runName)}, status ${String(newRun.status)}\n`,
		);
		console.log('Latest runs in acme-bio / genomics:');
		console.table(
			outputOf(run, 'Latest runs').map(({ id, runName, status, projectName, submit }) => ({
				id,
				runName,
				status,
				projectName,
				submit,
			})),
		);
		console.log(`\n${sim.log.length} API calls, ${sim.count429()} answered 429.`);
	} finally {
		await sim.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
