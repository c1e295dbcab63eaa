/**
 * Pipeline versions (`GET /pipelines/{pipelineId}/versions`), in the shape of tower-cli's captured
 * `runcmd/pipeline_versions/versions_list.json`: each entry is the pipeline with one `version`, a published
 * version has a name and a draft has none (`null`). Each version has a saved launch of its own, which
 * `GET /pipelines/{pipelineId}/launch?versionId=…` (and the schema's `versionId`) pick; without one, the
 * default version's.
 */
import { forbidden, isoSeconds, json, type ApiRequest, type ApiResult } from './apiTypes';
import type { SimulatorData } from './data';
import type { SimPipeline } from './model';
import { booleanParam, DEFAULT_PAGE, integerParam, MAX_PAGE, pageOf } from './params';
import type { SimPipelineVersion } from './pipelineVersionSeed';
import { SEED_USER } from './seed';

/**
 * The version a request's `versionId` names, undefined without one; an ID the pipeline has no version of
 * is refused with the platform's bare 403, as an unknown ID is.
 */
export function versionAsked(request: ApiRequest, pipeline: SimPipeline, data: SimulatorData): SimPipelineVersion | undefined {
	const versionId = request.query.versionId;
	if (versionId === undefined) return undefined;
	const found = data.versionsOf(pipeline.id).find((each) => each.id === versionId);
	if (!found) throw forbidden();
	return found;
}

/** The saved launch of the version asked for, laid over the pipeline's (the default version's). */
export function versionLaunch(
	request: ApiRequest,
	pipeline: SimPipeline,
	data: SimulatorData,
	launch: Record<string, unknown>,
): Record<string, unknown> {
	const asked = versionAsked(request, pipeline, data);
	return asked === undefined || asked.isDefault ? launch : { ...launch, ...asked.launch, id: asked.launchId };
}

export function versionEntryDto(pipeline: SimPipeline, each: SimPipelineVersion, data: SimulatorData): Record<string, unknown> {
	return {
		pipelineId: pipeline.id,
		name: pipeline.name,
		repository: pipeline.repository,
		userId: SEED_USER.id,
		userName: SEED_USER.userName,
		workspaceId: pipeline.workspaceId ?? undefined,
		orgId: pipeline.workspaceId === null ? undefined : data.orgOf(pipeline.workspaceId)?.id,
		version: {
			id: each.id,
			creatorUserId: SEED_USER.id,
			creatorUserName: SEED_USER.userName,
			creatorFirstName: null,
			creatorLastName: null,
			creatorAvatarUrl: null,
			name: each.name,
			dateCreated: isoSeconds(each.created),
			lastUpdated: isoSeconds(each.created),
			hash: each.hash,
			isDefault: each.isDefault,
		},
	};
}

/** GET /pipelines/{pipelineId}/versions of `pipeline`. */
export function pipelineVersionsAnswer(request: ApiRequest, pipeline: SimPipeline, data: SimulatorData): ApiResult {
	const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
	const offset = integerParam(request, 'offset', 0);
	const published = request.query.isPublished === undefined ? undefined : booleanParam(request, 'isPublished');
	// tower-cli's `pipelines versions list --filter` searches versions by the start of their name.
	const search = (request.query.search ?? '').toLowerCase();
	const matching = data
		.versionsOf(pipeline.id)
		.filter((each) => published === undefined || (each.name !== null) === published)
		.filter((each) => search === '' || (each.name ?? '').toLowerCase().startsWith(search));
	return json({
		versions: pageOf(matching, offset, max).map((each) => versionEntryDto(pipeline, each, data)),
		totalSize: matching.length,
	});
}
