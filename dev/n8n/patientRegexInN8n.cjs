'use strict';
/**
 * Loaded with `node --require` into each n8n process the tests start: gives that n8n's own
 * n8n-workflow the regex checks of ../patientRegex.cjs, stopped after 5 s rather than 250 ms. It
 * resolves n8n-workflow from the n8n CLI being started (the script after the options), so it sets
 * the one instance n8n itself loads.
 */
const { realpathSync } = require('node:fs');
const path = require('node:path');

const { patientRegexEngine } = require('../patientRegex.cjs');

const cli = realpathSync(process.argv[1]);
const n8nWorkflow = require(require.resolve('n8n-workflow', { paths: [path.dirname(cli)] }));
if (typeof n8nWorkflow.setSafeRegexEngine !== 'function') {
	throw new Error(`The n8n-workflow that ${cli} loads has no setSafeRegexEngine: its regex checks cannot be given the tests' limit`);
}
n8nWorkflow.setSafeRegexEngine(patientRegexEngine());
