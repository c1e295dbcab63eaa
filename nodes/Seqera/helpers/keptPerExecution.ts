/**
 * Answers kept for one run of a node, so 1000 items asking the same thing (a name, a compute environment,
 * where a pipeline comes from) make one call, not 1000, within the token's 20 calls a second. Items that
 * ask at once share the one call in flight. A failed answer is not kept: a later item asks again.
 *
 * A trigger's poll context lives as long as its workflow stays active, so a poll keeps nothing and asks
 * again each time, as it reads the credential again.
 */
const answersByContext = new WeakMap<object, Map<string, Promise<unknown>>>();

export async function keptPerExecution<T>(context: object, key: string, fetch: () => Promise<T>): Promise<T> {
	if ('__emit' in context) return await fetch();
	let answers = answersByContext.get(context);
	if (answers === undefined) {
		answers = new Map();
		answersByContext.set(context, answers);
	}
	let answer = answers.get(key) as Promise<T> | undefined;
	if (answer === undefined) {
		const kept = answers;
		answer = fetch();
		kept.set(key, answer);
		answer.catch(() => kept.delete(key));
	}
	return await answer;
}
