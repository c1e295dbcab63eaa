import type { INodeProperties } from 'n8n-workflow';

/** How long a wait lasts when its Wait Options set no timeout. */
export const DEFAULT_TIMEOUT_MINUTES = 1440;

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

/** "Wait for Completion" and its options, for the operations that start a run. */
export function waitFields(): INodeProperties[] {
	return [
		{
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'boolean',
			default: false,
			description: 'Whether to hold the item until the run finishes, and output the run with its final status and progress',
		},
		{ ...waitOptionsField, displayOptions: { show: { waitForCompletion: [true] } } },
	];
}
