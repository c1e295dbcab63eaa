import { randomBytes } from 'node:crypto';

import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PIPELINE_VERSION_FIELD } from '../fields/fieldNames';
import { locatorOf } from '../helpers/parameters';
import { requireStringId } from '../helpers/validate';
import { describeValue } from '../text/describeValue';
import { idNamed, type NamedEntry } from '../names/byName';
import { apiRequestPages, pagesCountedByTotal } from '../lists/pages';
import { apiRequest, type SeqeraFunctions } from '../transport';

/** A version of a Launchpad pipeline, as `GET /pipelines/{pipelineId}/versions` lists it. */
export interface PipelineVersion {
	id: string;
	/** Null for a draft, which only its ID picks. */
	name: string | null;
	isDefault: boolean;
}

/** The most versions one lookup reads, the platform's largest page. */
const VERSIONS_PAGE = 100;

/**
 * A page of the pipeline's versions. `search` is the platform's (the start of a name); tower-cli looks a
 * version up by name among the published ones (`isPublished=true`), as drafts have no name.
 */
export async function pipelineVersions(
	context: SeqeraFunctions,
	pipelineId: string,
	workspaceId: string | undefined,
	query: { search?: string; isPublished?: boolean; offset?: number } = {},
	itemIndex?: number,
): Promise<{ versions: PipelineVersion[]; totalSize: number }> {
	const page = await apiRequest<{ versions?: IDataObject[]; totalSize?: number }>(context, {
		method: 'GET',
		path: ['pipelines', pipelineId, 'versions'],
		query: { workspaceId, max: VERSIONS_PAGE, ...query },
		itemIndex,
	});
	const versions = (page.versions ?? []).flatMap((entry) => {
		const version = entry.version as IDataObject | null | undefined;
		if (!version || typeof version.id !== 'string') return [];
		return [asVersion(version)];
	});
	return { versions, totalSize: page.totalSize ?? versions.length };
}

function asVersion(version: IDataObject): PipelineVersion {
	return { id: String(version.id), name: typeof version.name === 'string' ? version.name : null, isDefault: version.isDefault === true };
}

/** A version as the editor's list and the errors show it: its name (a draft has none), and which is the default. */
export function versionLabel(version: PipelineVersion): string {
	return `${version.name ?? 'draft'}${version.isDefault ? ' (default)' : ''}`;
}

/**
 * The version of the Launchpad pipeline that Version names, undefined when it names none (the pipeline's
 * default version). A name is found as tower-cli's `launch --version-name` finds it: the published
 * versions searched by the name, then the exact name; an ID is sent as given, as `--version-id` is.
 */
export async function versionIdFor(
	context: SeqeraFunctions,
	itemIndex: number,
	pipelineId: string,
	workspaceId: string | undefined,
): Promise<string | undefined> {
	const { mode, value } = locatorOf(context, PIPELINE_VERSION_FIELD, itemIndex);
	if (String(value ?? '').trim() === '') return undefined;
	if (mode !== 'name') return requireStringId(context.getNode(), itemIndex, String(value).trim(), 'Version');
	const toEntries = (versions: PipelineVersion[]): NamedEntry[] =>
		versions.flatMap((version) => (version.name === null ? [] : [{ name: version.name, id: version.id }]));
	return await idNamed(
		context,
		itemIndex,
		{
			field: 'Version',
			entries: 'versions',
			key: `pipelines/${pipelineId}/versions\u0000${workspaceId ?? ''}`,
			searched: true,
			list: async (name) =>
				toEntries(
					(await pipelineVersions(context, pipelineId, workspaceId, { search: name, isPublished: true }, itemIndex)).versions,
				),
			suggestions: async () =>
				toEntries((await pipelineVersions(context, pipelineId, workspaceId, { isPublished: true }, itemIndex)).versions),
		},
		String(value),
	);
}

/**
 * The platform refuses a version ID the pipeline does not have as it refuses an unknown ID (403), which
 * would read as if the pipeline were missing: the error says which versions there are instead.
 */
export async function unknownVersionError(
	context: IExecuteFunctions,
	itemIndex: number,
	pipelineId: string,
	workspaceId: string | undefined,
	versionId: string,
	error: unknown,
): Promise<unknown> {
	if (!(error instanceof NodeApiError) || error.httpCode !== '403') return error;
	const { versions } = await pipelineVersions(context, pipelineId, workspaceId, {}, itemIndex).catch(() => ({ versions: undefined }));
	if (versions === undefined || versions.some((version) => version.id === versionId)) return error;
	return notAVersionError(context, itemIndex, pipelineId, versionId, versions);
}

/**
 * The name of the pipeline's version `versionId` (null for a draft, which has none); an ID the pipeline does not have
 * fails the item naming the versions it has.
 */
export async function versionNameOf(
	context: IExecuteFunctions,
	itemIndex: number,
	pipelineId: string,
	workspaceId: string | undefined,
	versionId: string,
): Promise<string | null> {
	const { versions } = await pipelineVersions(context, pipelineId, workspaceId, {}, itemIndex);
	const version = versions.find((each) => each.id === versionId);
	if (!version) throw notAVersionError(context, itemIndex, pipelineId, versionId, versions);
	return version.name;
}

