import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

/**
 * The saved states of the triggers whose poll is running in this process. n8n 1.x starts a trigger's
 * next poll on schedule even while the last one is still running (a slow platform, a token's budget
 * spent by other workflows), and both polls would read the same state and report the same events: the
 * same file launching its pipeline twice. n8n runs an active workflow's polls in one process and keeps
 * its state in one object there, so that object tells the polls of one trigger apart from all others.
 */
const statesInPoll = new WeakSet<object>();

/**
 * Runs `poll` unless this trigger's last poll is still running; then nothing is reported this time, and
 * the next poll on schedule reads the state the running one leaves.
 */
export async function onePollAtATime(context: IPollFunctions, poll: () => Promise<INodeExecutionData[][] | null>): Promise<INodeExecutionData[][] | null> {
	const state = context.getWorkflowStaticData('node');
	if (statesInPoll.has(state)) return null;
	statesInPoll.add(state);
	try {
		return await poll();
	} finally {
		statesInPoll.delete(state);
	}
}
