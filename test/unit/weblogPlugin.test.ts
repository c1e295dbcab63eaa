import { execFileSync } from 'node:child_process';

import {
	inferredCloudPlugins,
	infersWeblogPlugin,
	setsNextflowVersion,
	weblogPluginScript,
	withWeblogPluginScript,
} from '../../nodes/Seqera/weblog/plugin';

/** NXF_PLUGINS_DEFAULT after `script` ran in `shell`, starting from `start` (undefined: unset), under `set -eu`. */
function pluginsDefaultAfter(shell: string, script: string, start: string | undefined): string {
	const env: NodeJS.ProcessEnv = { PATH: process.env.PATH };
	if (start !== undefined) env.NXF_PLUGINS_DEFAULT = start;
	return execFileSync(shell, ['-c', `set -eu\n${script}\nprintf '%s' "\${NXF_PLUGINS_DEFAULT-(unset)}"`], { env, encoding: 'utf8' });
}

describe('which Nextflow loads nf-weblog for weblog.enabled alone', () => {
	it.each(['23.07.0-edge', '24.10.4', '25.04.6', '26.04.1', '26.08.0-edge'])('%s does', (version) => {
		expect(infersWeblogPlugin(version)).toBe(true);
	});

	it.each(['26.09.0-edge', '26.10.0', '27.04.0', undefined, '', 'latest'])('%s does not, or is not known to', (version) => {
		expect(infersWeblogPlugin(version)).toBe(false);
	});

	it('takes a pre-run script that sets NXF_VER as choosing its own Nextflow', () => {
		expect(setsNextflowVersion('module load java\nexport NXF_VER=24.10.4')).toBe(true);
		expect(setsNextflowVersion('  NXF_VER=26.10.0 ')).toBe(true);
		expect(setsNextflowVersion('echo "$NXF_VER"')).toBe(false);
		expect(setsNextflowVersion(undefined)).toBe(false);
	});
});

describe('the cloud plugins Nextflow infers for a compute environment', () => {
	it.each([
		['aws-batch', 's3://acme-work/scratch', ['nf-amazon']],
		['seqeracompute-platform', 's3://seqera-compute/runs', ['nf-amazon']],
		['google-batch', 'gs://acme-work', ['nf-google']],
		['azure-batch', 'az://scratch/runs', ['nf-azure']],
		['eks-platform', 's3://acme-work', ['nf-amazon', 'nf-k8s']],
		['gke-platform', 'gs://acme-work', ['nf-google', 'nf-k8s']],
		['k8s-platform', '/mnt/pipelines/scratch', ['nf-k8s']],
		['slurm-platform', '/lustre/acme/scratch', []],
		['slurm-platform', 's3://acme-work', ['nf-amazon']],
		[undefined, undefined, []],
	])('%s with work directory %s: %j', (platform, workDir, plugins) => {
		expect(inferredCloudPlugins(platform, workDir)).toEqual(plugins);
	});
});

describe('the pre-run lines that add nf-weblog to NXF_PLUGINS_DEFAULT', () => {
	const script = weblogPluginScript(['nf-amazon']);

	it('is commented bash that a reader can follow', () => {
		expect(script).toMatch(/^# Added by n8n's Seqera Platform node: Nextflow 26\.09 and later load nf-weblog/);
		expect(script).toContain('case "${NXF_PLUGINS_DEFAULT:-true}" in');
		expect(script).toContain('true) export NXF_PLUGINS_DEFAULT=nf-amazon,nf-weblog ;;');
		expect(script.trimEnd().endsWith('esac')).toBe(true);
	});

	// sh is a POSIX shell other than bash on most Linux systems (dash), as a compute environment's may be.
	describe.each(['bash', 'sh'])('run by %s', (shell) => {
		it.each([
			{ name: 'unset', start: undefined, after: 'nf-amazon,nf-weblog' },
			{ name: 'empty', start: '', after: 'nf-amazon,nf-weblog' },
			{ name: "'true' (defaults on)", start: 'true', after: 'nf-amazon,nf-weblog' },
			{ name: "'false' (no default plugins)", start: 'false', after: 'false' },
			{ name: 'a list', start: 'nf-schema@2.3.0', after: 'nf-schema@2.3.0,nf-weblog' },
		])('$name becomes $after', ({ start, after }) => {
			expect(pluginsDefaultAfter(shell, script, start)).toBe(after);
		});

		it('names only nf-weblog where Nextflow infers no cloud plugin', () => {
			expect(pluginsDefaultAfter(shell, weblogPluginScript([]), undefined)).toBe('nf-weblog');
		});
	});

	it("comes after the launch's own pre-run script, which it keeps whole, and adds to what that script exports", () => {
		const own = 'export NXF_VER=26.10.0\nexport NXF_PLUGINS_DEFAULT=nf-schema\n';
		const combined = withWeblogPluginScript(own, ['nf-amazon']);
		expect(combined).toBe(`${own}\n${script}\n`);
		expect(pluginsDefaultAfter('bash', combined, undefined)).toBe('nf-schema,nf-weblog');
		expect(withWeblogPluginScript(undefined, ['nf-amazon'])).toBe(`${script}\n`);
		expect(withWeblogPluginScript(' \n', ['nf-amazon'])).toBe(`${script}\n`);
	});
});
