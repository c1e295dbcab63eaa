import type { DisplayCondition, INode } from 'n8n-workflow';

/**
 * What each node version brought, named, by the version that brought it (docs/node-versions.md). A node
 * keeps the version it was saved with, and with it what that version sends: code asks for a behaviour by
 * name, never for a version number, so each version's changes are listed here and nowhere else.
 */

/**
 * Seqera Platform. Seqera Platform Trigger has the first two of its versions (1 and 1.1) and runs some of
 * its code (data-link paths, the Workspace field): its 1.1 brought what Seqera Platform's 1.1 brought there,
 * and nothing of the later versions reaches it.
 */
const SEQERA_PLATFORM = {
	// 1.1: a data-link path goes out a URL segment per folder, not as one segment with each `/` as `%2F`.
	perSegmentDataLinkPaths: 1.1,
	// 1.1: Studio → Start sends the Studio's current configuration with Configuration Overrides, not `{}`.
	studioStartSendsConfiguration: 1.1,
	// 1.1: a launch from a repository picks Config Profiles from the repository's list, not typed text.
	configProfilesFromList: 1.1,
	// 1.2: an `organization/workspace` given in the Workspace field's ID mode is looked up by name, not refused.
	namesInIdMode: 1.2,
	// 1.2: Compute Environment → Create takes Get's output, leaving out its `null`s and what Forge made, not refusing it.
	computeEnvFromGetOutput: 1.2,
	// 1.2: launches and relaunches send what tower-cli sends, not every saved field.
	requestsAsSeqeraClientsSend: 1.2,
	// 1.2: a Launchpad launch, and its parameters in the editor, read the version the Version field names.
	pipelineVersions: 1.2,
	// 1.2: pipelines other workspaces share are listed, looked up and launched (`visibility=all`, `sourceWorkspaceId`).
	sharedPipelines: 1.2,
	// 1.2: Launch Settings → Labels takes names, created where the workspace lacks them.
	labelsByName: 1.2,
	// 1.2: Launch Settings gain tower-cli's Entry Name, Schema Name, User Secret Names, Commit ID, Launch Container and Disable
	// Optimization.
	towerCliLaunchSettings: 1.2,
	// 1.2: Studio → Create and Start send the mounted data links' IDs in `mountData` beside `mountDataV2`.
	studioMountsInMountData: 1.2,
	// 1.3: Pipeline → Update goes to a version of the pipeline and sends its labels, icon and saved launch fields again unless given.
	pipelineUpdatesThroughVersions: 1.3,
	// 1.3: Pipeline → Create without a compute environment, in a workspace without a primary one, adds the pipeline without one.
	pipelinesWithoutComputeEnv: 1.3,
	// 1.3: a Compute Environment where a run goes is looked up By Name among the available ones only.
	availableComputeEnvsByName: 1.3,
	// 1.3: Wait In can have n8n hold the wait, paused until the runs' events end it.
	heldWaits: 1.3,
	// 1.3: Send Nextflow Events To writes a weblog block that sends the run's events to a trigger's URL.
	eventsToTriggerUrl: 1.3,
	// 1.4: Send Nextflow Events To picks the trigger's workflow, or takes a URL.
	eventsToTriggersWorkflow: 1.4,
	// 1.5: Send Nextflow Events To sends a secret made for the run's name, not the credential's password.
	eventsSecretPerRun: 1.5,
	// 1.5: a launch with a weblog block adds the pre-run script lines that load nf-weblog on Nextflow 26.09 and later.
	weblogPluginOnNextflow2609: 1.5,
	// 1.5: a paused wait's time limit is in hours or days, and fails the items unless told to output them.
	timeLimitInHoursOrDays: 1.5,
	// 1.5: a paused wait or events to a trigger's workflow fail before launching where n8n's webhook address is its loopback default.
	loopbackWebhookAddressRefused: 1.5,
	// 1.5: a launch copied from a run leaves out the weblog block and nf-weblog lines this node wrote for that run.
	relaunchWithoutCopiedEventSettings: 1.5,
} as const;

/** Seqera Nextflow Events, whose versions are its own. */
const SEQERA_NEXTFLOW_EVENTS = {
	// 1.1: the trigger listens at `nextflow-events/<its workflow's ID>`, not `<its webhook ID>/events`.
	pathByWorkflowId: 1.1,
	// 1.2: an event carrying the credential's own password is taken only with Accept the Shared Password on.
	runSecretOnly: 1.2,
} as const;

/** Any context n8n runs a node's code in: an execution, a poll, a webhook call, an editor request. */
interface NodeContext {
	getNode(): INode;
}

/** How code and field descriptions ask a node type's table about its behaviours. */
function askerOf<Behaviour extends string>(broughtIn: Readonly<Record<Behaviour, number>>) {
	return {
		/** Whether the node, at the version it was saved with, has `behaviour`. */
		brings: (context: NodeContext, behaviour: Behaviour): boolean => context.getNode().typeVersion >= broughtIn[behaviour],
		/** The `'@version'` display condition of the versions that have `behaviour`. */
		fromVersionOf: (behaviour: Behaviour): DisplayCondition => ({ _cnd: { gte: broughtIn[behaviour] } }),
		/** The `'@version'` display condition of the versions before `behaviour`, for a field it replaced. */
		beforeVersionOf: (behaviour: Behaviour): DisplayCondition => ({ _cnd: { lt: broughtIn[behaviour] } }),
		/** Whether the node has `behaviour`, as an n8n expression, for a description n8n evaluates itself (a webhook's path). */
		bringsInExpression: (behaviour: Behaviour): string => `$nodeVersion >= ${broughtIn[behaviour]}`,
	};
}

export const seqeraPlatform = askerOf(SEQERA_PLATFORM);

export const seqeraNextflowEvents = askerOf(SEQERA_NEXTFLOW_EVENTS);
