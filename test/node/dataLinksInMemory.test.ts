import { NodeConnectionTypes, type IConnections, type INode } from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { createHarness } from '../../dev/engine/harness';
import { ITEMS_SOURCE_TYPE, oneFileSource } from '../../dev/engine/nodeTypes';
import { generatedContent } from '../../dev/simulator/dataLinks';
import { DATA_LINK_IDS } from '../../dev/simulator/seed';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { GENOMICS, SEQERA_NODE, seqeraCredentials, usePlatform, workspaceParameter } from './platform';

// n8n's in-memory binary data mode (the harness's default): the bytes travel base64-encoded in the item.
const platform = usePlatform();
const INBOX = DATA_LINK_IDS.genomicsInbox;
const dataLink = { dataLinkId: { __rl: true, mode: 'list', value: INBOX } };

async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk);
	return Buffer.concat(chunks);
}

it('Download File puts the streamed file in the item as base64 when n8n keeps binary data in memory', async () => {
	const filePath = 'runs/240501_A00123_0042_AHVKJ3DSX7/SampleSheet.csv';
	const result = await platform.run({
		resource: 'dataLink',
		operation: 'downloadFile',
		filePath,
		...dataLink,
		...workspaceParameter(GENOMICS),
	});
	expect(result.error).toBeUndefined();
	const [item] = result.outputs[0];
	expect(item.json).toMatchObject({ path: filePath, size: 2388 });
	expect(item.binary!.data.id).toBeUndefined();
	expect(Buffer.from(item.binary!.data.data, 'base64').equals(await bytesOf(generatedContent(filePath, 2388)))).toBe(true);
});

it('Upload File sends binary data held in the item in parts', async () => {
	platform.sim.data.dataLinkStore.partSize = 1000;
	const content = 'sample,fastq_1\n'.repeat(200);
	const harness = createHarness({ nodeTypes: { [SEQERA_NODE]: new Seqera() }, credentialTypes: { seqeraApi: new SeqeraApi() } });
	const nodes: INode[] = [
		{
			id: 'file',
			name: 'File',
			type: ITEMS_SOURCE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: oneFileSource({ fileName: 'samples.csv', mimeType: 'text/csv', content }),
		},
		{
			id: 'upload',
			name: 'Upload',
			type: SEQERA_NODE,
			typeVersion: 1,
			position: [200, 0],
			parameters: { resource: 'dataLink', operation: 'uploadFile', ...dataLink, ...workspaceParameter(GENOMICS) },
			credentials: { seqeraApi: { id: '1', name: 'Seqera simulator' } },
		},
	];
	const connections: IConnections = { File: { main: [[{ node: 'Upload', type: NodeConnectionTypes.Main, index: 0 }]] } };
	const run = await harness.runWorkflow({ nodes, connections }, { seqeraApi: seqeraCredentials(platform.sim) });
	expect(run.data.resultData.error).toBeUndefined();
	expect(run.data.resultData.runData.Upload[0].data!.main[0]![0].json).toMatchObject({
		path: 'samples.csv',
		size: content.length,
		parts: 3,
	});
	const stored = await bytesOf(platform.sim.data.dataLinkStore.read(INBOX, 'samples.csv', content.length));
	expect(stored.toString('utf8')).toBe(content);
});
