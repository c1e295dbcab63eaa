import vm from 'node:vm';
import type { RegexEngine } from 'n8n-workflow';

/**
 * n8n checks a parameter against its validation regex in a `node:vm` script stopped after 250 ms
 * (n8n-workflow's safe-regex), so that a pattern that backtracks without end cannot hang an execution.
 * This package's patterns take microseconds, but on a machine running both test lanes with busy
 * processes beside them, a garbage collection or the scheduler during one check has taken longer, and
 * the execution failed with "Regular expression execution timed out" before its node ran. The harness
 * runs the same checks the same way, stopped after 5 s: far above what any check here takes on a busy
 * machine, and still a stop for a pattern that would never end.
 */
const CHECK_LIMIT_MS = 5000;

export function patientRegexEngine(): RegexEngine {
	const context = vm.createContext({ pattern: '', flags: '', input: '', replacement: '', result: undefined as unknown });
	const scripts = {
		exec: new vm.Script('result = new RegExp(pattern, flags).exec(input)'),
		test: new vm.Script('result = new RegExp(pattern, flags).test(input)'),
		replace: new vm.Script('result = input.replace(new RegExp(pattern, flags), replacement)'),
		matchAll: new vm.Script('result = Array.from(input.matchAll(new RegExp(pattern, flags)))'),
		split: new vm.Script('result = input.split(new RegExp(pattern, flags))'),
	};
	const run = <T>(script: vm.Script, pattern: string, input: string, flags = '', replacement = ''): T => {
		Object.assign(context, { pattern, input, flags, replacement, result: undefined });
		try {
			script.runInContext(context, { timeout: CHECK_LIMIT_MS });
		} catch (error) {
			// n8n's own words for a check it stopped.
			if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new Error('Regular expression execution timed out');
			throw error;
		}
		return context.result as T;
	};
	return {
		exec: (pattern, input, flags) => run(scripts.exec, pattern, input, flags),
		test: (pattern, input, flags) => run(scripts.test, pattern, input, flags),
		replace: (pattern, input, flags, replacement) => run(scripts.replace, pattern, input, flags, replacement),
		// As n8n does: matchAll needs the global flag.
		matchAll: (pattern, input, flags = '') => run(scripts.matchAll, pattern, input, flags.includes('g') ? flags : `${flags}g`),
		split: (pattern, input, flags) => run(scripts.split, pattern, input, flags),
	};
}
