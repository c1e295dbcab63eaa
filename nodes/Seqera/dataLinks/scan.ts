import { createHash } from 'node:crypto';

import type { CallAllowance } from '../helpers/allowance';
import type { DataLinkApi, DataLinkInfo, FolderEntry } from './dataLinkApi';
import type { WatchedPaths } from './watchedPaths';

/**
 * New objects in a data link, each reported once, as a function of what the platform lists and what
 * the trigger remembers.
 *
 * What is new. The platform lists a folder's objects with their name and size; the contract gives no
 * modification time. An object is therefore known by its path and size, and by its modification time
 * too when the platform passes one on. A file uploaded again with other content is new data and is
 * reported again; one uploaded again with the same size, when the platform gives no modification time,
 * cannot be told from the one it replaced and is not.
 *
 * What is remembered. With no time to compare there is no "newer than" that could stand in for the
 * objects: knowing that an object listed now was there before takes a record of it. The trigger keeps,
 * per folder, a fingerprint of each watched object in it (12 characters: 72 bits of a SHA-256 of its
 * name, size and modification time), and only while the object exists: each complete listing of a
 * folder replaces the folder's record with what it found, so deleted objects are forgotten and the
 * state grows with the watched part of the bucket as it is now, not with its history. The prefix and
 * the glob narrow that part. Two objects of one folder share a fingerprint with odds of about n in 2^72
 * for a folder of n objects, below one in a billion billion for a million. No clock is compared with
 * another, so the object store's clock, the platform's and n8n's may disagree by any amount.
 *
 * How it reads. A round lists, page by page, every folder that can hold watched objects, starting with
 * the prefix's folder; folders the glob rules out are not listed. A poll makes at most its allowance of
 * calls; a round that needs more goes on in the next polls from where it stopped (the folders still to
 * list and the page token of the one under way are in the state), so a deep prefix is read over
 * several polls and a new object is reported within the polls one round takes. A new round starts at
 * the first poll after the last one ended.
 *
 * Exactly once. An object is reported when a listing of its folder shows it and neither the folder's
 * record nor the listing so far holds it, and it joins the listing's record in the same step; the
 * items and the state leave a poll together, and a poll that fails keeps neither, so nothing is
 * reported twice while it stays. The listing is taken to show every object that exists from its first
 * page to its last (object stores' listings do, and pages go on from a token that names where the last
 * one ended, so objects added meanwhile shift nothing): an object that stays is never missing from a
 * complete listing of its folder, so never forgotten and reported again. An object that lands and is
 * deleted again between two listings of its folder is never seen. When the platform no longer takes a
 * page token (it expired between polls), the folder is listed again from its first page; what the
 * listing had shown is kept, so nothing in it is reported twice.
 *
 * The first round records what exists and reports nothing. An object that lands, while it runs, in a
 * folder it has not listed yet is recorded with the rest.
 *
 * Cost: one call for the data link at the start of each round, then one per page of each folder
 * listed (a page holds as many entries as the platform serves at once); a poll makes at most its
 * allowance of calls.
 */

export interface DataLinkFilesState {
	/** The settings it was built for: workspace, data link, prefix and glob. Other settings start afresh. */
	scope: string;
	/** True until the first round has listed every folder: what it finds is recorded, not reported. */
	recording: boolean;
	/** Folder → fingerprints of its watched objects, as the last complete listing of the folder found them. */
	known: Record<string, string[]>;
	/** The round under way, if one is. */
	round?: ListingRound;
}

export interface ListingRound {
	dataLink: DataLinkInfo;
	/** Folders still to list, the next one last. */
	pending: string[];
	/** Folders listed completely in this round → what they hold; their records leave `known` meanwhile. */
	listed: Record<string, string[]>;
	/** A folder whose listing stopped between two pages: where it goes on, and what it has shown so far. */
	current?: { folder: string; pageToken?: string; seen: string[] };
}

