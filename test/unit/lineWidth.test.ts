import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import prettierSettings from '../../.prettierrc.json';

/**
 * Product code keeps to the line width Prettier formats it to. Prettier leaves a long string or comment
 * as it is, so this holds what it cannot: a long message is written as strings joined with `+`.
 */
const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

/** A line's width as Prettier counts it: a tab is tabWidth columns. */
const widthOf = (line: string) => line.replace(/\t/g, ' '.repeat(prettierSettings.tabWidth)).length;

describe('product code', () => {
	it(`has no line wider than ${prettierSettings.printWidth} columns`, () => {
		const tooWide = ['nodes', 'credentials']
			.flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
			.flatMap((file) =>
				readFileSync(file, 'utf8')
					.split('\n')
					.flatMap((line, index) =>
						widthOf(line) > prettierSettings.printWidth ? [`${path.relative(ROOT, file)}:${index + 1} (${widthOf(line)})`] : [],
					),
			);
		expect(tooWide).toEqual([]);
	});
});
