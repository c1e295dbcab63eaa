import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

/**
 * The triggers (workflow and node) whose poll is running in this process. n8n 1.x starts a trigger's
 * next poll on schedule even while the last one is still running (a slow platform, a token's budget
 * spent by other workflows), and both polls would read the same saved state and report the same events:
 * the same file launching its pipeline twice. n8n runs an active workflow's polls in one process (the
 * main one in queue mode), so a set in memory is enough.
 */
const triggersInPoll = new Set<string>();

/**
 * Runs `poll` unless this trigger's last poll is still running; then nothing is reported this time, and
 * the next poll on schedule reads the state the running one leaves. Fetch Test Event (a manual poll)
 * runs at once: it neither reads nor writes the state, which it must leave as it is.
 */
export async function onePollAtATime(
	context: IPollFunctions,
	poll: () => Promise<INodeExecutionData[][] | null>,
): Promise<INodeExecutionData[][] | null> {
	if (context.getMode() === 'manual') return await poll();
	const trigger = `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
	if (triggersInPoll.has(trigger)) return null;
	triggersInPoll.add(trigger);
	try {
		return await poll();
	} finally {
		triggersInPoll.delete(trigger);
	}
}