/** The error of a version ID the pipeline does not have, naming the versions it has. */
function notAVersionError(
	context: IExecuteFunctions,
	itemIndex: number,
	pipelineId: string,
	versionId: string,
	versions: PipelineVersion[],
): NodeOperationError {
	const listed = versions.length === 0 ? 'none' : versions.map((version) => `${versionLabel(version)}: ${version.id}`).join(', ');
	return new NodeOperationError(
		context.getNode(),
		`Version '${describeValue(versionId)}' is not a version of Launchpad pipeline ${pipelineId}. Versions there are: ${listed}`,
		{
			itemIndex,
			description: `Pick the version from the list, or give its name or ID (item ${itemIndex}).`,
		},
	);
}

/** The pipeline's default version, undefined where it has none (an install without pipeline versioning). */
export async function defaultVersionOf(
	context: SeqeraFunctions,
	pipelineId: string,
	workspaceId: string | undefined,
	itemIndex: number,
): Promise<PipelineVersion | undefined> {
	// As tower-cli's `pipelines update`: the default is among the published versions.
	const { versions } = await pipelineVersions(context, pipelineId, workspaceId, { isPublished: true }, itemIndex);
	return versions.find((version) => version.isDefault);
}

/** How many names after the default version's a new version's name is looked for in, as tower-cli does. */
const NAME_TRIES = 10;

/**
 * A free name for a new version, as the web app and tower-cli's VersionNameHelper make it: the base name's
 * trailing `-<number>` counted on (`rnaseq-3` → `rnaseq-4`; `rnaseq` → `rnaseq-1`), each name asked of the
 * platform (`GET …/versions/validate`) until one is free; after ten taken, four random characters.
 */
export async function nextVersionName(
	context: SeqeraFunctions,
	pipelineId: string,
	workspaceId: string | undefined,
	baseName: string,
	itemIndex: number,
): Promise<string> {
	const numbered = /^(.*)-(\d+)$/.exec(baseName);
	const prefix = numbered ? numbered[1] : baseName;
	const first = numbered ? Number(numbered[2]) + 1 : 1;
	for (let number = first; number < first + NAME_TRIES; number++) {
		const name = `${prefix}-${number}`;
		const free = await apiRequest(context, {
			method: 'GET',
			path: ['pipelines', pipelineId, 'versions', 'validate'],
			query: { name, workspaceId },
			itemIndex,
		}).then(
			() => true,
			(error: unknown) => {
				if (error instanceof NodeApiError && (error.httpCode === '409' || error.httpCode === '400')) return false;
				throw error;
			},
		);
		if (free) return name;
	}
	return `${prefix}-${randomBytes(2).toString('hex')}`;
}

/** `PUT /pipelines/{pipelineId}/versions/{versionId}/manage`: a version's new name, or the version made the default. */
export async function manageVersion(
	context: SeqeraFunctions,
	pipelineId: string,
	versionId: string,
	workspaceId: string | undefined,
	change: { name?: string; isDefault?: boolean },
	itemIndex: number,
): Promise<void> {
	await apiRequest(context, {
		method: 'PUT',
		path: ['pipelines', pipelineId, 'versions', versionId, 'manage'],
		query: { workspaceId },
		body: change,
		itemIndex,
	});
}

/** A version as an output item: the version's own fields, with the pipeline it belongs to. */
export function versionItem(entry: IDataObject): IDataObject {
	return { ...((entry.version as IDataObject | null | undefined) ?? {}), pipelineId: entry.pipelineId, pipelineName: entry.name };
}

/** The pipeline's versions as output items, page by page: `search` is the start of a name; `isPublished` false lists drafts. */
export async function versionItems(
	context: SeqeraFunctions,
	pipelineId: string,
	workspaceId: string | undefined,
	query: { search?: string; isPublished?: boolean },
	limit: number | undefined,
	itemIndex: number,
): Promise<IDataObject[]> {
	const entries = await apiRequestPages<IDataObject>(
		context,
		{ method: 'GET', path: ['pipelines', pipelineId, 'versions'], query: { workspaceId, ...query }, limit, itemIndex },
		pagesCountedByTotal('versions'),
	);
	return entries.map(versionItem);
}

/**
 * The version Version names (required), as an output item. The platform has no read of one version, so it
 * is found in the pipeline's list, as tower-cli's `pipelines versions view` finds it.
 */
export async function chosenVersion(
	context: IExecuteFunctions,
	itemIndex: number,
	pipelineId: string,
	workspaceId: string | undefined,
): Promise<IDataObject> {
	const versionId = await versionIdFor(context, itemIndex, pipelineId, workspaceId);
	if (versionId === undefined) {
		throw new NodeOperationError(context.getNode(), 'Version is empty', {
			itemIndex,
			description: `Pick the version from the list, or give its name or ID (item ${itemIndex}).`,
		});
	}
	const all = await versionItems(context, pipelineId, workspaceId, {}, undefined, itemIndex);
	const found = all.find((version) => version.id === versionId);
	if (found) return found;
	throw notAVersionError(context, itemIndex, pipelineId, versionId, all.map(asVersion));
}
