/**
 * The endpoint table: account, the Nextflow version catalog, organisations, workspaces, compute
 * environments, pipelines and labels. A pipeline's schema and a repository's details are in
 * pipelineInfoRoutes.ts. Run endpoints live in workflowRoutes.ts;
 * datasets, actions and labels on runs in resourceRoutes.ts; data links in dataLinkRoutes.ts and
 * Studios in studioRoutes.ts; creating, validating and choosing the primary compute environment, and
 * the credentials list, in computeEnvRoutes.ts; managing credentials in credentialRoutes.ts.
 */
import { forbidden, json } from './apiTypes';
import { computeEnvAsCaptured } from './captured';
import { computeEnvManagementRoutes } from './computeEnvRoutes';
import { dataLinkRoutes } from './dataLinkRoutes';
import { labelEditRoutes } from './labelEditRoutes';
import {
	computeEnvDto,
	computeEnvListEntryDto,
	labelDto,
	organizationDto,
	orgsAndWorkspacesDto,
	pipelineDto,
	pipelineLaunchDto,
	userDto,
	workspaceDto,
} from './dto';
import {
	DEFAULT_PAGE,
	MAX_PAGE,
	attributesParam,
	booleanParam,
	enumParam,
	integerParam,
	numericPathParam,
	pageOf,
	workspaceOf,
} from './params';
import { pipelineEditRoutes } from './pipelineEditRoutes';
import { pipelineVersionRoutes } from './pipelineVersionRoutes';
import { findPipeline, pipelineInfoRoutes } from './pipelineInfoRoutes';
import { pipelineVersionsAnswer, versionLaunch } from './pipelineVersions';
import { nextflowVersionsAnswer } from './nextflowCatalog';
import { orgAdminOf } from './orgAdmin';
import { orgRoutes } from './orgRoutes';
import { orgStructureRoutes } from './orgStructureRoutes';
import { roleRoutes } from './roleRoutes';
import { resourceRoutes } from './resourceRoutes';
import { route, type Route } from './router';
import { secretRoutes } from './secretRoutes';
import { credentialRoutes } from './credentialRoutes';
import { WORKSPACE_IDS } from './seed';
import { studioRoutes } from './studioRoutes';
import { workflowRoutes } from './workflowRoutes';

const accountRoutes: Route[] = [
	route(
		'GET',
		'/service-info',
		(_request, { enterprise }) =>
			json({
				serviceInfo: {
					version: enterprise ? '25.2.0' : '25.2.0-cycle23_a1b2c3d',
					apiVersion: '1.187.0',
					commitId: 'a1b2c3d',
					authTypes: ['github', 'google', 'oidc'],
					loginPath: '/login',
					seqeraCloud: !enterprise,
					waveEnabled: true,
					groundswellEnabled: false,
					userWorkspaceEnabled: true,
					allowInstanceCredentials: false,
					allowNextflowCliLogs: true,
					heartbeatInterval: 60,
					contentMaxFileSize: 5_242_880,
					llmEnabled: false,
					seqeraComputeEnabled: !enterprise,
					evalWorkspaceIds: [],
					landingUrl: 'https://seqera.io',
					termsOfUseUrl: 'https://seqera.io/terms',
					contactEmail: 'support@seqera.io',
				},
			}),
		{ public: true },
	),
	// The contract lists the catalog without `security`, as the launch form reads it.
	route('GET', '/platform/versions', () => json(nextflowVersionsAnswer()), { public: true }),
	route('GET', '/user-info', (_request, { data, callerId }) =>
		json({ user: userDto(orgAdminOf(data).userOf(callerId)), needConsent: false, defaultWorkspaceId: WORKSPACE_IDS.genomics }),
	),
	route('GET', '/user/{userId}/workspaces', (request, { data, callerId }) => {
		if (numericPathParam(request, 'userId') !== callerId) throw forbidden();
		return json({ orgsAndWorkspaces: orgsAndWorkspacesDto(data, callerId) });
	}),
	route('GET', '/orgs', (_request, { data }) =>
		json({ organizations: data.orgs.map((org) => organizationDto(org, data.user)), totalSize: data.orgs.length }),
	),
	route('GET', '/orgs/{orgId}/workspaces', (request, { data }) => {
		const org = data.orgById(numericPathParam(request, 'orgId'));
		if (!org) throw forbidden();
		return json({ workspaces: data.workspaces.filter((w) => w.orgId === org.id).map(workspaceDto) });
	}),
];

const computeEnvRoutes: Route[] = [
	route('GET', '/compute-envs', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const attributes = attributesParam(request, ['labels', 'resources']);
		const status = request.query.status?.toUpperCase();
		const workspaceName = workspace === null ? undefined : data.workspaceById(workspace)?.name;
		return json({
			computeEnvs: data
				.computeEnvsIn(workspace)
				.filter((ce) => !status || ce.status === status)
				.map((ce) => computeEnvListEntryDto(ce, workspaceName, attributes)),
		});
	}),
	route('GET', '/compute-envs/{computeEnvId}', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const attributes = attributesParam(request, ['labels', 'resources']);
		const ce = data.computeEnvsIn(workspace).find((c) => c.id === request.pathParams.computeEnvId);
		if (!ce) throw forbidden();
		const computeEnv = computeEnvAsCaptured(computeEnvDto(ce, data.orgOf(workspace)?.id));
		const labels = data.labels.filter((label) => (ce.labelIds ?? []).includes(label.id)).map(labelDto);
		return json({ computeEnv: attributes.has('labels') ? { ...computeEnv, labels } : computeEnv });
	}),
];

