/**
 * Seeded pseudo-random numbers (mulberry32): seed data and per-run details
 * must come out identical on every start so tests can rely on them.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export class SeededRandom {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	/** Uniform in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** Integer in [min, max]. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	/** Picks a key with probability proportional to its weight. */
	weighted<T extends string>(weights: Readonly<Record<T, number>>): T {
		const entries = Object.entries(weights) as Array<[T, number]>;
		let roll = this.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
		for (const [key, weight] of entries) {
			roll -= weight;
			if (roll < 0) return key;
		}
		return entries[entries.length - 1][0];
	}

	base62(length: number): string {
		let out = '';
		for (let i = 0; i < length; i++) out += BASE62[Math.floor(this.next() * 62)];
		return out;
	}

	hex(length: number): string {
		let out = '';
		for (let i = 0; i < length; i++) out += Math.floor(this.next() * 16).toString(16);
		return out;
	}

	uuid(): string {
		const h = this.hex(32);
		return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
	}
}

/** FNV-1a, to derive a stable seed from an id. */
export function hashString(text: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return hash >>> 0;
}
