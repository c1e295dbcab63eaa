import type { IDataObject } from 'n8n-workflow';

import { CLOUD_BASE_URL, LEGACY_BASE_URL } from '../server/baseUrl';

/** The web app that serves an API base URL, where it can be derived. */
function webAppOrigin(baseUrl: string): string | undefined {
	if (baseUrl === CLOUD_BASE_URL) return 'https://cloud.seqera.io';
	if (baseUrl === LEGACY_BASE_URL) return 'https://tower.nf';
	// Enterprise installs serve the API at https://HOST/api and the web app at https://HOST.
	return /\/api$/.test(baseUrl) ? baseUrl.replace(/\/api$/, '') : undefined;
}

/** The page of a run in the web app, as the web app links it. */
export function runPageUrl(baseUrl: string, run: IDataObject): string | undefined {
	const origin = webAppOrigin(baseUrl);
	if (!origin || !run.id) return undefined;
	const id = encodeURIComponent(String(run.id));
	if (run.orgName && run.workspaceName) {
		const workspace = `${encodeURIComponent(String(run.orgName))}/workspaces/${encodeURIComponent(String(run.workspaceName))}`;
		return `${origin}/orgs/${workspace}/watch/${id}`;
	}
	return run.userName ? `${origin}/user/${encodeURIComponent(String(run.userName))}/watch/${id}` : undefined;
}
