import type { IDataObject } from 'n8n-workflow';

import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { COMPUTE_ENV_IDS, DATA_LINK_IDS } from '../../dev/simulator/seed';
import { call } from '../simulator/testClient';
import { errorOf, GENOMICS, locator, operationOn, RND, usePlatform } from './platform';

const platform = usePlatform();

/** The AWS keys of the genomics workspace, which its sequencing inbox reads with. */
const GENOMICS_AWS = `${COMPUTE_ENV_IDS.genomicsBatch.slice(0, 10)}Cred`;
const GENOMICS_SPOT_AWS = `${COMPUTE_ENV_IDS.genomicsSpot.slice(0, 10)}Cred`;
const GOOGLE_RND = '6fRm2TqP9kGoogleCred';

const asLaunchRole = { credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } };

const dataLinkOperation = operationOn('dataLink');

/** Method, path, query and body of what the simulator received from here on. */
function requestsSince(before: number) {
	return platform.sim.log.slice(before).map((entry) => [entry.method, entry.path, entry.query, entry.body ?? null]);
}

/** A new private AWS data link in genomics, as a test's own to change. */
async function createInGenomics(name: string, description = 'Raw runs'): Promise<IDataObject> {
	const result = await platform.run(
		dataLinkOperation('create', GENOMICS, {
			name,
			description,
			provider: 'aws',
			resourceRef: `s3://acme-${name}`,
			credentialsId: locator(GENOMICS_AWS, 'list'),
		}),
	);
	expect(result.error).toBeUndefined();
	return platform.json(result)[0];
}

describe('Data Link → Create', () => {
	it('sends the bucket, provider and credentials as tower-cli does, and outputs the new data link', async () => {
		const before = platform.sim.log.length;
		const created = await createInGenomics('novaseq-drop', 'Where the NovaSeq delivers');
		expect(requestsSince(before)).toEqual([
			[
				'POST',
				'/data-links',
				{ workspaceId: String(GENOMICS) },
				{
					name: 'novaseq-drop',
					description: 'Where the NovaSeq delivers',
					type: 'bucket',
					provider: 'aws',
					resourceRef: 's3://acme-novaseq-drop',
					publicAccessible: false,
					credentialsId: GENOMICS_AWS,
				},
			],
		]);
		expect(created).toEqual({
			id: expect.stringMatching(/^v1-user-[0-9a-f]{32}$/),
			name: 'novaseq-drop',
			description: 'Where the NovaSeq delivers',
			resourceRef: 's3://acme-novaseq-drop',
			type: 'bucket',
			provider: 'aws',
			region: 'us-east-1',
			credentials: [{ id: GENOMICS_AWS, name: expect.any(String), provider: 'aws' }],
			publicAccessible: false,
			hidden: false,
			status: 'VALID',
		});
		const listed = platform.json(await platform.run(dataLinkOperation('getMany', GENOMICS, { returnAll: true, search: 'novaseq' })));
		expect(listed.map((link) => link.id)).toEqual([created.id]);
	});

	it('makes a public data link when no credentials are given', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			dataLinkOperation('create', RND, { name: 'public-references', provider: 'google', resourceRef: 'gs://public-genomes/hg38' }),
		);
		expect(requestsSince(before)).toEqual([
			[
				'POST',
				'/data-links',
				{ workspaceId: String(RND) },
				{
					name: 'public-references',
					type: 'bucket',
					provider: 'google',
					resourceRef: 'gs://public-genomes/hg38',
					publicAccessible: true,
				},
			],
		]);
		expect(platform.json(result)[0]).toMatchObject({ name: 'public-references', publicAccessible: true, credentials: [] });
	});

	it.each([
		['aws', 'gs://acme-inbox', 'Resource Reference "gs://acme-inbox" does not start with s3://'],
		['azure', 'az:///runs', 'Resource Reference "az:///runs" names no bucket'],
		['google', 'gs://acme inbox', 'Resource Reference "gs://acme inbox" holds a space'],
		['aws', '={{ " " }}', 'Resource Reference is empty'],
	])('refuses the %s resource reference %j before any call, naming the field', async (provider, resourceRef, message) => {
		const before = platform.sim.log.length;
		const result = await platform.run(dataLinkOperation('create', GENOMICS, { name: 'refused', provider, resourceRef }));
		expect(errorOf(result)?.message).toBe(message);
		expect(requestsSince(before)).toEqual([]);
	});

	it('refuses an empty name and an unknown provider before any call', async () => {
		const before = platform.sim.log.length;
		const unnamed = await platform.run(dataLinkOperation('create', GENOMICS, { name: ' ', provider: 'aws', resourceRef: 's3://a' }));
		expect(errorOf(unnamed)?.message).toBe('Name is empty');
		const dropbox = await platform.run(
			dataLinkOperation('create', GENOMICS, { name: 'box', provider: '={{ "dropbox" }}', resourceRef: 's3://a' }),
		);
		expect(errorOf(dropbox)?.message).toBe('Provider "dropbox" is not one a data link can be made of');
		expect(requestsSince(before)).toEqual([]);
	});

	it("fails with the platform's reason for credentials of another cloud", async () => {
		const result = await platform.run(
			dataLinkOperation('create', RND, {
				name: 'wrong-keys',
				provider: 'aws',
				resourceRef: 's3://acme-rnd',
				credentialsId: locator(GOOGLE_RND),
			}),
		);
		expect(errorOf(result)?.message).toContain("are google credentials, but the data link's provider is aws");
		expect(platform.sim.data.dataLinksIn(RND).some((link) => link.name === 'wrong-keys')).toBe(false);
	});
});

