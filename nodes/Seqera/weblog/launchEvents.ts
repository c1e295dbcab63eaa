import { randomBytes } from 'node:crypto';

import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	EVENTS_DESTINATION_SETTING,
	EVENTS_TO_URL,
	EVENTS_TO_WORKFLOW,
	EVENTS_URL_FIELD,
	EVENTS_WORKFLOW_FIELD,
	LAUNCH_SETTINGS_FIELD,
	NEXTFLOW_EVENTS_CREDENTIAL,
} from '../fields/fieldNames';
import { WAIT_IN_FIELD } from '../fields/waitFields';
import { seqeraPlatform } from '../nodeVersions';
import { eventsTargetFor } from './executionEvents';
import { runEventsSecret } from './runEventsSecret';
import { triggerUrlOf } from './triggerUrl';
import { refuseUnreachableWebhookAddress } from './webhookAddress';
import { setsWeblogScope, withWeblogBlock, type WeblogTarget } from './protocol';

/** The launch setting's display name, as errors quote it. */
export const EVENTS_URL_NAME = 'Send Nextflow Events To';

/** Which field adds a launch's weblog block, and how the user can do without it, as an error tells them. */
export interface WeblogAddedBy {
	/** A sentence: what adds the block and where it sends the events. */
	adds: string;
	/** The other way out than removing the user's own weblog settings. */
	orElse: string;
}

/**
 * The launch with a `weblog` block that sends the run's events to `target`. A config that sets `weblog`
 * itself fails the item before anything is launched: one of the two blocks would silently lose, and with
 * it either the user's events or the ones the node asked for.
 */
export function withWeblogTarget(
	context: IExecuteFunctions,
	itemIndex: number,
	launch: IDataObject,
	target: WeblogTarget,
	addedBy: WeblogAddedBy,
): IDataObject {
	const configText = typeof launch.configText === 'string' ? launch.configText : undefined;
	if (setsWeblogScope(configText)) {
		throw new NodeOperationError(context.getNode(), "The launch's Nextflow config already sets weblog", {
			itemIndex,
			description:
				`${addedBy.adds} Remove the weblog settings from Nextflow Config (in Launch Settings or the saved pipeline), or ` +
				`${addedBy.orElse}.`,
		});
	}
	return { ...launch, configText: withWeblogBlock(configText, target) };
}

/** Where Send Nextflow Events To sends a run's events: a URL, or the trigger of a workflow of this n8n. */
type EventsDestination = { url: string } | { workflowId: string };

const DESTINATION_PATH = `${LAUNCH_SETTINGS_FIELD}.${EVENTS_DESTINATION_SETTING}`;

/** A text field's value, or a workflow selector's ID (its value holds it in any mode), trimmed. */
function textOf(value: unknown): string {
	const text = value !== null && typeof value === 'object' && '__rl' in value ? (value as { value?: unknown }).value : value;
	return typeof text === 'string' || typeof text === 'number' ? String(text).trim() : '';
}

/** Send Nextflow Events To, when the item gives it: version 1.3's URL, version 1.4's trigger's workflow or URL. */
function eventsDestinationOf(context: IExecuteFunctions, itemIndex: number): EventsDestination | undefined {
	if (!seqeraPlatform.brings(context, 'eventsToTriggerUrl')) return undefined;
	if (!seqeraPlatform.brings(context, 'eventsToTriggersWorkflow')) {
		const url = textOf(context.getNodeParameter(DESTINATION_PATH, itemIndex, ''));
		return url === '' ? undefined : { url };
	}
	const workflowId = textOf(
		context.getNodeParameter(`${DESTINATION_PATH}.${EVENTS_TO_WORKFLOW}.${EVENTS_WORKFLOW_FIELD}`, itemIndex, ''),
	);
	const url = textOf(context.getNodeParameter(`${DESTINATION_PATH}.${EVENTS_TO_URL}.${EVENTS_URL_FIELD}`, itemIndex, ''));
	if (workflowId !== '' && url !== '') {
		throw new NodeOperationError(context.getNode(), `${EVENTS_URL_NAME} has both a trigger's workflow and a URL`, {
			itemIndex,
			description: "Nextflow's weblog sends a run's events to one URL: keep one of the two.",
		});
	}
	if (workflowId === '') return url === '' ? undefined : { url };
	// n8n's workflow IDs are letters and digits; the ID becomes a segment of the trigger's URL.
	if (!/^[\w-]+$/.test(workflowId)) {
		throw new NodeOperationError(context.getNode(), `${EVENTS_URL_NAME} → Workflow is not a workflow's ID`, {
			itemIndex,
			description:
				`Got "${workflowId}". Pick the workflow from the list, or give its ID: the last part of its address in the editor ` +
				`(…/workflow/<ID>).`,
		});
	}
	return { workflowId };
}

