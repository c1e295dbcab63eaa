/**
 * Compute environments: create, make primary and validate, and the workspace credentials a compute
 * environment uses (`GET /credentials`). Listing and describing compute environments are in routes.ts.
 *
 * A compute environment is checked as the platform's pre-flight does: its credentials must be
 * available and of its cloud's provider, and its work directory must be on its cloud's storage (an
 * AWS Batch work directory on `gs://` is not reachable). A new compute environment is CREATING for one
 * `runProgressMs`, then AVAILABLE, or INVALID with the pre-flight's reason as its message; Validate runs
 * the checks again.
 *
 * An update saves the name, description and credentials it is sent: a description or credentials
 * left out are gone, and a compute environment without its credentials fails its next pre-flight. A
 * delete is refused (409) while runs on the compute environment are active, unless forced; forcing is
 * only for one that is ERRORED, INVALID or DELETING. A Batch Forge one is DELETING for one `runProgressMs` while what
 * Forge made is removed, then gone; others go at once, and so does a DELETING one deleted again.
 */
import { ApiError, badRequest, forbidden, isoSeconds, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import { COMPUTE_PLATFORMS, isActive, type ComputeEnvStatus, type ComputePlatform, type SimComputeEnv, type WorkspaceRef } from './model';
import { booleanParam, workspaceOf } from './params';
import { SeededRandom, hashString } from './random';
import { route, type Route } from './router';
import { SEED_COMPUTE_ENVS, WORKSPACE_IDS } from './seed';

export interface SimCredential {
	id: string;
	workspaceId: WorkspaceRef;
	name: string;
	provider: string;
	status: 'AVAILABLE' | 'INVALID';
	/** Why the provider refused the credentials, while INVALID. */
	message?: string;
	description?: string;
	/** A Git provider's server. */
	baseUrl?: string;
	/** The contract's SecurityKeys as sent, secret parts included: kept so tests can check what arrived; never sent back. */
	keys?: Record<string, unknown>;
	dateCreated: Date;
	/** Absent until the credential is first changed. */
	lastUpdated?: Date;
	lastValidated?: Date;
}

/** Credentials the seed's compute environments do not use: AWS keys in R&D, so an AWS compute environment can be copied there. */
export const CREDENTIAL_IDS = { rndAws: '9tQw2ErT4yAwsKeysCred' } as const;

/** The providers whose credentials a platform takes; none for platforms that need no credentials. */
const PROVIDERS: Record<ComputePlatform, readonly string[]> = {
	'aws-batch': ['aws'],
	'aws-cloud': ['aws'],
	'eks-platform': ['aws'],
	'seqeracompute-platform': [],
	'google-batch': ['google'],
	'google-cloud': ['google'],
	'google-lifesciences': ['google'],
	'gke-platform': ['google'],
	'azure-batch': ['azure', 'azure_entra'],
	'azure-cloud': ['azure', 'azure_entra', 'azure-cloud'],
	'k8s-platform': ['k8s'],
	'uge-platform': ['ssh', 'tw-agent'],
	'slurm-platform': ['ssh', 'tw-agent'],
	'lsf-platform': ['ssh', 'tw-agent'],
	'altair-platform': ['ssh', 'tw-agent'],
	'moab-platform': ['ssh', 'tw-agent'],
	'local-platform': [],
};

/** Where a cloud platform's work directory must be; other platforms take a path on their own file system. */
const WORK_DIR_SCHEMES: Partial<Record<ComputePlatform, string>> = {
	'aws-batch': 's3://',
	'aws-cloud': 's3://',
	'seqeracompute-platform': 's3://',
	'google-batch': 'gs://',
	'google-cloud': 'gs://',
	'google-lifesciences': 'gs://',
	'azure-batch': 'az://',
	'azure-cloud': 'az://',
};

/** The platform's rule for compute environment names. */
const NAME_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** Statuses whose pre-flight can be run again. */
const VALIDATABLE: ReadonlySet<ComputeEnvStatus> = new Set(['AVAILABLE', 'INVALID']);

const CREDENTIALS_CREATED = new Date('2024-01-08T10:00:00Z');

interface ComputeEnvState {
	credentials: SimCredential[];
	/** New compute environment IDs; a stream of its own, so creating one never changes other seeded data. */
	random: SeededRandom;
}

const states = new WeakMap<SimulatorData, ComputeEnvState>();

function seedCredentials(): SimCredential[] {
	const credentials = new Map<string, SimCredential>();
	for (const ce of SEED_COMPUTE_ENVS) {
		credentials.set(ce.credentialsId, {
			id: ce.credentialsId,
			workspaceId: ce.workspaceId,
			name: `${ce.name}-keys`,
			provider: PROVIDERS[ce.platform][0],
			status: 'AVAILABLE',
			dateCreated: CREDENTIALS_CREATED,
		});
	}
	credentials.set(CREDENTIAL_IDS.rndAws, {
		id: CREDENTIAL_IDS.rndAws,
		workspaceId: WORKSPACE_IDS.rnd,
		name: 'rnd-aws-keys',
		provider: 'aws',
		status: 'AVAILABLE',
		dateCreated: CREDENTIALS_CREATED,
	});
	return [...credentials.values()];
}

function stateOf(data: SimulatorData): ComputeEnvState {
	let state = states.get(data);
	if (!state) {
		state = { credentials: seedCredentials(), random: new SeededRandom(hashString('compute-envs')) };
		states.set(data, state);
	}
	return state;
}

/** The credentials a simulator holds, every workspace's: what tests look at and change. */
export function credentialsOf(data: SimulatorData): SimCredential[] {
	return stateOf(data).credentials;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const isComputePlatform = (value: string): value is ComputePlatform => (COMPUTE_PLATFORMS as readonly string[]).includes(value);

/** Credentials (the contract's Credentials; keys are never sent back). */
export function credentialDto(credential: SimCredential): Record<string, unknown> {
	return {
		id: credential.id,
		name: credential.name,
		description: credential.description ?? null,
		provider: credential.provider,
		baseUrl: credential.baseUrl ?? null,
		status: credential.status,
		message: credential.message,
		deleted: false,
		dateCreated: isoSeconds(credential.dateCreated),
		lastUpdated: isoSeconds(credential.lastUpdated ?? credential.dateCreated),
		...(credential.lastValidated ? { lastValidated: isoSeconds(credential.lastValidated) } : {}),
	};
}

/** Why the compute environment's pre-flight fails, or undefined when it passes. */
function preflightProblem(data: SimulatorData, ce: SimComputeEnv): string | undefined {
	const credential = credentialsOf(data).find((each) => each.id === ce.credentialsId && each.workspaceId === ce.workspaceId);
	if (PROVIDERS[ce.platform].length > 0 && !credential) return `Credentials '${ce.credentialsId}' no longer exist`;
	if (credential?.status === 'INVALID')
		return `Credentials '${credential.name}' were refused by the provider: ${credential.message ?? 'access denied'}`;
	const scheme = WORK_DIR_SCHEMES[ce.platform];
	if (scheme && !ce.workDir.startsWith(scheme)) {
		return `Work directory '${ce.workDir}' is not accessible: a ${ce.platform} compute environment needs a ${scheme} path`;
	}
	return undefined;
}

/**
 * Seqera Compute makes a bucket of its own for each compute environment and works in it, below the suffix given as its
 * workDir (`work` without one). The bucket's name here is the simulator's; the platform names its own.
 */
function seqeraComputeWorkDir(id: string, suffix: string): string {
	return `s3://seqera-compute-${id.toLowerCase()}/${suffix.replace(/^\/+|\/+$/g, '') || 'work'}`;
}

/** A 400 for what the platform refuses outright; a failing pre-flight still creates the compute environment, INVALID. */
function newComputeEnv(request: ApiRequest, data: SimulatorData, workspace: WorkspaceRef): SimComputeEnv {
	const body = isRecord(request.body) ? request.body : {};
	const ce = isRecord(body.computeEnv) ? body.computeEnv : {};
	const config = isRecord(ce.config) ? ce.config : {};
	const name = text(ce.name);
	if (!NAME_PATTERN.test(name)) {
		throw badRequest(`Invalid compute environment name '${name}' - use up to 100 letters, digits, '-' and '_'`);
	}
	if (data.computeEnvsIn(workspace).some((existing) => existing.name === name)) {
		throw badRequest(`A compute environment named '${name}' already exists in this workspace`);
	}
	const platform = text(ce.platform);
	if (!isComputePlatform(platform)) throw badRequest(`Unknown compute platform '${platform}'`);
	if (config.discriminator !== platform) {
		throw badRequest(`Compute config type '${String(config.discriminator)}' does not match platform '${platform}'`);
	}
	const ownsWorkDir = platform === 'seqeracompute-platform';
	if (!ownsWorkDir && text(config.workDir) === '') throw badRequest('Missing compute environment work directory');
	const credentialsId = text(ce.credentialsId);
	const providers = PROVIDERS[platform];
	if (providers.length > 0 || credentialsId !== '') {
		const credential = credentialsOf(data).find((each) => each.id === credentialsId && each.workspaceId === workspace);
		if (!credential) throw badRequest(`Missing or unknown credentials '${credentialsId}' for this workspace`);
		if (!providers.includes(credential.provider)) {
			throw badRequest(
				`Credentials '${credential.name}' are ${credential.provider} credentials; ${platform} takes ${providers.join(' or ') || 'none'}`,
			);
		}
	}
	const labelIds = Array.isArray(body.labelIds) ? body.labelIds : [];
	const workspaceLabels = new Set(data.labelsIn(workspace).map((label) => label.id));
	const unknownLabel = labelIds.find((id) => !workspaceLabels.has(id as number));
	if (unknownLabel !== undefined) throw badRequest(`Label ${String(unknownLabel)} not found in this workspace`);

	const { discriminator: _discriminator, workDir: _workDir, ...platformConfig } = config;
	const now = new Date();
	const id = stateOf(data).random.base62(22);
	return {
		id,
		workspaceId: workspace,
		name,
		description: text(ce.description),
		platform,
		region: text(config.region) || text(config.location),
		workDir: ownsWorkDir ? seqeraComputeWorkDir(id, text(config.workDir)) : text(config.workDir),
		status: 'AVAILABLE',
		primary: false,
		credentialsId,
		dateCreated: now,
		lastUsed: now,
		config: platformConfig,
		labelIds: labelIds as number[],
	};
}

/** The compute environment of the path in the request's workspace; `missing` is what the operation answers otherwise. */
function findComputeEnv(request: ApiRequest, data: SimulatorData, missing: () => ApiError): SimComputeEnv {
	const workspace = workspaceOf(request, data);
	const ce = data.computeEnvsIn(workspace).find((each) => each.id === request.pathParams.computeEnvId);
	if (!ce) throw missing();
	return ce;
}

/** Statuses a stuck compute environment is in, the only ones a forced delete takes. */
const FORCE_DELETABLE: ReadonlySet<ComputeEnvStatus> = new Set(['ERRORED', 'INVALID', 'DELETING']);

/** The update's body replaces the name, description and credentials; a new name must be free in the workspace. */
function updateComputeEnv(request: ApiRequest, data: SimulatorData): void {
	const ce = findComputeEnv(request, data, forbidden);
	const body = isRecord(request.body) ? request.body : {};
	const name = text(body.name);
	if (!NAME_PATTERN.test(name)) {
		throw badRequest(`Invalid compute environment name '${name}' - use up to 100 letters, digits, '-' and '_'`);
	}
	if (data.computeEnvsIn(ce.workspaceId).some((other) => other !== ce && other.name === name)) {
		throw new ApiError(409, { message: withErrorId(`A compute environment named '${name}' already exists in this workspace`) });
	}
	const credentialsId = text(body.credentialsId);
	if (credentialsId !== '') {
		const credential = credentialsOf(data).find((each) => each.id === credentialsId && each.workspaceId === ce.workspaceId);
		if (!credential) throw badRequest(`Missing or unknown credentials '${credentialsId}' for this workspace`);
		const providers = PROVIDERS[ce.platform];
		if (!providers.includes(credential.provider)) {
			throw badRequest(
				`Credentials '${credential.name}' are ${credential.provider} credentials; ${ce.platform} takes ${providers.join(' or ') || 'none'}`,
			);
		}
	}
	ce.name = name;
	ce.description = text(body.description);
	ce.credentialsId = credentialsId;
}

function deleteComputeEnv(request: ApiRequest, data: SimulatorData): void {
	const ce = findComputeEnv(request, data, forbidden);
	if (booleanParam(request, 'force')) {
		if (!FORCE_DELETABLE.has(ce.status)) {
			throw badRequest(
				`Compute environment '${ce.name}' is ${ce.status}: only an ERRORED, INVALID or DELETING one can be force-deleted`,
			);
		}
	} else if (data.runsIn(ce.workspaceId).some((run) => run.computeEnvId === ce.id && isActive(run.status))) {
		throw new ApiError(409, { message: withErrorId(`Compute environment '${ce.name}' has active runs and cannot be deleted`) });
	}
	// The platform removes what Batch Forge made (queues, pools) before the compute environment goes: DELETING meanwhile.
	if (ce.config.forge && ce.status !== 'DELETING') {
		ce.status = 'DELETING';
		ce.deletingUntil = performance.now() + data.runProgressMs;
		return;
	}
	data.computeEnvs.splice(data.computeEnvs.indexOf(ce), 1);
}

export const computeEnvManagementRoutes: Route[] = [
	route('PUT', '/compute-envs/{computeEnvId}', (request, { data }) => {
		updateComputeEnv(request, data);
		return noContent();
	}),
	route('DELETE', '/compute-envs/{computeEnvId}', (request, { data }) => {
		deleteComputeEnv(request, data);
		return noContent();
	}),
	route('GET', '/credentials', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const platformId = request.query.platformId;
		// A compute platform stands for the providers it takes; anything else is a provider's own name.
		const providers = platformId === undefined ? undefined : isComputePlatform(platformId) ? PROVIDERS[platformId] : [platformId];
		return json({
			credentials: credentialsOf(data)
				.filter((credential) => credential.workspaceId === workspace)
				.filter((credential) => !providers || providers.includes(credential.provider))
				.map(credentialDto),
		});
	}),
	route('POST', '/compute-envs', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const ce = newComputeEnv(request, data, workspace);
		const problem = preflightProblem(data, ce);
		ce.status = 'CREATING';
		ce.creating = { dueAt: performance.now() + data.runProgressMs, outcome: problem ? 'INVALID' : 'AVAILABLE', message: problem };
		data.computeEnvs.push(ce);
		return json({ computeEnvId: ce.id });
	}),
	// One primary per workspace: choosing one unsets the one before.
	route('POST', '/compute-envs/{computeEnvId}/primary', (request, { data }) => {
		const chosen = findComputeEnv(request, data, forbidden);
		if (chosen.status !== 'AVAILABLE') {
			throw badRequest(`Compute environment '${chosen.name}' is ${chosen.status} and cannot be the primary one`);
		}
		for (const ce of data.computeEnvsIn(chosen.workspaceId)) ce.primary = ce === chosen;
		return noContent();
	}),
	route('POST', '/compute-envs/{computeEnvId}/validate', (request, { data }) => {
		const ce = findComputeEnv(request, data, () => new ApiError(404, { message: withErrorId('Compute environment not found') }));
		if (!VALIDATABLE.has(ce.status)) throw badRequest(`Compute environment '${ce.name}' is ${ce.status} and cannot be validated`);
		if (booleanParam(request, 'force')) {
			const credential = credentialsOf(data).find((each) => each.id === ce.credentialsId && each.workspaceId === ce.workspaceId);
			if (ce.status !== 'INVALID' || (credential && credential.status !== 'AVAILABLE')) {
				throw new ApiError(409, {
					message: withErrorId(
						`Cannot force compute environment '${ce.name}' to AVAILABLE: it must be INVALID with available credentials`,
					),
				});
			}
			ce.status = 'AVAILABLE';
			ce.message = undefined;
		} else {
			const problem = preflightProblem(data, ce);
			ce.status = problem ? 'INVALID' : 'AVAILABLE';
			ce.message = problem;
		}
		return json({ status: ce.status, message: ce.message ?? null, transientError: false });
	}),
];
