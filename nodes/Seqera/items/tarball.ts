// Node's own gzip, as `tar -czf` compresses: the package is self-hosted and takes no archive library for it
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import { gzipSync } from 'node:zlib';

/** A file of an archive: its path inside it and its content. */
export interface ArchivedFile {
	path: string;
	content: Buffer | string;
}

const BLOCK = 512;
/** The longest path a ustar header holds in its name field alone; longer ones use the prefix field too. */
const NAME_MAX = 100;
const PREFIX_MAX = 155;

/** `value` in octal, zero-padded to `width - 1` digits and ended with a NUL, as ustar's numeric fields are. */
function octal(value: number, width: number): string {
	return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** A path split into ustar's prefix and name fields, at a `/` so that each fits; a path that cannot be split so is refused. */
function splitPath(path: string): { prefix: string; name: string } {
	if (Buffer.byteLength(path) <= NAME_MAX) return { prefix: '', name: path };
	for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
		const prefix = path.slice(0, slash);
		const name = path.slice(slash + 1);
		if (Buffer.byteLength(prefix) <= PREFIX_MAX && Buffer.byteLength(name) <= NAME_MAX) return { prefix, name };
	}
	throw new Error(`The path "${path}" is too long for the archive`);
}

function header(path: string, size: number, modified: Date): Buffer {
	const block = Buffer.alloc(BLOCK);
	const { prefix, name } = splitPath(path);
	block.write(name, 0, NAME_MAX, 'utf8');
	block.write(octal(0o644, 8), 100, 'ascii');
	block.write(octal(0, 8), 108, 'ascii');
	block.write(octal(0, 8), 116, 'ascii');
	block.write(octal(size, 12), 124, 'ascii');
	block.write(octal(Math.floor(modified.getTime() / 1000), 12), 136, 'ascii');
	// The checksum is counted with its own field as spaces.
	block.write(' '.repeat(8), 148, 'ascii');
	block.write('0', 156, 'ascii');
	block.write('ustar\0', 257, 'ascii');
	block.write('00', 263, 'ascii');
	block.write(prefix, 345, PREFIX_MAX, 'utf8');
	let checksum = 0;
	for (const byte of block) checksum += byte;
	block.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
	return block;
}

/**
 * A gzip-compressed tar archive (POSIX ustar, as `tar -czf` writes and every tar reads) of `files`, in their order, each
 * dated `modified`. Built in memory: the files of a run's dump are JSON and logs, held as the node reads them.
 */
export function gzippedTarball(files: readonly ArchivedFile[], modified: Date): Buffer {
	const parts: Buffer[] = [];
	for (const file of files) {
		const content = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
		parts.push(header(file.path, content.length, modified), content);
		const padding = (BLOCK - (content.length % BLOCK)) % BLOCK;
		if (padding > 0) parts.push(Buffer.alloc(padding));
	}
	// Two empty blocks end the archive.
	parts.push(Buffer.alloc(2 * BLOCK));
	return gzipSync(Buffer.concat(parts));
}
