/**
 * The seeded pipelines' versions, in the shape of tower-cli's captured
 * `runcmd/pipeline_versions/versions_list.json`: a published version has a name and a draft has none
 * (`null`), and each has a saved launch of its own. Apart from the routes (pipelineVersions.ts), so the
 * store can hold them without importing the routes.
 */
import { PIPELINE_IDS } from './seed';

export interface SimPipelineVersion {
	id: string;
	/** Null for a draft. */
	name: string | null;
	isDefault: boolean;
	hash: string;
	created: Date;
	/** The ID of the version's saved launch. */
	launchId: string;
	/**
	 * The fields of the version's saved launch (LaunchDbDto) laid over the pipeline's. The default version's
	 * launch is the pipeline's own: a version made the default brings these to the pipeline, and the one
	 * that was the default takes the pipeline's launch with it.
	 */
	launch: Record<string, unknown>;
}

const version = (id: string, name: string | null, isDefault: boolean, revision: string, created: string): SimPipelineVersion => ({
	id,
	name,
	isDefault,
	hash: Buffer.from(`$v5:${id}:${revision}`).toString('base64'),
	created: new Date(created),
	launchId: `${id.slice(0, 10)}VersionLaunch`,
	launch: { revision },
});

/** Versions of the seeded pipelines that have them; the default version runs the pipeline's own revision. */
const VERSIONS: Record<number, SimPipelineVersion[]> = {
	[PIPELINE_IDS.genomicsHello]: [
		version('7TnlaOKANkiDIdDqOO2kCs', 'hello-1', true, 'master', '2026-02-17T17:43:32Z'),
		version('a48GJwfXIUUPIakcwFeue', 'hello-2', false, 'v1.1', '2026-02-17T18:27:39Z'),
		version('7KtabH1PaW1IBPYUdzVcXh', null, false, 'mybranch', '2026-02-17T18:28:01Z'),
	],
};

/** The seeded versions, each simulator a copy of its own, since versions come and go with its pipelines. */
export function seedPipelineVersions(): Map<number, SimPipelineVersion[]> {
	return new Map(
		Object.entries(VERSIONS).map(([pipelineId, versions]) => [
			Number(pipelineId),
			versions.map((each) => ({ ...each, launch: { ...each.launch } })),
		]),
	);
}
