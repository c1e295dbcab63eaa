import type { ICredentialDataDecryptedObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import { connectionOf, nodeCredentialOf } from '../../nodes/Seqera/transport';

const CREDENTIAL: ICredentialDataDecryptedObject = {
	accessToken: 'token-a',
	server: 'custom',
	baseUrl: 'https://seqera.example.com/api',
	workspaceId: ' 42 ',
};

function fakeContext(extra: object = {}) {
	const getCredentials = jest.fn(async () => ({ ...CREDENTIAL }));
	const context = {
		getCredentials,
		getNode: () => ({ credentials: { seqeraApi: { id: 'cred-1', name: 'Seqera' } } }),
		...extra,
	};
	return { context, getCredentials };
}

describe('the connection of a node execution', () => {
	it('reads the credential once for all the calls of one execution, even calls made together', async () => {
		const { context, getCredentials } = fakeContext();
		const execution = context as unknown as IExecuteFunctions;

		const [first, second] = await Promise.all([connectionOf(execution), nodeCredentialOf(execution)]);
		const third = await connectionOf(execution);

		expect(getCredentials).toHaveBeenCalledTimes(1);
		expect(second.connection).toBe(first);
		expect(third).toBe(first);
		expect(first).toMatchObject({ baseUrl: 'https://seqera.example.com/api', defaultWorkspaceId: '42', timeoutMs: 60_000 });
		expect(first.budget).toMatchObject({ token: 'token-a', maxCallsPerSecond: 20, maxCallsPerHour: 72_000 });
		expect(second.credential).toEqual({ id: 'cred-1', name: 'Seqera', type: 'seqeraApi', data: CREDENTIAL });
	});

	it('reads it again for another execution', async () => {
		const one = fakeContext();
		const other = fakeContext();
		await connectionOf(one.context as unknown as IExecuteFunctions);
		await connectionOf(other.context as unknown as IExecuteFunctions);
		expect(one.getCredentials).toHaveBeenCalledTimes(1);
		expect(other.getCredentials).toHaveBeenCalledTimes(1);
	});

	it('reads it for every call of a poll, whose context lives as long as the workflow is active', async () => {
		const { context, getCredentials } = fakeContext({ __emit: () => undefined });
		const poll = context as unknown as IPollFunctions;
		await connectionOf(poll);
		await connectionOf(poll);
		expect(getCredentials).toHaveBeenCalledTimes(2);
	});
});
