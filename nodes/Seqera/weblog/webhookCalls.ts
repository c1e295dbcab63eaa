import { timingSafeEqual } from 'node:crypto';

import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

/** Answers a call to a node's webhook with `status` and a JSON message (with `fields` beside it), and starts nothing. */
export function answerCall(
	context: IWebhookFunctions,
	status: number,
	message: string,
	{ headers = {}, fields = {} }: { headers?: Record<string, string>; fields?: IDataObject } = {},
): IWebhookResponseData {
	const response = context.getResponseObject();
	for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
	response.status(status).json({ message, ...fields });
	return { noWebhookResponse: true };
}

/** Whether the call's Authorization header is HTTP basic auth with exactly this user and password; compared in constant time. */
export function carriesBasicAuth(context: IWebhookFunctions, user: string, password: string): boolean {
	const header = context.getHeaderData().authorization;
	const match = typeof header === 'string' ? /^Basic\s+(\S+)$/i.exec(header) : null;
	if (!match) return false;
	const given = Buffer.from(match[1], 'base64');
	const expected = Buffer.from(`${user}:${password}`);
	return given.length === expected.length && timingSafeEqual(given, expected);
}
