import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { changelogSection, checkRelease } from '../../scripts/releaseCheck';

const HEADER = `# Changelog

Every change a user would notice, newest first.
`;

const UNRELEASED_ONLY = `${HEADER}
## Unreleased

### Fixed
- New Run reports runs submitted in a crowded first second.

## 0.1.0

First release.
`;

const RELEASED = `${HEADER}
## Unreleased

## 0.2.0 - 2026-11-25

### Fixed
- New Run reports runs submitted in a crowded first second.

### Documentation
- What n8n 3.0 changes for this package.

## 0.1.0

First release.
`;

describe('release check', () => {
	it("passes a tag that names package.json's version, with that version's section as the notes", () => {
		expect(checkRelease({ tag: 'v0.2.0', packageVersion: '0.2.0', changelog: RELEASED })).toEqual({
			ok: true,
			version: '0.2.0',
			notes: '### Fixed\n- New Run reports runs submitted in a crowded first second.\n\n### Documentation\n- What n8n 3.0 changes for this package.',
		});
	});

	it('takes the notes of an undated section up to the end of the file', () => {
		expect(checkRelease({ tag: 'v0.1.0', packageVersion: '0.1.0', changelog: RELEASED })).toEqual({
			ok: true,
			version: '0.1.0',
			notes: 'First release.',
		});
	});

	it('fails while the changes are still under Unreleased, saying how to move them', () => {
		expect(checkRelease({ tag: 'v0.2.0', packageVersion: '0.2.0', changelog: UNRELEASED_ONLY })).toEqual({
			ok: false,
			problems: [
				'CHANGELOG.md has no "## 0.2.0" section: rename "## Unreleased" to "## 0.2.0 - YYYY-MM-DD" (the release date) ' +
					'and start a new, empty "## Unreleased" above it.',
			],
		});
	});

	it('fails when the changelog has no section for the version at all', () => {
		const changelog = `${HEADER}\n## 0.1.0\n\nFirst release.\n`;
		expect(checkRelease({ tag: 'v0.2.0', packageVersion: '0.2.0', changelog })).toEqual({
			ok: false,
			problems: ['CHANGELOG.md has no "## 0.2.0" section.'],
		});
	});

	it('fails on an empty section, which would make empty release notes', () => {
		const changelog = `${HEADER}\n## Unreleased\n\n## 0.2.0 - 2026-11-25\n\n## 0.1.0\n\nFirst release.\n`;
		expect(checkRelease({ tag: 'v0.2.0', packageVersion: '0.2.0', changelog })).toEqual({
			ok: false,
			problems: ['CHANGELOG.md\'s "## 0.2.0" section is empty: it becomes the release notes.'],
		});
	});

	it('fails a tag that names another version than package.json', () => {
		expect(checkRelease({ tag: 'v0.3.0', packageVersion: '0.2.0', changelog: RELEASED })).toEqual({
			ok: false,
			problems: [
				"Tag v0.3.0 names version 0.3.0, but package.json's version is 0.2.0: tag v0.2.0, or set the version to 0.3.0 and tag that commit.",
			],
		});
	});

	it('fails a tag that is not v and a version, and names every problem at once', () => {
		expect(checkRelease({ tag: '0.2.0', packageVersion: '0.2.0', changelog: UNRELEASED_ONLY })).toEqual({
			ok: false,
			problems: [
				'Tag "0.2.0" is not a release tag: v, then MAJOR.MINOR.PATCH (v0.2.0).',
				expect.stringContaining('CHANGELOG.md has no "## 0.2.0" section'),
			],
		});
	});

	it('matches the version exactly: 0.2.0 is not 0.2.01, 0.2.0-beta.1 or 0x2x0', () => {
		const changelog = `${HEADER}\n## 0.2.01\n\nA.\n\n## 0.2.0-beta.1\n\nB.\n\n## 0x2x0\n\nC.\n`;
		expect(changelogSection(changelog, '0.2.0')).toBeUndefined();
		expect(changelogSection(changelog, '0.2.0-beta.1')).toBe('B.');
	});

	it('reads a version in brackets, with a date, and ### headings inside the section', () => {
		const changelog = `${HEADER}\n## [0.2.0] - 2026-11-25\n\n### Fixed\n- A fix.\n\n## [0.1.0]\n\nFirst release.\n`;
		expect(changelogSection(changelog, '0.2.0')).toBe('### Fixed\n- A fix.');
	});

	it("as the workflow runs it, exits 1 and names package.json's version for a tag that does not match it", () => {
		const root = path.resolve(__dirname, '../..');
		const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
		let failure: { status: number; stderr: string } | undefined;
		try {
			execFileSync('npx', ['ts-node', '--transpile-only', 'scripts/releaseCheck.ts', 'v0.0.0-never'], {
				cwd: root,
				encoding: 'utf8',
				stdio: 'pipe',
			});
		} catch (error) {
			failure = error as { status: number; stderr: string };
		}
		expect(failure?.status).toBe(1);
		expect(failure?.stderr).toContain(`Tag v0.0.0-never names version 0.0.0-never, but package.json's version is ${version}`);
	});
});
