// Characters a message must not print as they are: C0 controls and DEL, the bidirectional controls
// (a right-to-left override would show the rest of the message reversed), and unpaired surrogates.
const CONTROLS = String.raw`[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]`;
const UNPAIRED_SURROGATES = String.raw`[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`;
const UNPRINTABLE = new RegExp(`${CONTROLS}|${UNPAIRED_SURROGATES}`, 'g');

/** A value as an error message may print it: controls escaped, long text cut. */
export function describeValue(value: unknown): string {
	const text = String(value ?? '');
	const visible = text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
	return visible.length > 80 ? `${visible.slice(0, 77)}...` : visible;
}
