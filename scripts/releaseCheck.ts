/**
 * What a release tag must agree with before the release workflow publishes anything: the tag names
 * package.json's version, and CHANGELOG.md has a section for that version with notes in it. Those notes
 * become the GitHub release's text.
 *
 *   ts-node --transpile-only scripts/releaseCheck.ts vX.Y.Z [--notes FILE]
 *
 * Exits 1 naming every disagreement; otherwise writes the version's notes to FILE when given.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface ReleaseInput {
	/** The pushed git tag, `v` and the version: `v0.2.0`, `v1.0.0-beta.1`. */
	tag: string;
	/** `version` of package.json, the one npm publishes. */
	packageVersion: string;
	/** CHANGELOG.md's text. */
	changelog: string;
}

export type ReleaseCheck = { ok: true; version: string; notes: string } | { ok: false; problems: string[] };

const TAG = /^v(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/;
const SECTION_HEADING = /^## /;
const UNRELEASED_HEADING = /^## \[?Unreleased\]?\s*$/im;

/**
 * The notes under CHANGELOG.md's heading for `version` (`## 0.2.0`, `## 0.2.0 - 2026-11-25`, or either
 * with the version in brackets), up to the next `## ` heading, trimmed; undefined when no heading names it.
 */
export function changelogSection(changelog: string, version: string): string | undefined {
	const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const heading = new RegExp(`^## \\[?${escaped}\\]?(?:\\s+-\\s+\\d{4}-\\d{2}-\\d{2})?\\s*$`);
	const lines = changelog.split(/\r?\n/);
	const start = lines.findIndex((line) => heading.test(line));
	if (start === -1) return undefined;
	const next = lines.findIndex((line, index) => index > start && SECTION_HEADING.test(line));
	return lines
		.slice(start + 1, next === -1 ? undefined : next)
		.join('\n')
		.trim();
}

export function checkRelease({ tag, packageVersion, changelog }: ReleaseInput): ReleaseCheck {
	const problems: string[] = [];
	const tagVersion = TAG.exec(tag)?.[1];
	if (tagVersion === undefined) {
		problems.push(`Tag "${tag}" is not a release tag: v, then MAJOR.MINOR.PATCH (v0.2.0).`);
	} else if (tagVersion !== packageVersion) {
		problems.push(
			`Tag ${tag} names version ${tagVersion}, but package.json's version is ${packageVersion}: ` +
				`tag v${packageVersion}, or set the version to ${tagVersion} and tag that commit.`,
		);
	}

	// The notes are those of the version npm publishes, whatever the tag says.
	const notes = changelogSection(changelog, packageVersion);
	if (notes === undefined) {
		problems.push(
			UNRELEASED_HEADING.test(changelog)
				? `CHANGELOG.md has no "## ${packageVersion}" section: rename "## Unreleased" to "## ${packageVersion} - YYYY-MM-DD" ` +
						`(the release date) and start a new, empty "## Unreleased" above it.`
				: `CHANGELOG.md has no "## ${packageVersion}" section.`,
		);
	} else if (notes === '') {
		problems.push(`CHANGELOG.md's "## ${packageVersion}" section is empty: it becomes the release notes.`);
	}

	if (problems.length > 0 || notes === undefined) return { ok: false, problems };
	return { ok: true, version: packageVersion, notes };
}

function main(argv: string[]): number {
	const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { notes: { type: 'string' } } });
	if (positionals.length !== 1) {
		console.error('usage: releaseCheck.ts vX.Y.Z [--notes FILE]');
		return 2;
	}
	const root = path.resolve(__dirname, '..');
	const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
	const result = checkRelease({
		tag: positionals[0],
		packageVersion: packageJson.version,
		changelog: readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'),
	});
	if (!result.ok) {
		for (const problem of result.problems) console.error(problem);
		return 1;
	}
	if (values.notes !== undefined) writeFileSync(values.notes, `${result.notes}\n`);
	console.log(`${positionals[0]}: package.json and CHANGELOG.md agree on ${result.version}`);
	return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
