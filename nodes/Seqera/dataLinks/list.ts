import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { type ApiRequest, apiRequestWithStatus, callSignalOf, connectionOf, type SeqeraFunctions, sleep } from '../transport';

/**
 * The first time a workspace's data links are listed, the platform fetches them from the workspace's
 * cloud credentials, and `GET /data-links` answers 202 Accepted (with what it has so far) until it is
 * done. tower-cli waits and asks again (`DataLinkService.java`, every 2 s, then 3 s, 4 s...); so does
 * this package, with waits that double from 1 s up to 8 s, each ask a call within the token's budget,
 * for as long as the credential's timeout in all. Then the item fails, naming the workspace.
 */
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 8000;

function stillFetchingError(context: SeqeraFunctions, request: ApiRequest, waitedMs: number): NodeOperationError {
	const workspaceId = request.query?.workspaceId;
	const workspace = workspaceId === undefined || workspaceId === '' ? 'your personal workspace' : `workspace ${String(workspaceId)}`;
	return new NodeOperationError(context.getNode(), `The platform is still fetching the data links of ${workspace}`, {
		itemIndex: request.itemIndex,
		description:
			`GET /data-links answered 202 Accepted for ${Math.round(waitedMs / 1000)} s: the platform reads a workspace's data links ` +
			`from its cloud credentials the first time they are listed, and a bucket-rich account takes a while. Run the node again in ` +
			`a minute, or raise the credential's Timeout (Seconds), which bounds this wait.`,
	});
}

/**
 * One page of `GET /data-links` (the request as given: its query holds the workspace, search and
 * page), once the platform has fetched the workspace's data links. Cancelling the execution ends the wait.
 */
export async function dataLinksPage(context: SeqeraFunctions, request: ApiRequest): Promise<IDataObject> {
	const { timeoutMs } = await connectionOf(context);
	const signal = callSignalOf(context);
	let waitedMs = 0;
	let nextWaitMs = FIRST_WAIT_MS;
	for (;;) {
		const answer = await apiRequestWithStatus<IDataObject>(context, request);
		if (answer.statusCode !== 202) return answer.body;
		if (waitedMs + nextWaitMs > timeoutMs) throw stillFetchingError(context, request, waitedMs);
		await sleep(nextWaitMs, signal);
		waitedMs += nextWaitMs;
		nextWaitMs = Math.min(LONGEST_WAIT_MS, nextWaitMs * 2);
	}
}
