'use strict';
/**
 * n8n checks a parameter against its validation regex in a `node:vm` script stopped after 250 ms
 * (n8n-workflow's safe-regex), so that a pattern that backtracks without end cannot hang an execution.
 * This package's patterns take microseconds, but on a machine running both test lanes, a garbage
 * collection or the scheduler during one check has taken longer, and the execution failed with
 * "Regular expression execution timed out" before its node ran: in the harness under load, and in a
 * real n8n 1.123.81 on a clean run. The harness and the n8n processes the tests start run the same
 * checks the same way, stopped after 5 s: far above what any check here takes on a busy machine, and
 * still a stop for a pattern that would never end. Plain JavaScript, since n8n loads it with `--require`.
 */
const vm = require('node:vm');

const CHECK_LIMIT_MS = 5000;

function patientRegexEngine() {
	const context = vm.createContext({ pattern: '', flags: '', input: '', replacement: '', result: undefined });
	const scripts = {
		exec: new vm.Script('result = new RegExp(pattern, flags).exec(input)'),
		test: new vm.Script('result = new RegExp(pattern, flags).test(input)'),
		replace: new vm.Script('result = input.replace(new RegExp(pattern, flags), replacement)'),
		matchAll: new vm.Script('result = Array.from(input.matchAll(new RegExp(pattern, flags)))'),
		split: new vm.Script('result = input.split(new RegExp(pattern, flags))'),
	};
	const run = (script, pattern, input, flags = '', replacement = '') => {
		Object.assign(context, { pattern, input, flags, replacement, result: undefined });
		try {
			script.runInContext(context, { timeout: CHECK_LIMIT_MS });
		} catch (error) {
			// n8n's own words for a check it stopped.
			if (error && error.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new Error('Regular expression execution timed out');
			throw error;
		}
		return context.result;
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

module.exports = { patientRegexEngine, CHECK_LIMIT_MS };
