import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/** POSTs JSON to a webhook of this n8n (a resume URL) once: n8n's status (0 if none) and body. Not a platform call: no token, no budget. */
export async function callOwnWebhook(
	context: IExecuteFunctions,
	url: string,
	body: IDataObject,
	authorization: string,
): Promise<{ statusCode: number; body: IDataObject; failure?: string }> {
	try {
		const answer = (await context.helpers.httpRequest({
			method: 'POST',
			url,
			body,
			json: true,
			headers: { authorization },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: 60_000,
		})) as { statusCode: number; body: unknown };
		return {
			statusCode: answer.statusCode,
			body: typeof answer.body === 'object' && answer.body !== null ? (answer.body as IDataObject) : {},
		};
	} catch (error) {
		return { statusCode: 0, body: {}, failure: (error as Error).message };
	}
}
