import { PIPELINE_IDS, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { startSimulator, type Simulator } from '../../dev/simulator/server';
import { call, stop } from './testClient';

const GENOMICS = WORKSPACE_IDS.genomics;
const RND = WORKSPACE_IDS.rnd;
const SHOWCASE = WORKSPACE_IDS.showcase;

/**
 * A launch's `id` names the saved launch it comes from (a Launchpad pipeline's, or an earlier run's), and
 * the platform tells a Launchpad launch apart by it: the node's launches pass only if the simulator, like
 * the platform, refuses one the workspace cannot reach.
 */
describe('simulator: POST /workflow/launch takes only a launch id the workspace reaches', () => {
	let sim: Simulator;

	beforeAll(async () => {
		sim = await startSimulator({ perSecond: 10_000 });
	});

	afterAll(() => stop(sim));

	const pipelineIn = (workspaceId: number | null, pipelineId: number) =>
		sim.data.pipelinesIn(workspaceId).find((pipeline) => pipeline.id === pipelineId)!;
	const launchFrom = async (id: string, repository: string, sourceWorkspaceId?: number) => {
		const source = sourceWorkspaceId === undefined ? '' : `&sourceWorkspaceId=${sourceWorkspaceId}`;
		return await call(sim, 'POST', `/workflow/launch?workspaceId=${GENOMICS}${source}`, {
			body: { launch: { id, pipeline: repository } },
		});
	};

	it("refuses (403) another workspace's pipeline, a shared one without or with the wrong source workspace, another workspace's run and an unknown id; nothing is launched", async () => {
		const rndOwn = pipelineIn(RND, PIPELINE_IDS.rndAtacseq);
		const shared = pipelineIn(RND, PIPELINE_IDS.rndViralreconShared);
		const otherOrganization = pipelineIn(SHOWCASE, PIPELINE_IDS.showcaseRnaseq);
		const rndRun = sim.data.runsIn(RND)[0];
		const before = sim.data.launches.length;

		const refused = [
			await launchFrom(rndOwn.launchId, rndOwn.repository),
			// Not shared: naming the workspace it belongs to does not reach it.
			await launchFrom(rndOwn.launchId, rndOwn.repository, RND),
			await launchFrom(shared.launchId, shared.repository),
			await launchFrom(shared.launchId, shared.repository, GENOMICS),
			await launchFrom(otherOrganization.launchId, otherOrganization.repository, SHOWCASE),
			await launchFrom(rndRun.launchId, rndRun.repository),
			await launchFrom('0000000000UnknownLaunch', 'nf-core/rnaseq'),
		];
		expect(refused.map((reply) => reply.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
		expect(refused.map((reply) => reply.text)).toEqual(refused.map(() => ''));
		expect(sim.data.launches).toHaveLength(before);
	});

	it("accepts the workspace's own pipeline, one shared from the source workspace named, one of its runs, and a launch without an id", async () => {
		const own = pipelineIn(GENOMICS, PIPELINE_IDS.genomicsRnaseq);
		const shared = pipelineIn(RND, PIPELINE_IDS.rndViralreconShared);
		const run = sim.data.runsIn(GENOMICS)[0];

		const accepted = [
			await launchFrom(own.launchId, own.repository),
			await launchFrom(shared.launchId, shared.repository, RND),
			await launchFrom(run.launchId, run.repository),
			await call(sim, 'POST', `/workflow/launch?workspaceId=${GENOMICS}`, { body: { launch: { pipeline: 'nf-core/rnaseq' } } }),
		];
		expect(accepted.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
		expect(accepted.map((reply) => typeof (reply.json as { workflowId?: unknown }).workflowId)).toEqual([
			'string',
			'string',
			'string',
			'string',
		]);
	});
});
