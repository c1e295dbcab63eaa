/**
 * The heap in use after full collections, or undefined in a process started without --expose-gc.
 * Collections run until the heap stops shrinking (at most a few): weak references and finalizers free
 * more on the next.
 */
export async function heapAfterFullGc(): Promise<number | undefined> {
	const { gc } = globalThis;
	if (gc === undefined) return undefined;
	let heapUsed = Infinity;
	for (let round = 0; round < 4; round++) {
		gc();
		// Lets sockets closed and promises settled by the collection finish before the next.
		await new Promise((resolve) => setImmediate(resolve));
		const now = process.memoryUsage().heapUsed;
		if (now >= heapUsed) break;
		heapUsed = now;
	}
	return heapUsed;
}
