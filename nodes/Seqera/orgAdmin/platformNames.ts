/**
 * The contract's rules for what an organization, a workspace or a team is called (Organization, Workspace and Team
 * schemas), checked before any call so a bad name fails the item naming its field.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText } from '../helpers/validate';
import { describeValue } from '../text/describeValue';

/** `name`'s pattern in the contract: 2 to 39 letters, digits, - and _, starting and ending with a letter or digit. */
const PLATFORM_NAME = /^[a-zA-Z\d](?:[a-zA-Z\d]|[-_](?=[a-zA-Z\d])){1,38}$/;

/** The contract's maxLength of the text fields, by schema. */
export const TEXT_LIMITS = {
	fullName: 100,
	description: 1000,
	teamDescription: 250,
	location: 100,
} as const;

/** A name (`what`: organization, workspace or team) as the platform accepts it. */
export function requirePlatformName(node: INode, itemIndex: number, field: string, value: unknown, what: string): string {
	const name = requireText(node, itemIndex, field, value);
	if (!PLATFORM_NAME.test(name)) {
		throw new NodeOperationError(node, `${field} "${describeValue(name)}" is not a valid ${what} name`, {
			itemIndex,
			description:
				`A ${what} name has 2 to 39 letters, digits, - and _, starts and ends with a letter or a digit, and never has - or _ ` +
				`twice in a row, like rnaseq-prod (item ${itemIndex}).`,
		});
	}
	return name;
}

/** Free text the platform keeps up to `max` characters; spaces at either end are dropped. */
export function textWithin(node: INode, itemIndex: number, field: string, value: unknown, max: number): string {
	const text = String(value ?? '').trim();
	if (text.length > max) {
		throw new NodeOperationError(node, `${field} is longer than ${max} characters`, {
			itemIndex,
			description: `The platform keeps at most ${max} characters in ${field}; this one has ${text.length} (item ${itemIndex}).`,
		});
	}
	return text;
}
