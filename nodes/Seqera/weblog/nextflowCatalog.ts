import { NodeApiError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { keptPerExecution } from '../helpers/keptPerExecution';
import { apiRequest } from '../transport';

interface NextflowVersionsResponse {
	nextflowVersions?: Array<{ version?: unknown; default?: unknown }>;
}

/**
 * The Nextflow version the platform runs a launch that names none with: the `default` entry of its
 * catalog (`GET /platform/versions`), read once per execution. Undefined when the catalog marks none, or
 * the platform predates it (API 1.187) and answers 404, or 403 as it answers a path it does not know.
 */
export async function defaultNextflowVersion(context: IExecuteFunctions, itemIndex: number): Promise<string | undefined> {
	const catalog = await keptPerExecution(
		context,
		'nextflow-versions',
		async () =>
			await apiRequest<NextflowVersionsResponse>(context, { method: 'GET', path: ['platform', 'versions'], itemIndex }).catch(
				(error: unknown): NextflowVersionsResponse => {
					if (error instanceof NodeApiError && ['403', '404'].includes(String(error.httpCode))) return {};
					throw error;
				},
			),
	);
	const entry = catalog.nextflowVersions?.find((version) => version.default === true);
	return typeof entry?.version === 'string' && entry.version !== '' ? entry.version : undefined;
}
