/**
 * Values a call sends that must never come back in what n8n records, such as a pipeline secret's value.
 * The transport's errors are built from safe fields, but some of those fields come from the platform's
 * answer, and a platform that rejects a request may quote its body. So every string an error carries
 * (message, description, stack, and whatever is nested under cause, context or the error response)
 * has these values replaced before the error leaves the transport.
 */

const REDACTED = '[redacted]';

/** The forms a value takes in text: as it is, quoted inside JSON, and encoded inside a URL. */
function formsOf(value: string): string[] {
	return [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)];
}

/** Longest first, so a form that contains another is replaced whole. */
function formsToRedact(values: readonly string[]): string[] {
	const forms = new Set(values.filter((value) => value !== '').flatMap(formsOf));
	return [...forms].sort((a, b) => b.length - a.length);
}

function redactText(text: string, forms: readonly string[]): string {
	return forms.reduce((redacted, form) => redacted.split(form).join(REDACTED), text);
}

/**
 * Replaces `values` in every string `error` holds, in place (own properties, enumerable or not, at
 * any depth), and returns it. Binary buffers are left alone: no error the transport builds holds one.
 */
export function redactValues<T>(error: T, values: readonly string[] | undefined): T {
	const forms = formsToRedact(values ?? []);
	if (forms.length === 0) return error;
	const visited = new WeakSet<object>();
	const clean = (value: unknown): unknown => {
		if (typeof value === 'string') return redactText(value, forms);
		if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || visited.has(value)) return value;
		visited.add(value);
		for (const key of Object.getOwnPropertyNames(value)) {
			const property = Object.getOwnPropertyDescriptor(value, key);
			if (!property || !('value' in property) || !property.writable) continue;
			const cleaned = clean(property.value);
			if (cleaned !== property.value) (value as Record<string, unknown>)[key] = cleaned;
		}
		return value;
	};
	return clean(error) as T;
}
