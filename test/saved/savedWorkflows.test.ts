/**
 * Saved workflows are a contract: every workflow in workflows/, saved by the n8n editor with an earlier
 * release, must send today exactly the requests that release sent (recordings/, written by
 * scripts/recordSavedWorkflows.ts), unless declaredChanges.json declares the difference.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { diff } from 'jest-diff';
import { NodeHelpers, type INode, type INodeTypeDescription } from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import {
	SEQERA_NODE_TYPE,
	SEQERA_TRIGGER_TYPE,
	replaySavedWorkflow,
	type RecordedRequest,
	type Recording,
	type SavedWorkflow,
} from '../../dev/savedWorkflows/replay';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { SeqeraTrigger } from '../../nodes/Seqera/SeqeraTrigger.node';

const SAVED_DIR = __dirname;

/** A difference accepted on purpose: the recorded request at `request` (its index) is now `now`, or gone (null). */
interface DeclaredChange {
	fixture: string;
	/** Set when the request is one of the storage host's (`storageRequests`) rather than the platform's. */
	storage?: boolean;
	request: number;
	now: RecordedRequest | null;
	what: string;
	why: string;
	/** The node version whose saved nodes send the change. */
	nodeVersion: number;
}

const readJson = <T>(...parts: string[]): T => JSON.parse(readFileSync(path.join(SAVED_DIR, ...parts), 'utf8')) as T;

const fixtures = readdirSync(path.join(SAVED_DIR, 'recordings'))
	.filter((file) => file.endsWith('.json'))
	.map((file) => file.slice(0, -'.json'.length))
	.sort();
const declaredChanges = readJson<DeclaredChange[]>('declaredChanges.json');

/** The recorded requests with the declared changes made, in the order the recording has them. */
function expectedRequests(fixture: string, recorded: RecordedRequest[], storage: boolean): RecordedRequest[] {
	const changes = declaredChanges.filter((change) => change.fixture === fixture && (change.storage ?? false) === storage);
	for (const change of changes) {
		if (!(change.request >= 0 && change.request < recorded.length)) {
			throw new Error(`declaredChanges.json: ${fixture} has no recorded ${storage ? 'storage ' : ''}request ${change.request}`);
		}
	}
	return recorded.flatMap((request, index) => {
		const change = changes.find((candidate) => candidate.request === index);
		if (!change) return [request];
		return change.now === null ? [] : [change.now];
	});
}

/** What n8n's editor stores for a node it opens: its parameters as shown, defaults left out (NodeHelpers.getNodeParameters). */
function resavedParameters(node: INode, description: INodeTypeDescription) {
	return NodeHelpers.getNodeParameters(description.properties, node.parameters, false, false, node, description);
}

describe('saved workflows send what they sent when they were saved', () => {
	const types = { node: new Seqera(), trigger: new SeqeraTrigger(), credential: new SeqeraApi() };

	it('the editor keeps every saved value when it opens a saved node and saves it again', () => {
		const changed: string[] = [];
		for (const fixture of fixtures) {
			for (const node of readJson<SavedWorkflow>('workflows', `${fixture}.json`).nodes) {
				const type = node.type === SEQERA_NODE_TYPE ? types.node : node.type === SEQERA_TRIGGER_TYPE ? types.trigger : undefined;
				if (!type) continue;
				const resaved = resavedParameters(node, NodeHelpers.getVersionedNodeType(type, node.typeVersion).description);
				if (!isDeepStrictEqual(resaved, node.parameters)) {
					changed.push(
						`${fixture}, "${node.name}":\n${diff(node.parameters, resaved, { aAnnotation: 'Saved', bAnnotation: 'Saved again' }) ?? ''}`,
					);
				}
			}
		}
		expect(changed).toEqual([]);
	});

	it('every declared change names a saved workflow, what changed, why, and the node version', () => {
		for (const change of declaredChanges) {
			expect(fixtures).toContain(change.fixture);
			expect(change).toEqual(
				expect.objectContaining({
					request: expect.any(Number),
					what: expect.any(String),
					why: expect.any(String),
					nodeVersion: expect.any(Number),
				}),
			);
		}
	});

	// Each replay has a simulator of its own, so they run side by side; most of the time is spent waiting.
	it.concurrent.each(fixtures)('%s', async (fixture) => {
		const workflow = readJson<SavedWorkflow>('workflows', `${fixture}.json`);
		const recording = readJson<Recording>('recordings', `${fixture}.json`);
		expect(recording.requests.length).toBeGreaterThan(0);

		const { requests, storageRequests } = await replaySavedWorkflow(workflow, recording.replay, types);

		const sent = { platform: requests, storage: storageRequests };
		const expected = {
			platform: expectedRequests(fixture, recording.requests, false),
			storage: expectedRequests(fixture, recording.storageRequests ?? [], true),
		};
		// Key order in a JSON body means nothing to the platform; everything else counts.
		if (!isDeepStrictEqual(sent, expected)) {
			throw new Error(
				[
					`The saved workflow ${fixture} (recorded with ${recording.release}) sends other requests than it did:`,
					diff(expected, sent, { aAnnotation: 'Recorded', bAnnotation: 'Sent now', expand: false }) ?? '',
					'A change to what a saved node sends needs a new node version; an accepted one goes in test/saved/declaredChanges.json.',
				].join('\n'),
			);
		}
	});
});
