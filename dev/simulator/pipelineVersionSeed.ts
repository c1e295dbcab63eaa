/**
 * The seeded pipelines' versions, in the shape of tower-cli's captured
 * `runcmd/pipeline_versions/versions_list.json`: a published version has a name and a draft has none
 * (`null`), and each has a saved launch of its own. Apart from the routes (pipelineVersions.ts), so the
 * store can tell a version's launch without importing them.
 */
import { PIPELINE_IDS } from './seed';

export interface SimPipelineVersion {
	id: string;
	/** Null for a draft. */
	name: string | null;
	isDefault: boolean;
	hash: string;
	created: Date;
	/** What the version's saved launch differs in from the pipeline's. */
	launchId: string;
	revision: string;
}

const version = (id: string, name: string | null, isDefault: boolean, revision: string, created: string): SimPipelineVersion => ({
	id,
	name,
	isDefault,
	hash: Buffer.from(`$v5:${id}:${revision}`).toString('base64'),
	created: new Date(created),
	launchId: `${id.slice(0, 10)}VersionLaunch`,
	revision,
});

/** Versions of the seeded pipelines that have them; the default version runs the pipeline's own revision. */
const VERSIONS: Record<number, SimPipelineVersion[]> = {
	[PIPELINE_IDS.genomicsHello]: [
		version('7TnlaOKANkiDIdDqOO2kCs', 'hello-1', true, 'master', '2026-02-17T17:43:32Z'),
		version('a48GJwfXIUUPIakcwFeue', 'hello-2', false, 'v1.1', '2026-02-17T18:27:39Z'),
		version('7KtabH1PaW1IBPYUdzVcXh', null, false, 'mybranch', '2026-02-17T18:28:01Z'),
	],
};

export function versionsOf(pipelineId: number): SimPipelineVersion[] {
	return VERSIONS[pipelineId] ?? [];
}

/** Whether a saved launch's `id` is the launch of one of the pipeline's versions. */
export function isVersionLaunch(pipelineId: number, launchId: string): boolean {
	return versionsOf(pipelineId).some((each) => each.launchId === launchId);
}
