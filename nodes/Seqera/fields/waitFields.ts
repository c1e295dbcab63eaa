import type { INodeProperties } from 'n8n-workflow';

/** How long a wait lasts when its Wait Options set no timeout. */
export const DEFAULT_TIMEOUT_MINUTES = 1440;

/** Version 1.3's choice of who holds the wait: the running execution, or n8n. */
export const WAIT_IN_FIELD = 'waitIn';

/** How often to check and how long to wait in all; `subject` is what is waited for. */
function waitPaceOptions(subject: string): INodeProperties[] {
	return [
		{
			displayName: 'First Check After (Seconds)',
			name: 'pollIntervalSeconds',
			type: 'number',
			default: 5,
			typeOptions: { minValue: 1 },
			description: `Checks start this often and slow down as the ${subject} goes on`,
		},
		{
			displayName: 'Longest Interval (Seconds)',
			name: 'maxPollIntervalSeconds',
			type: 'number',
			default: 60,
			typeOptions: { minValue: 1 },
		},
		{
			displayName: 'Timeout (Minutes)',
			name: 'timeoutMinutes',
			type: 'number',
			default: DEFAULT_TIMEOUT_MINUTES,
			typeOptions: { minValue: 1 },
			description: `Give up waiting after this long; the ${subject} itself goes on`,
		},
	];
}

/** The Wait Options of a wait for `subject`: whether an end other than the awaited one fails the item, then the pace. */
export function waitOptionsCollection(subject: string, failOption: INodeProperties): INodeProperties {
	return {
		displayName: 'Wait Options',
		name: 'waitOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [failOption, ...waitPaceOptions(subject)],
	};
}

export const waitOptionsField = waitOptionsCollection('run', {
	displayName: 'Fail Item When Run Fails',
	name: 'failOnRunFailure',
	type: 'boolean',
	default: true,
	description: 'Whether a run that ends FAILED, CANCELLED or UNKNOWN makes this item fail',
});

/** Who holds a launch's wait (version 1.3): the running execution, or n8n until the run's events resume it. */
const waitInField: INodeProperties = {
	displayName: 'Wait In',
	name: WAIT_IN_FIELD,
	type: 'options',
	noDataExpression: true,
	default: 'execution',
	options: [
		{
			name: 'This Execution',
			value: 'execution',
			description: 'The execution runs on and checks the run at growing intervals; a restart of n8n ends the wait and the rest of the workflow',
		},
		{
			name: "Held by N8n Until the Run's Events",
			value: 'n8n',
			description:
				"The execution waits in n8n, through restarts and without holding a worker, and Nextflow's own events resume it. The compute environment must reach n8n's webhook URL (WEBHOOK_URL) and fetch the nf-weblog plugin.",
		},
	],
	displayOptions: { show: { waitForCompletion: [true], '@version': [{ _cnd: { gte: 1.3 } }] } },
};

/**
 * "Wait for Completion" and its options, for the operations that start a run. A launch whose Nextflow
 * config the node writes can also have n8n hold the wait (version 1.3), resumed by the run's events.
 */
export function waitFields({ heldByN8n }: { heldByN8n: boolean }): INodeProperties[] {
	return [
		{
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'boolean',
			default: false,
			description: 'Whether to hold the item until the run finishes, and output the run with its final status and progress',
		},
		...(heldByN8n ? [waitInField] : []),
		{ ...waitOptionsField, displayOptions: { show: { waitForCompletion: [true] } } },
	];
}
