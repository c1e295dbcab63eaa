import { setSafeRegexEngine } from 'n8n-workflow';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { patientRegexEngine } from '../patientRegex.cjs';

/**
 * Points n8n-core's process-wide configuration at harmless places before the first service is
 * built. n8n-core builds its services lazily through the @n8n/di Container, and they read their
 * settings from process.env when built, so this must run before the first execution.
 *
 * - InstanceSettings (which every node execution context asks the Container for) creates
 *   `<N8N_USER_FOLDER>/.n8n/config` holding an encryption key. Keep it out of the home folder, in a
 *   fixed folder per jest worker with a fixed key: jest gives each test file its own `process`
 *   whose 'exit' never fires, so a fresh temp folder per file could never be removed, while a fixed
 *   one is written once and only read afterwards (and workers never share one).
 * - n8n's winston logger prints every debug line of the engine; keep jest output readable unless
 *   the caller chose a level (`N8N_LOG_LEVEL=debug npx jest ...` shows the engine's log).
 * - BinaryDataService needs nothing: until its `init()` runs it has no storage manager, so
 *   `prepareBinaryData` keeps the bytes base64-encoded in the item (n8n's in-memory mode) and
 *   `getBinaryDataBuffer` decodes them from there. The harness never calls `init()`.
 * - Parameters are checked against their regexes as n8n does, stopped after 5 s rather than 250 ms
 *   (../patientRegex.cjs): a busy machine is not a runaway pattern.
 */
export function prepareN8nEnvironment(): void {
	if (process.env.N8N_USER_FOLDER === undefined) {
		const worker = process.env.JEST_WORKER_ID ?? '0';
		process.env.N8N_USER_FOLDER = path.join(tmpdir(), 'n8n-nodes-seqera-harness', `worker-${worker}`);
		process.env.N8N_ENCRYPTION_KEY = 'n8n-nodes-seqera-test-harness';
	}
	process.env.N8N_LOG_LEVEL ??= 'silent';
	setSafeRegexEngine(patientRegexEngine());
}
