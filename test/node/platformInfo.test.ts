import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { SEED_USER } from '../../dev/simulator/seed';
import { usePlatform } from './platform';

// A token that cannot appear anywhere by chance, so finding any part of it means it leaked.
const RECOGNISABLE_TOKEN = 'tok-INFOCHECK-5d1e9a2c40b7f3e8';

const platform = usePlatform({ tokens: [RECOGNISABLE_TOKEN, LAUNCH_ROLE_TOKEN] });

describe('Platform → Get Info', () => {
	it("outputs the API the credential reaches, the platform's versions and the token's user, as tw info shows them", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'platform', operation: 'getInfo' },
			{ credentialOverrides: { accessToken: RECOGNISABLE_TOKEN } },
		);
		expect(result.error).toBeUndefined();
		expect(platform.json(result)).toEqual([
			{
				apiEndpoint: platform.sim.baseUrl,
				version: '25.2.0-cycle23_a1b2c3d',
				apiVersion: '1.187.0',
				userId: SEED_USER.id,
				userName: SEED_USER.userName,
			},
		]);
		expect(platform.sim.log.slice(before).map(({ method, path, query }) => ({ method, path, query }))).toEqual([
			{ method: 'GET', path: '/service-info', query: {} },
			{ method: 'GET', path: '/user-info', query: {} },
		]);
		expect(JSON.stringify(result.run)).not.toContain('INFOCHECK');
	});

	it("names the token's own user, whoever it is", async () => {
		const result = await platform.run(
			{ resource: 'platform', operation: 'getInfo' },
			{ credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } },
		);
		expect(platform.json(result)[0].userName).not.toBe(SEED_USER.userName);
		expect(platform.json(result)[0].userId).toEqual(expect.any(Number));
	});

	it('fails the item when the platform refuses the token, saying how to make a new one, and never shows it', async () => {
		const result = await platform.run(
			{ resource: 'platform', operation: 'getInfo' },
			{ credentialOverrides: { accessToken: `${RECOGNISABLE_TOKEN}-revoked` } },
		);
		expect(result.error?.message).toMatch(/^Forbidden: /);
		expect((result.error as { description?: string }).description).toContain('user menu → Your tokens');
		expect(JSON.stringify(result.run)).not.toContain('INFOCHECK');
	});
});
