import { LoggerProxy, type INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../../dev/engine/harness';
import { NODE_UNDER_TEST } from '../../dev/engine/harness';
import type { Platform } from './platform';

/** JSON that keeps every own property of errors (stack, cause, context...), not only the enumerable ones. */
export function everything(value: unknown): string {
	if (value === undefined) return '';
	return JSON.stringify(value, (_key, field: unknown) =>
		field instanceof Error
			? Object.fromEntries(
					Object.getOwnPropertyNames(field).map((name) => [name, (field as unknown as Record<string, unknown>)[name]]),
				)
			: field,
	);
}

export interface LeakCheck {
	/** What n8n recorded of the Seqera node: its task data (output, error, hints), the execution's error, and the log. */
	recordedByNode: (result: NodeRunResult) => string[];
	/** Fails where any of the marks appears in what n8n recorded of the node; the log must not be empty. */
	expectNowhere: (result: NodeRunResult, marks: readonly string[]) => void;
}

/**
 * Records everything n8n's logger is given during each test of the file, so a test can look for a secret in the
 * node's output, errors, saved execution and log. `warmUp` is a first run: n8n builds its logger on first use and
 * points LoggerProxy at it; after that nothing replaces the recorder, and every log line of the engine and of the
 * node reaches it.
 */
export function useLeakCheck(platform: Platform, warmUp: INodeParameters): LeakCheck {
	const logged: unknown[] = [];

	beforeAll(async () => {
		await platform.run(warmUp);
		const record = (level: string) => (message: string, meta?: object) => logged.push({ level, message, meta });
		LoggerProxy.init({ error: record('error'), warn: record('warn'), info: record('info'), debug: record('debug') });
	});

	beforeEach(() => {
		logged.length = 0;
	});

	const recordedByNode = (result: NodeRunResult): string[] => [
		everything(result.run.data.resultData.runData[NODE_UNDER_TEST]),
		everything(result.run.data.resultData.error),
		// A stopped execution keeps the node's input on its stack, to resume from; that is what the node
		// was given, not what it recorded, so only the rest of the execution data is checked.
		everything({
			...result.run.data.executionData,
			nodeExecutionStack: result.run.data.executionData?.nodeExecutionStack.map(({ data: _input, ...rest }) => rest),
		}),
		everything(result.error),
		everything({ stack: result.error?.stack }),
		everything(logged),
	];

	return {
		recordedByNode,
		expectNowhere: (result, marks) => {
			// The engine logs every run, so an empty log would mean the recorder saw nothing.
			expect(logged.length).toBeGreaterThan(0);
			for (const recorded of recordedByNode(result)) {
				for (const mark of marks) expect(recorded).not.toContain(mark);
			}
		},
	};
}
