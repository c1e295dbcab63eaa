/** Workflows and credentials in the JSON shape `n8n import:workflow` and `import:credentials` read. */
import type { IDataObject } from 'n8n-workflow';

import { WORKSPACE_IDS } from '../simulator/seed';

export const GENOMICS = WORKSPACE_IDS.genomics;
export const CREDENTIAL = { id: 'seqSimCred00001', name: 'Seqera simulator' };

/** The credential for the simulator's first token, as `n8n import:credentials` reads it. */
export function simulatorCredential(baseUrl: string, accessToken = 'sim-token-alpha'): IDataObject {
	return { ...CREDENTIAL, type: 'seqeraApi', data: { accessToken, server: 'custom', baseUrl, allowUnauthorizedCerts: true } };
}

/** A Seqera node on the Workflow resource in the genomics workspace, with the simulator credential. */
export function seqeraNode(name: string, x: number, parameters: IDataObject, extra: IDataObject = {}): IDataObject {
	return {
		id: name,
		name,
		type: 'n8n-nodes-seqera.seqera',
		typeVersion: 1,
		position: [x, 0],
		parameters: { resource: 'workflow', workspace: { __rl: true, mode: 'id', value: String(GENOMICS) }, ...parameters },
		credentials: { seqeraApi: CREDENTIAL },
		...extra,
	};
}

const MANUAL_TRIGGER: IDataObject = { id: 'Start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };

/** A workflow as n8n exports it: a trigger (a Manual Trigger unless given), then the nodes in a chain. */
export function workflow(id: string, name: string, nodes: IDataObject[], trigger: IDataObject = MANUAL_TRIGGER): IDataObject {
	const chain = [trigger.name as string, ...nodes.map((node) => node.name as string)];
	const connections: IDataObject = {};
	for (let index = 1; index < chain.length; index++) {
		connections[chain[index - 1]] = { main: [[{ node: chain[index], type: 'main', index: 0 }]] };
	}
	return { id, name, active: false, settings: { executionOrder: 'v1' }, connections, nodes: [trigger, ...nodes] };
}
