/**
 * How a run's Nextflow comes to load nf-weblog, the plugin behind the `weblog` scope (weblog.ts).
 *
 * Up to Nextflow 26.08, `weblog.enabled = true` is enough: the plugins Nextflow loads by default are
 * inferred from the config, nf-weblog among them (PluginsFacade.defaultPluginsConf, in nf-commons), and
 * merged with the pipeline's own `plugins` (PluginsFacade.mergePluginSpecs). From 26.09 `weblog.enabled`
 * no longer loads it (nf-weblog 1.2.0's CHANGELOG; nextflow PR #7639): no event arrives.
 *
 * A `plugins` block added to the launch's config would replace the pipeline's own list rather than add
 * to it (Nextflow's config parsers assign the whole list), losing the plugins the pipeline declares and
 * the versions it pins. The environment variable NXF_PLUGINS_DEFAULT is merged with them instead, so the
 * launch sets it in its pre-run script, which the platform runs in the head job's shell before `nextflow
 * run`. A list there replaces what Nextflow would infer, so it names the plugins inference would have
 * loaded for the compute environment too. docs/waits.md has the whole story.
 */

/** The first Nextflow whose `weblog.enabled` does not load nf-weblog: 26.09. */
const FIRST_WITHOUT_INFERRED_WEBLOG = { year: 26, month: 9 };

/**
 * Whether a run of this Nextflow version loads nf-weblog for `weblog.enabled` alone: a version before
 * 26.09. An unknown version (none, or one that is not YY.MM...) does not count on it.
 */
export function infersWeblogPlugin(nextflowVersion: string | undefined): boolean {
	const parts = /^\s*(\d+)\.(\d+)/.exec(nextflowVersion ?? '');
	if (!parts) return false;
	const [year, month] = [Number(parts[1]), Number(parts[2])];
	return (
		year < FIRST_WITHOUT_INFERRED_WEBLOG.year ||
		(year === FIRST_WITHOUT_INFERRED_WEBLOG.year && month < FIRST_WITHOUT_INFERRED_WEBLOG.month)
	);
}

/** Whether a pre-run script picks its own Nextflow (`NXF_VER=...`), which then no launch field tells. */
export function setsNextflowVersion(preRunScript: string | undefined): boolean {
	return /^\s*(export\s+)?NXF_VER=/m.test(preRunScript ?? '');
}

// PluginsFacade.defaultPluginsConf's inference, by the executor a compute environment's platform runs
// tasks with and by the scheme of its work directory, in the order Nextflow lists them.
const PLUGIN_BY_PLATFORM: Record<string, string> = {
	'aws-batch': 'nf-amazon',
	// Seqera Compute runs its tasks on AWS Batch.
	'seqeracompute-platform': 'nf-amazon',
	'google-batch': 'nf-google',
	'google-lifesciences': 'nf-google',
	'azure-batch': 'nf-azure',
	'k8s-platform': 'nf-k8s',
	'eks-platform': 'nf-k8s',
	'gke-platform': 'nf-k8s',
};
const PLUGIN_BY_WORK_DIR_SCHEME: Record<string, string> = { 's3://': 'nf-amazon', 'gs://': 'nf-google', 'az://': 'nf-azure' };
const INFERENCE_ORDER = ['nf-amazon', 'nf-google', 'nf-azure', 'nf-k8s'];

/** The cloud plugins Nextflow infers for a compute environment's platform and a work directory. */
export function inferredCloudPlugins(platform: string | undefined, workDir: string | undefined): string[] {
	const inferred = new Set<string>();
	if (platform !== undefined && PLUGIN_BY_PLATFORM[platform]) inferred.add(PLUGIN_BY_PLATFORM[platform]);
	for (const [scheme, plugin] of Object.entries(PLUGIN_BY_WORK_DIR_SCHEME)) if (workDir?.startsWith(scheme)) inferred.add(plugin);
	return INFERENCE_ORDER.filter((plugin) => inferred.has(plugin));
}

/**
 * The bash lines that add nf-weblog to NXF_PLUGINS_DEFAULT: unset, empty or `true` (defaults on),
 * it becomes the inferred cloud plugins and nf-weblog; `false` (no default plugins at all) is left as
 * it is; any other value is a list, and nf-weblog joins it.
 */
export function weblogPluginScript(cloudPlugins: readonly string[]): string {
	return [
		"# Added by n8n's Seqera Platform node: Nextflow 26.09 and later load nf-weblog, which sends this",
		"# run's events to n8n, only when asked. NXF_PLUGINS_DEFAULT adds it to the pipeline's own plugins;",
		'# a list there replaces the plugins Nextflow infers, so it names those of this compute environment.',
		'case "${NXF_PLUGINS_DEFAULT:-true}" in',
		`    true) export NXF_PLUGINS_DEFAULT=${[...cloudPlugins, 'nf-weblog'].join(',')} ;;`,
		"    # No default plugins: the run's events need nf-weblog in the pipeline's own plugins setting.",
		'    false) ;;',
		'    *) export NXF_PLUGINS_DEFAULT="$NXF_PLUGINS_DEFAULT,nf-weblog" ;;',
		'esac',
	].join('\n');
}

/** The pre-run script with weblogPluginScript after its own lines, which may export an NXF_PLUGINS_DEFAULT of their own. */
export function withWeblogPluginScript(preRunScript: string | undefined, cloudPlugins: readonly string[]): string {
	const own = (preRunScript ?? '').replace(/\s+$/, '');
	const script = weblogPluginScript(cloudPlugins);
	return own === '' ? `${script}\n` : `${own}\n\n${script}\n`;
}

// weblogPluginScript's lines, whatever plugins the `true` branch names.
const PLUGIN_LIST_MARK = 'nf-plugins-listed-here';
const NODE_PLUGIN_SCRIPT = new RegExp(
	`\\n*${weblogPluginScript([PLUGIN_LIST_MARK])
		.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
		.replace(`${PLUGIN_LIST_MARK},nf-weblog`, '[\\w@.,-]*')}\\n?`,
	'g',
);

/** The pre-run script without the lines weblogPluginScript wrote for the run whose launch is being copied. */
export function withoutWeblogPluginScript(preRunScript: string): string {
	if (!preRunScript.match(NODE_PLUGIN_SCRIPT)) return preRunScript;
	const without = preRunScript.replace(NODE_PLUGIN_SCRIPT, '\n').replace(/\s+$/, '');
	return without === '' ? '' : `${without}\n`;
}
