import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * An upper bound on wall-clock time fails on a busy machine and proves nothing a log's order cannot
 * (docs/testing.md, Time in tests). Where one stays, a comment beside it gives the reason and the margin.
 * A bound is on time when what it bounds reads a clock, is a difference of two moments, or is named for
 * a duration.
 */
const TEST_ROOT = join(__dirname, '..');
const UPPER_BOUND = /expect\((.*)\)\.toBeLessThan(?:OrEqual)?\(/;
const READS_TIME = /now\(\)|\b(?:elapsed|waited|gaps|sentWithin)\b|\.ms\b|(?:At|\.at)!?\)?\s*-\s|\s-\s*[\w.]*At\b/;
const COMMENT = /^\s*(?:\/\/|\*|\/\*)/;
const STATEMENT_ABOVE = /^\s*(?:expect\(|const |let |\/\/|\*|\/\*)/;

function testFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** Whether a comment sits above the line, among the statements just before it. */
function commentedAbove(lines: string[], index: number): boolean {
	for (let above = index - 1; above >= 0 && above >= index - 6 && STATEMENT_ABOVE.test(lines[above]); above--) {
		if (COMMENT.test(lines[above])) return true;
	}
	return false;
}

function timedUpperBounds(): Array<{ where: string; line: string; commented: boolean }> {
	return testFiles(TEST_ROOT).flatMap((file) => {
		const lines = readFileSync(file, 'utf8').split('\n');
		return lines.flatMap((line, index) => {
			const bounded = UPPER_BOUND.exec(line)?.[1];
			if (bounded === undefined || !READS_TIME.test(bounded)) return [];
			return [{ where: `${relative(TEST_ROOT, file)}:${index + 1}`, line: line.trim(), commented: commentedAbove(lines, index) }];
		});
	});
}

describe('upper bounds on wall-clock time in the tests', () => {
	it('each has a comment beside it giving the reason and the margin', () => {
		const bounds = timedUpperBounds();
		// The check reads the suite: it finds the bounds it is about.
		expect(bounds.length).toBeGreaterThan(10);
		expect(bounds.filter((bound) => !bound.commented).map((bound) => `${bound.where}: ${bound.line}`)).toEqual([]);
	});
});
