import { SEQERA_NODE, usePlatform } from './platform';

const platform = usePlatform();

describe('a workspace ID that is not a number', () => {
	it('fails a list in the editor, naming the field and what to do, before any call', async () => {
		const before = platform.sim.log.length;
		const parameters = { workspace: { __rl: true, mode: 'id', value: 'genomics' } };
		await expect(
			platform.harness.listSearch(SEQERA_NODE, 'searchRuns', platform.credentials(), undefined, undefined, parameters),
		).rejects.toMatchObject({
			name: 'NodeOperationError',
			message: 'Workspace "genomics" is not a number',
			description: expect.stringContaining('Pick it from the list or copy the number from the web app'),
		});
		expect(platform.sim.log.length).toBe(before);
	});

	it("fails a list in the editor when the credential's default workspace is not a number", async () => {
		await expect(
			platform.harness.listSearch(SEQERA_NODE, 'searchLabels', platform.credentials({ workspaceId: 'acme/genomics' })),
		).rejects.toMatchObject({ message: 'Default Workspace ID (credential) "acme/genomics" is not a number' });
	});
});