export interface NewObject {
	dataLink: DataLinkInfo;
	/** Below the data link's root, such as `runs/240501_A/fastq/S1_R1.fastq.gz`. */
	path: string;
	entry: FolderEntry;
}

export interface DataLinkScanSettings {
	scope: string;
	watched: WatchedPaths;
	allowance: CallAllowance;
	/** Stop once this many new objects are found (Fetch Test Event wants one). */
	stopAfter?: number;
}

function fingerprintOf(entry: FolderEntry): string {
	const identity = JSON.stringify([entry.name, entry.size ?? null, entry.lastModified ?? null]);
	return createHash('sha256').update(identity).digest('base64url').slice(0, 12);
}

// A folder's name may come with the `/` that ends its prefix in the object store.
const childPath = (folder: string, name: string) => `${folder === '' ? '' : `${folder}/`}${name.replace(/\/+$/, '')}`;

const byPath = (a: NewObject, b: NewObject) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function freshState(scope: string, recording: boolean): DataLinkFilesState {
	return { scope, recording, known: {} };
}

/** Lists as far as the allowance reaches, and returns the new objects (by path) and the state to keep. */
export async function scanDataLink(
	api: DataLinkApi,
	stored: DataLinkFilesState | undefined,
	settings: DataLinkScanSettings,
): Promise<{ objects: NewObject[]; state: DataLinkFilesState }> {
	const { watched, allowance } = settings;
	// A copy, so that a poll that fails half-way leaves the stored state as it was.
	const state: DataLinkFilesState =
		stored?.scope === settings.scope ? (JSON.parse(JSON.stringify(stored)) as DataLinkFilesState) : freshState(settings.scope, true);
	const found: NewObject[] = [];
	const enough = () => settings.stopAfter !== undefined && found.length >= settings.stopAfter;

	if (!state.round) {
		if (!allowance.take()) return { objects: found, state };
		state.round = { dataLink: await api.describe(), pending: [watched.startFolder], listed: {} };
	}
	const round = state.round;
	const queued = new Set(round.pending);
	while (!enough() && (round.current || round.pending.length > 0) && allowance.take()) {
		const listing = round.current ?? { folder: round.pending.pop()!, seen: [] };
		queued.delete(listing.folder);
		const page = await api.browse(round.dataLink, listing.folder, watched.searchFor(listing.folder), listing.pageToken);
		if (page === 'tokenRefused') {
			round.current = { folder: listing.folder, seen: listing.seen };
			continue;
		}
		const record = new Set([...(state.known[listing.folder] ?? []), ...(round.listed[listing.folder] ?? [])]);
		const seen = new Set(listing.seen);
		const subfolders: string[] = [];
		for (const entry of page.entries) {
			const path = childPath(listing.folder, entry.name);
			if (entry.type === 'FOLDER') {
				if (watched.mayHold(path) && !queued.has(path)) subfolders.push(path);
				continue;
			}
			if (!watched.matches(path)) continue;
			const fingerprint = fingerprintOf(entry);
			if (seen.has(fingerprint)) continue;
			seen.add(fingerprint);
			if (!state.recording && !record.has(fingerprint)) found.push({ dataLink: round.dataLink, path, entry });
		}
		// Pushed last to first, so that subfolders are listed in the order they were listed in.
		for (const subfolder of subfolders.reverse()) {
			round.pending.push(subfolder);
			queued.add(subfolder);
		}
		if (page.nextPageToken) {
			round.current = { folder: listing.folder, pageToken: page.nextPageToken, seen: [...seen] };
			continue;
		}
		round.current = undefined;
		delete state.known[listing.folder];
		if (seen.size > 0) round.listed[listing.folder] = [...seen];
	}

	if (!round.current && round.pending.length === 0) {
		state.known = round.listed;
		state.recording = false;
		delete state.round;
	}
	return { objects: found.sort(byPath), state };
}
