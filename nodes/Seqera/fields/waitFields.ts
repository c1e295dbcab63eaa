import type { DisplayCondition, INodeProperties } from 'n8n-workflow';

import { seqeraPlatform } from '../nodeVersions';

/** How long a wait lasts when its Wait Options set no timeout. */
export const DEFAULT_TIMEOUT_MINUTES = 1440;

/** What a paused wait (version 1.5) passes on at its time limit: the runs as error items, or marked. */
export const AT_TIME_LIMIT_FIELD = 'atTimeLimit';

/** The longest time from a lost end to the next node, unless Wait Options say (waits/checkExecution.ts). */
export const DEFAULT_CHECK_INTERVAL_MINUTES = 5;

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

/** Who holds a launch's wait (version 1.3): the running execution, or n8n, paused until the runs end. */
const waitInField: INodeProperties = {
	displayName: 'Wait In',
	name: WAIT_IN_FIELD,
	type: 'options',
	noDataExpression: true,
	default: 'execution',
	options: [
		{
			name: 'Keep This Execution Running',
			value: 'execution',
			description: 'The execution keeps running and reads the run at growing intervals; a restart of n8n ends it',
		},
		{
			name: 'Pause the Execution Until the Runs End',
			value: 'n8n',
			description: "The execution is saved and its worker freed; the runs' ends resume it, through restarts of n8n",
		},
	],
	displayOptions: { show: { waitForCompletion: [true], '@version': [seqeraPlatform.fromVersionOf('heldWaits')] } },
};

/** What a paused wait needs and does, where the user picks it: the dropdown cuts an option's text after two lines. */
const pausedWaitNotice: INodeProperties = {
	displayName:
		"The execution pauses until every run has ended. Nextflow posts each run's end to n8n: start n8n with WEBHOOK_URL set to " +
		"an address the compute environment reaches (without it, n8n's address is http://localhost:5678 and the launch fails). " +
		"Nextflow 23.07 and later send it; 26.09 and later from this node's version 1.5. A check every Check Interval (Wait " +
		'Options) finds an end that never arrives. Not with Send Nextflow Events To.',
	name: 'pausedWaitNotice',
	type: 'notice',
	default: '',
	displayOptions: {
		show: { waitForCompletion: [true], [WAIT_IN_FIELD]: ['n8n'], '@version': [seqeraPlatform.fromVersionOf('heldWaits')] },
	},
};

/** Shown in Wait Options only where n8n holds the wait, or only where it does not. */
const whereHeld = { show: { [`/${WAIT_IN_FIELD}`]: ['n8n'] } };
const whereNotHeld = { hide: { [`/${WAIT_IN_FIELD}`]: ['n8n'] } };

const checkIntervalOption: INodeProperties = {
	displayName: 'Check Interval (Minutes)',
	name: 'checkIntervalMinutes',
	type: 'number',
	default: DEFAULT_CHECK_INTERVAL_MINUTES,
	typeOptions: { minValue: 2 },
	description:
		"The longest time from the last run's end to the next node when the end is lost on its way (n8n down, a refused post, a " +
		'run that posts nothing). n8n checks the runs on the platform twice in each interval while it holds the wait, leaving half ' +
		'of it for n8n to resume the execution.',
	displayOptions: whereHeld,
};

/** The time limit of a paused wait (version 1.5), in a unit runs are measured in, and what it does. */
const timeLimitOptions: INodeProperties[] = [
	{
		displayName: 'At the Time Limit',
		name: AT_TIME_LIMIT_FIELD,
		type: 'options',
		options: [
			{
				name: 'Fail the Items',
				value: 'fail',
				description:
					'Each run not ended becomes an error item, which On Error "Continue (using error output)" sends to the error output',
			},
			{
				name: 'Output the Runs, Marked',
				value: 'output',
				description: 'Each run not ended is output as launched, with waitOutcome "timeLimit"',
			},
		],
		default: 'fail',
		description: 'What n8n passes on for the runs that have not ended when the time limit comes; the runs themselves go on',
		displayOptions: whereHeld,
	},
	{
		displayName: 'Time Limit',
		name: 'timeLimit',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1 },
		description: 'How long n8n holds the wait, in Time Limit Unit, before it gives up on the runs',
		displayOptions: whereHeld,
	},
	{
		displayName: 'Time Limit Unit',
		name: 'timeLimitUnit',
		type: 'options',
		options: [
			{ name: 'Hours', value: 'hours' },
			{ name: 'Days', value: 'days' },
		],
		default: 'days',
		displayOptions: whereHeld,
	},
];

const byDisplayName = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

/**
 * The Wait Options of a launch: where n8n holds the wait, the runs' events end it and a check every few
 * minutes finds an end that was lost, so the pace of the reads in the execution does not apply. From
 * version 1.5 its time limit is given in hours or days, and the user says what it does.
 */
function launchWaitOptions(timeLimitInDays: boolean): INodeProperties {
	const pace = (waitOptionsField.options as INodeProperties[]).map((option) => {
		const onlyInExecution =
			option.name === 'pollIntervalSeconds' ||
			option.name === 'maxPollIntervalSeconds' ||
			(timeLimitInDays && option.name === 'timeoutMinutes');
		return onlyInExecution ? { ...option, displayOptions: whereNotHeld } : option;
	});
	return {
		...waitOptionsField,
		options: [...pace, checkIntervalOption, ...(timeLimitInDays ? timeLimitOptions : [])].sort(byDisplayName),
	};
}

/** Wait Options, shown with Wait for Completion, at the node versions given. */
function waitOptionsShown(options: INodeProperties, versions?: DisplayCondition): INodeProperties {
	return { ...options, displayOptions: { show: { waitForCompletion: [true], ...(versions ? { '@version': [versions] } : {}) } } };
}

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
		...(heldByN8n ? [waitInField, pausedWaitNotice] : [waitOptionsShown(waitOptionsField)]),
		...(heldByN8n
			? [
					waitOptionsShown(launchWaitOptions(false), seqeraPlatform.beforeVersionOf('timeLimitInHoursOrDays')),
					waitOptionsShown(launchWaitOptions(true), seqeraPlatform.fromVersionOf('timeLimitInHoursOrDays')),
				]
			: []),
	];
}