/** What keeps a user and password from being Nextflow's `basicToken`, if anything. */
export function basicTokenProblem(user: unknown, password: unknown): string | undefined {
	if (typeof user !== 'string' || user === '' || typeof password !== 'string' || password === '') return 'needs a user and a password';
	// Nextflow sends user:password as basic auth, which splits the pair at its first colon.
	if (user.includes(':')) return 'needs a user without a colon';
	return undefined;
}

async function eventsCredential(context: IExecuteFunctions, itemIndex: number): Promise<{ user: string; password: string }> {
	const missing = (why: string) =>
		new NodeOperationError(context.getNode(), `${EVENTS_URL_NAME} needs a Seqera Nextflow Events API credential${why}`, {
			itemIndex,
			description:
				'Choose the same credential as the Seqera Nextflow Events trigger the events go to: Nextflow sends its user and ' +
				'password with each event, and the trigger refuses events without them.',
		});
	let credential: { user?: unknown; password?: unknown };
	try {
		credential = await context.getCredentials(NEXTFLOW_EVENTS_CREDENTIAL, itemIndex);
	} catch {
		throw missing(' on this node');
	}
	const problem = basicTokenProblem(credential.user, credential.password);
	if (problem !== undefined) throw missing(`, and the one chosen ${problem}`);
	return { user: String(credential.user), password: String(credential.password) };
}

/** The URL of the picked workflow's trigger on this n8n, from this execution's resume URL (triggerUrl.ts). */
function pickedTriggerUrl(context: IExecuteFunctions, itemIndex: number, workflowId: string): string {
	const resumeUrl = String(context.evaluateExpression('{{ $execution.resumeUrl }}', itemIndex));
	// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- n8n's endpoint settings are in its environment
	const url = triggerUrlOf(resumeUrl, workflowId, process.env);
	if (url === undefined) {
		throw new NodeOperationError(context.getNode(), `${EVENTS_URL_NAME} cannot tell this n8n's webhook address`, {
			itemIndex,
			description:
				"n8n gives a node its webhook address within the execution's resume URL, and this one does not end in " +
				"N8N_ENDPOINT_WEBHOOK_WAIT and the execution's ID. Give the trigger's Production URL as the URL instead.",
		});
	}
	if (seqeraPlatform.brings(context, 'loopbackWebhookAddressRefused'))
		// WEBHOOK_URL is n8n's own setting, in its environment
		// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals
		refuseUnreachableWebhookAddress(context, itemIndex, url, process.env, `${EVENTS_URL_NAME} → Trigger's Workflow`);
	return url;
}

/** Where Send Nextflow Events To sends the run's events, with the credential's pair; undefined when the item gives no destination. */
async function eventsTriggerTarget(context: IExecuteFunctions, itemIndex: number): Promise<WeblogTarget | undefined> {
	const destination = eventsDestinationOf(context, itemIndex);
	if (destination === undefined) return undefined;
	if ('workflowId' in destination) {
		return { url: pickedTriggerUrl(context, itemIndex, destination.workflowId), ...(await eventsCredential(context, itemIndex)) };
	}
	const { url } = destination;
	// nf-weblog takes http and https URLs only, and fails the run's start on any other.
	if (!/^https?:\/\/\S+$/i.test(url) || !URL.canParse(url)) {
		throw new NodeOperationError(context.getNode(), `${EVENTS_URL_NAME} is not an http or https URL`, {
			itemIndex,
			description:
				`Got "${url}". Paste the Production URL of a Seqera Nextflow Events trigger (open the trigger, Webhook URLs → ` +
				`Production URL).`,
		});
	}
	return { url, ...(await eventsCredential(context, itemIndex)) };
}

