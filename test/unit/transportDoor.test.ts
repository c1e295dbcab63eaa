import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The shape the transport keeps: one door, a size a reader can hold, and the network libraries in
 * the one file that builds the calls (docs/architecture.md).
 */
const ROOT = path.resolve(__dirname, '../..');
const TRANSPORT = path.join(ROOT, 'nodes/Seqera/transport');

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

const IMPORT = /(?:import|export)\s[^;]*?from\s+'([^']+)'/g;

function importsOf(file: string): string[] {
	return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1]);
}

const relative = (file: string) => path.relative(ROOT, file);

describe('the transport', () => {
	it('is entered only through transport/index.ts', () => {
		const outside = ['nodes', 'credentials', 'dev', 'scripts', 'test']
			.flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
			.filter((file) => !file.startsWith(TRANSPORT + path.sep));
		const behindTheDoor = outside.flatMap((file) =>
			importsOf(file)
				.filter((specifier) => specifier.startsWith('.'))
				.map((specifier) => path.resolve(path.dirname(file), specifier))
				.filter((target) => target.startsWith(TRANSPORT + path.sep) && target !== path.join(TRANSPORT, 'index'))
				.map((target) => `${relative(file)} imports ${relative(target)}`),
		);
		expect(behindTheDoor).toEqual([]);
	});

	// Counted without whitespace, so that where the formatter breaks lines does not change the measure.
	it('holds at most 84,000 characters of code, its budget included', () => {
		const characters = sourceFiles(TRANSPORT).reduce((total, file) => total + readFileSync(file, 'utf8').replace(/\s/g, '').length, 0);
		expect(characters).toBeLessThanOrEqual(84_000);
	});

	it('imports axios and node:https in connectionPool.ts alone', () => {
		const users = sourceFiles(path.join(ROOT, 'nodes'))
			.filter((file) =>
				importsOf(file).some((specifier) => ['axios', 'node:https', 'https', 'node:http', 'http'].includes(specifier)),
			)
			.map(relative);
		expect(users).toEqual(['nodes/Seqera/transport/connectionPool.ts']);
	});
});
