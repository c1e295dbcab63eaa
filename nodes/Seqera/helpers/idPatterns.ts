/**
 * The platform's IDs by kind: which characters they have and how many at most. One table, so the editor's
 * check of a typed ID (a resource locator's regex) and the check before any call agree.
 */
const ID_KINDS = {
	// Run IDs are short alphanumeric strings (e.g. "4Bx1Hmn3fXk2Qp"); anything else is a typo or a pasted URL.
	run: { characters: 'A-Za-z0-9', maxLength: 64 },
	// Workspace, pipeline, label and task IDs are int64 numbers.
	numeric: { characters: '0-9', maxLength: 19 },
	// Compute environment, dataset, action and credentials IDs are strings of letters, digits, - and _.
	string: { characters: 'A-Za-z0-9_-', maxLength: 64 },
	// Studio session IDs are eight hexadecimal digits (e.g. "3f9a1c7e"); letters and digits are let through.
	studio: { characters: 'A-Za-z0-9', maxLength: 64 },
} as const;

export type IdKind = keyof typeof ID_KINDS;

/** A regex source matching a whole value that is one ID of this kind. */
export function wholeIdSource(kind: IdKind): string {
	const { characters, maxLength } = ID_KINDS[kind];
	return `^[${characters}]{1,${maxLength}}$`;
}

export function wholeIdPattern(kind: IdKind): RegExp {
	return new RegExp(wholeIdSource(kind));
}

/** A regex source for the characters of an ID of this kind inside a longer text, such as a URL. */
export function idCharactersSource(kind: IdKind): string {
	return `[${ID_KINDS[kind].characters}]+`;
}