describe('Data Link → Update', () => {
	it('reads the data link first and sends back the name and credentials it was not told to change', async () => {
		const created = await createInGenomics('to-describe');
		const before = platform.sim.log.length;
		const result = await platform.run(
			dataLinkOperation('update', GENOMICS, { dataLinkId: locator(String(created.id)), description: 'Runs of May' }),
		);
		expect(requestsSince(before)).toEqual([
			['GET', `/data-links/${String(created.id)}`, { workspaceId: String(GENOMICS) }, null],
			[
				'PUT',
				`/data-links/${String(created.id)}`,
				{ workspaceId: String(GENOMICS) },
				{ name: 'to-describe', description: 'Runs of May', credentialsId: GENOMICS_AWS },
			],
		]);
		expect(platform.json(result)).toEqual([{ ...created, description: 'Runs of May' }]);
		expect(platform.sim.data.dataLinkById(String(created.id)).credentials.map((credential) => credential.id)).toEqual([GENOMICS_AWS]);
	});

	it('renames a data link found by name and keeps its description; new credentials replace the old', async () => {
		const { id } = await createInGenomics('spot-drop', 'Scratch uploads');
		const before = platform.sim.log.length;
		const result = await platform.run(
			dataLinkOperation('update', GENOMICS, {
				dataLinkId: locator('spot-drop', 'name'),
				name: 'spot-inbox',
				credentialsId: locator(GENOMICS_SPOT_AWS),
			}),
		);
		expect(requestsSince(before).filter(([method]) => method === 'PUT')).toEqual([
			[
				'PUT',
				`/data-links/${String(id)}`,
				{ workspaceId: String(GENOMICS) },
				{ name: 'spot-inbox', description: 'Scratch uploads', credentialsId: GENOMICS_SPOT_AWS },
			],
		]);
		expect(platform.json(result)[0]).toMatchObject({
			id,
			name: 'spot-inbox',
			description: 'Scratch uploads',
			credentials: [{ id: GENOMICS_SPOT_AWS, name: expect.any(String), provider: 'aws' }],
		});
	});

	it('the platform keeps only what an update sends: a description or credentials left out are gone', async () => {
		const { id } = await createInGenomics('bare-update', 'Kept only when sent');
		const reply = await call(platform.sim, 'PUT', `/data-links/${String(id)}?workspaceId=${GENOMICS}`, {
			body: { name: 'bare-update' },
		});
		expect(reply.status).toBe(200);
		expect(reply.json).toMatchObject({ name: 'bare-update', credentials: [] });
		expect(reply.json).not.toHaveProperty('description');
	});

	it('refuses credentials that are not an ID before any call, naming the field', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			dataLinkOperation('update', GENOMICS, {
				dataLinkId: locator(DATA_LINK_IDS.genomicsInbox),
				credentialsId: locator('={{ "keys/aws" }}'),
			}),
		);
		expect(errorOf(result)?.message).toBe('Workspace Credentials "keys/aws" is not a valid ID');
		expect(requestsSince(before)).toEqual([]);
	});
});

describe('Data Link → Delete', () => {
	it('deletes the data link; Get Many no longer lists it', async () => {
		const created = await createInGenomics('to-delete');
		const before = platform.sim.log.length;
		const result = await platform.run(dataLinkOperation('delete', GENOMICS, { dataLinkId: locator(String(created.id)) }));
		expect(requestsSince(before)).toEqual([['DELETE', `/data-links/${String(created.id)}`, { workspaceId: String(GENOMICS) }, null]]);
		expect(platform.json(result)).toEqual([{ dataLinkId: created.id, deleted: true }]);
		const listed = platform.json(await platform.run(dataLinkOperation('getMany', GENOMICS, { returnAll: true, search: 'to-delete' })));
		expect(listed).toEqual([]);
	});

	it('refuses an ID that is not one before any call, naming the field', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(dataLinkOperation('delete', GENOMICS, { dataLinkId: locator('={{ "a/b" }}') }));
		expect(errorOf(result)?.message).toBe('Data Link "a/b" is not a valid ID');
		expect(requestsSince(before)).toEqual([]);
	});
});

describe('Data link changes and workspace roles', () => {
	it('a Launch-role token gets the role error creating, updating or deleting a data link, and nothing changes', async () => {
		const inbox = DATA_LINK_IDS.genomicsInbox;
		const created = await platform.run(
			dataLinkOperation('create', GENOMICS, { name: 'from-launch-role', provider: 'aws', resourceRef: 's3://acme-launch' }),
			asLaunchRole,
		);
		expect(errorOf(created)?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow creating data links",
		);
		const updated = await platform.run(
			dataLinkOperation('update', GENOMICS, { dataLinkId: locator(inbox), name: 'renamed-by-launch-role' }),
			asLaunchRole,
		);
		expect(errorOf(updated)?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow editing data links",
		);
		const deleted = await platform.run(dataLinkOperation('delete', GENOMICS, { dataLinkId: locator(inbox) }), asLaunchRole);
		expect(errorOf(deleted)?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow deleting data links",
		);
		expect(platform.sim.data.dataLinksIn(GENOMICS).some((link) => link.name === 'from-launch-role')).toBe(false);
		expect(platform.sim.data.dataLinkById(inbox).name).toBe('sequencing-inbox');
	});
});
