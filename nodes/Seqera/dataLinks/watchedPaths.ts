/**
 * Which objects of a data link the trigger watches, by their path below the data link's root: those
 * that start with the path prefix and match the glob. It also tells which folders can hold such
 * objects, so that no other folder is listed, and which name prefix a folder's listing can be narrowed
 * to with the platform's `search`.
 */

// The glob is matched against the whole path, case included:
// - `*` stands for any characters within one folder or file name, `?` for one character;
// - `**` stands for any characters across folders; as a whole segment it also stands for no folder at
//   all, so `runs/**/*.bam` matches `runs/a.bam` as well as `runs/a/b/c.bam`;
// - every other character stands for itself. An empty glob matches every object.

type SegmentPattern =
	/** `**` as a whole segment: any number of segments, none included. */
	| { kind: 'anyDepth' }
	/** A segment with `**` inside it (`**.bam`): it may go on across folders, so any folder may hold a match. */
	| { kind: 'acrossFolders' }
	/** A segment of one folder or file name; `literalStart` is what every name it matches starts with. */
	| { kind: 'name'; text: string; pattern: RegExp; literalStart: string };

const escapeRegExp = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

function nameSource(segment: string): string {
	return [...segment].map((char) => (char === '*' ? '[^/]*' : char === '?' ? '[^/]' : escapeRegExp(char))).join('');
}

function segmentPattern(segment: string): SegmentPattern {
	if (segment === '**') return { kind: 'anyDepth' };
	if (segment.includes('**')) return { kind: 'acrossFolders' };
	return { kind: 'name', text: segment, pattern: new RegExp(`^${nameSource(segment)}$`), literalStart: /^[^*?]*/.exec(segment)![0] };
}

function globSource(glob: string): string {
	return glob
		.split('/')
		.map((segment, index, segments) => {
			const last = index === segments.length - 1;
			if (segment === '**') return last ? '.*' : '(?:.*/)?';
			const source = segment.split('**').map(nameSource).join('.*');
			return last ? source : `${source}/`;
		})
		.join('');
}

/** `a/b/` for folder `a/b`; '' for the root. */
const folderBase = (folder: string) => (folder === '' ? '' : `${folder}/`);

/** Whether a folder is the other one or inside it. */
const isWithin = (folder: string, other: string) => folderBase(folder).startsWith(folderBase(other));

export class WatchedPaths {
	readonly prefix: string;
	private readonly wholePath: RegExp | undefined;
	private readonly segments: SegmentPattern[];

	constructor(prefix: string, glob: string) {
		this.prefix = prefix.replace(/^\/+/, '');
		const trimmedGlob = glob.trim().replace(/^\/+/, '');
		this.wholePath = trimmedGlob === '' ? undefined : new RegExp(`^${globSource(trimmedGlob)}$`);
		this.segments = trimmedGlob === '' ? [] : trimmedGlob.split('/').map(segmentPattern);
	}

	/**
	 * The deepest folder every watched object is in: the prefix up to its last `/`, or the folders the
	 * glob starts with, whichever is deeper.
	 */
	get startFolder(): string {
		const ofPrefix = this.prefix.slice(0, Math.max(0, this.prefix.lastIndexOf('/')));
		const literalFolders: string[] = [];
		for (const segment of this.segments.slice(0, -1)) {
			if (segment.kind !== 'name' || segment.literalStart !== segment.text) break;
			literalFolders.push(segment.text);
		}
		const ofGlob = literalFolders.join('/');
		return isWithin(ofGlob, ofPrefix) ? ofGlob : ofPrefix;
	}

	matches(path: string): boolean {
		return path.startsWith(this.prefix) && (this.wholePath?.test(path) ?? true);
	}

	mayHold(folder: string): boolean {
		const base = folderBase(folder);
		const withinPrefix = base.startsWith(this.prefix) || this.prefix.startsWith(base);
		if (!withinPrefix || !this.wholePath) return withinPrefix;
		const states = this.globStatesAt(folder);
		return states === 'any' || [...states].some((index) => index < this.segments.length);
	}

	/** The start every watched name in the folder shares, for the listing's `search`; '' when there is none. */
	searchFor(folder: string): string {
		const base = folderBase(folder);
		const fromPrefix = this.prefix.startsWith(base) ? this.prefix.slice(base.length).split('/')[0] : '';
		const states = this.wholePath ? this.globStatesAt(folder) : 'any';
		const only = states !== 'any' && states.size === 1 ? this.segments[[...states][0]] : undefined;
		const fromGlob = only?.kind === 'name' ? only.literalStart : '';
		return fromGlob.startsWith(fromPrefix) ? fromGlob : fromPrefix;
	}

	/**
	 * The glob segments a name in the folder may be matched against next, having matched the folder's
	 * own segments; 'any' once a segment that crosses folders is reached.
	 */
	private globStatesAt(folder: string): Set<number> | 'any' {
		const closure = (states: Set<number>) => {
			for (const index of states) if (this.segments[index]?.kind === 'anyDepth') states.add(index + 1);
			return states;
		};
		let states = closure(new Set([0]));
		for (const name of folder === '' ? [] : folder.split('/')) {
			const next = new Set<number>();
			for (const index of states) {
				const segment = this.segments[index];
				if (segment === undefined) continue;
				if (segment.kind === 'acrossFolders') return 'any';
				if (segment.kind === 'anyDepth') next.add(index);
				else if (segment.pattern.test(name)) next.add(index + 1);
			}
			states = closure(next);
		}
		for (const index of states) if (this.segments[index]?.kind === 'acrossFolders') return 'any';
		return states;
	}
}