/** A run name for a launch that gives none: `n8n_` and 12 hex digits (48 random bits), as the platform's pattern for run names allows. */
function generatedRunName(): string {
	return `n8n_${randomBytes(6).toString('hex')}`;
}

/**
 * The launch with a weblog block that sends the run's events to the trigger named in Send Nextflow Events
 * To, if any. From version 1.5 the block carries the run's own secret (runEventsSecret.ts), bound to the
 * run name the launch sends: Launch Settings → Run Name, the only place a launch, relaunch or Launchpad
 * launch takes it from. Nextflow posts that name with each event (the platform runs it as `-name`); a
 * launch without one is given one here, since the platform would otherwise pick a name the secret does
 * not know.
 */
export async function withEventsToTrigger(context: IExecuteFunctions, itemIndex: number, launch: IDataObject): Promise<IDataObject> {
	const target = await eventsTriggerTarget(context, itemIndex);
	if (target === undefined) return launch;
	const addedBy: WeblogAddedBy = {
		adds: `${EVENTS_URL_NAME} adds a weblog block that sends the run's events to the trigger.`,
		orElse: `remove ${EVENTS_URL_NAME}`,
	};
	if (!seqeraPlatform.brings(context, 'eventsSecretPerRun')) return withWeblogTarget(context, itemIndex, launch, target, addedBy);
	const runName = launch.runName === undefined ? generatedRunName() : String(launch.runName);
	return withWeblogTarget(
		context,
		itemIndex,
		{ ...launch, runName },
		{ ...target, password: runEventsSecret(target.password, runName) },
		addedBy,
	);
}

/** Wait In's option that has n8n hold the wait, as errors quote it. */
const HELD_BY_N8N = 'Pause the Execution Until the Runs End';
/** Wait In's option that keeps the wait in the running execution, as errors quote it. */
const IN_EXECUTION = 'Keep This Execution Running';

/**
 * Whether this node holds its wait in n8n rather than in the running execution: version 1.3's Wait In,
 * read once for the node, since n8n puts the whole execution to wait, not an item.
 */
export function holdsWaitInN8n(context: IExecuteFunctions): boolean {
	if (!seqeraPlatform.brings(context, 'heldWaits') || context.getInputData().length === 0) return false;
	return (
		context.getNodeParameter('waitForCompletion', 0, false) === true &&
		context.getNodeParameter(WAIT_IN_FIELD, 0, 'execution') === 'n8n'
	);
}

/**
 * The launch with a `weblog` block that sends the run's events to this execution's resume URL. Nextflow's
 * weblog sends a run's events to one URL, so a launch that also asks to send them to a trigger fails the
 * item before anything is launched, as does a config that sets `weblog` itself.
 */
export async function withEventsToExecution(context: IExecuteFunctions, itemIndex: number, launch: IDataObject): Promise<IDataObject> {
	if (eventsDestinationOf(context, itemIndex) !== undefined) {
		throw new NodeOperationError(context.getNode(), `Wait In "${HELD_BY_N8N}" and ${EVENTS_URL_NAME} both send the run's events`, {
			itemIndex,
			description:
				`Nextflow's weblog sends a run's events to one URL. Choose Wait In "${IN_EXECUTION}" to send them to the trigger, or ` +
				`remove ${EVENTS_URL_NAME} to let n8n hold the wait.`,
		});
	}
	return withWeblogTarget(context, itemIndex, launch, await eventsTargetFor(context, itemIndex), {
		adds: `Wait In "${HELD_BY_N8N}" adds a weblog block that sends the run's events to this execution.`,
		orElse: `choose Wait In "${IN_EXECUTION}"`,
	});
}