const PIPELINE_ATTRIBUTES = ['optimized', 'labels', 'computeEnv'];

const pipelineRoutes: Route[] = [
	route('GET', '/pipelines', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const attributes = attributesParam(request, PIPELINE_ATTRIBUTES);
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const sortBy = enumParam(request, 'sortBy', ['CREATED', 'MODIFIED', 'NAME'], 'NAME');
		const direction = enumParam(request, 'sortDir', ['ASCENDING', 'DESCENDING'], 'ASCENDING') === 'ASCENDING' ? 1 : -1;
		const search = (request.query.search ?? '').toLowerCase();
		// A quoted search ("nf-core-rnaseq") is an exact name, as tower-cli finds a pipeline by name.
		const exactName = /^"(.*)"$/.exec(request.query.search ?? '')?.[1]?.replace(/\\"/g, '"');
		// `visibility=all` adds the pipelines other workspaces of the organization share with this one.
		const listed = request.query.visibility === 'all' ? data.pipelinesVisibleIn(workspace) : data.pipelinesIn(workspace);
		const matching = listed
			.filter((p) =>
				exactName === undefined
					? [p.name, p.description, p.repository].some((text) => text.toLowerCase().includes(search))
					: p.name === exactName,
			)
			.sort((a, b) => {
				const order =
					sortBy === 'NAME'
						? a.name.localeCompare(b.name)
						: sortBy === 'CREATED'
							? a.dateCreated.getTime() - b.dateCreated.getTime()
							: a.lastUpdated.getTime() - b.lastUpdated.getTime();
				return order * direction;
			});
		return json({
			pipelines: pageOf(matching, offset, max).map((p) => pipelineDto(p, data, attributes)),
			totalSize: matching.length,
		});
	}),
	route('GET', '/pipelines/{pipelineId}', (request, { data }) => {
		const attributes = attributesParam(request, PIPELINE_ATTRIBUTES);
		// Described by ID, a pipeline shared with the workspace is found as the list with visibility=all shows
		// it, its workspaceId telling where it comes from; its launch and schema need that sourceWorkspaceId.
		const id = numericPathParam(request, 'pipelineId');
		const shared =
			request.query.sourceWorkspaceId === undefined
				? data.pipelinesVisibleIn(workspaceOf(request, data)).find((p) => p.id === id)
				: undefined;
		return json({ pipeline: pipelineDto(shared ?? findPipeline(request, data), data, attributes) });
	}),
	route('GET', '/pipelines/{pipelineId}/launch', (request, { data }) => {
		const pipeline = findPipeline(request, data);
		return json({ launch: versionLaunch(request, pipeline, data, pipelineLaunchDto(pipeline, data)) });
	}),
	route('GET', '/pipelines/{pipelineId}/versions', (request, { data }) =>
		pipelineVersionsAnswer(request, findPipeline(request, data), data),
	),
];

const labelRoutes: Route[] = [
	route('GET', '/labels', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const type = enumParam(request, 'type', ['simple', 'resource', 'all'], 'all');
		const onlyDefault = request.query.isDefault === undefined ? undefined : booleanParam(request, 'isDefault');
		const search = (request.query.search ?? '').toLowerCase();
		const matching = data
			.labelsIn(workspace)
			.filter((l) => type === 'all' || l.resource === (type === 'resource'))
			.filter((l) => onlyDefault === undefined || l.isDefault === onlyDefault)
			.filter((l) => `${l.name}=${l.value ?? ''}`.toLowerCase().includes(search))
			.sort((a, b) => a.name.localeCompare(b.name));
		return json({ labels: pageOf(matching, offset, max).map(labelDto), totalSize: matching.length });
	}),
	route('POST', '/labels', (request, { data }) => {
		const label = data.createLabel(workspaceOf(request, data), request.body);
		return json({ id: label.id, name: label.name, value: label.value, resource: label.resource, isDefault: label.isDefault });
	}),
];

/** Every endpoint the simulator serves. */
export function allRoutes(): Route[] {
	return [
		...accountRoutes,
		...computeEnvRoutes,
		...computeEnvManagementRoutes,
		...pipelineRoutes,
		...pipelineEditRoutes,
		...pipelineVersionRoutes,
		...pipelineInfoRoutes,
		...labelRoutes,
		...labelEditRoutes,
		...workflowRoutes,
		...resourceRoutes,
		...dataLinkRoutes,
		...studioRoutes,
		...orgRoutes,
		...orgStructureRoutes,
		...roleRoutes,
		...secretRoutes,
		...credentialRoutes,
	];
}
