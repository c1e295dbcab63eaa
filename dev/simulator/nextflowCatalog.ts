/**
 * The platform's catalog of Nextflow versions a launch may pick (`GET /platform/versions`, API 1.187):
 * a launch that names no `nextflowVersion` runs the default one. The catalog spans both sides of
 * Nextflow 26.09, from which `weblog.enabled` alone no longer loads nf-weblog (weblogConfig.ts).
 */

/** One selectable version, as the platform lists it: the launcher images that run it. */
export interface CatalogVersion {
	version: string;
	default: boolean;
	image: string;
	imageDind: string;
}

const LAUNCHER = 'public.cr.seqera.io/platform/nf-launcher';

export const NEXTFLOW_CATALOG: readonly CatalogVersion[] = ['24.10.4', '25.04.6', '25.10.2', '26.04.1', '26.10.0'].map((version) => ({
	version,
	default: version === '24.10.4',
	image: `${LAUNCHER}:j17-${version}`,
	imageDind: `${LAUNCHER}:j17-${version}-dind`,
}));

/** The version a launch that names none runs. */
export const DEFAULT_NEXTFLOW_VERSION = NEXTFLOW_CATALOG.find((entry) => entry.default)!.version;

/** The answer of `GET /platform/versions`: the catalog, and a selection open on every compute environment. */
export function nextflowVersionsAnswer(): Record<string, unknown> {
	return {
		nextflowVersions: NEXTFLOW_CATALOG.map((entry) => ({ ...entry })),
		nextflowVersionSelectionEnabled: true,
		nextflowVersionPolicyByComputeEnvType: {},
		nextflowFeatureMinVersions: {},
	};
}
