import { locatorOf, readsNamesInIdMode } from '../helpers/parameters';
import { optionalNumericId } from '../helpers/validate';
import { connectionOf, type SeqeraFunctions } from '../transport';
import { isWorkspaceReference, workspaceIdNamed } from './workspaces';

/**
 * The workspace an operation, the trigger or an editor list works in: the node's choice, else the
 * credential's default, else none (the platform then uses the user's personal workspace). By Name (and,
 * from version 1.2, an ID that is `org/workspace`) is looked up among the user's workspaces; an ID that is
 * not a number fails, naming the field, before any call. The credential is read first, through the
 * transport's reader, which keeps it for the execution or the editor's request.
 */
export async function workspaceIdFor(context: SeqeraFunctions, itemIndex: number): Promise<string | undefined> {
	const connection = await connectionOf(context);
	const { mode, value } = locatorOf(context, 'workspace', itemIndex);
	const node = context.getNode();
	if ((mode === 'name' && String(value ?? '').trim() !== '') || (readsNamesInIdMode(context) && isWorkspaceReference(value))) {
		return await workspaceIdNamed(context, itemIndex, String(value), 'Workspace');
	}
	return (
		optionalNumericId(node, itemIndex, value, 'Workspace') ??
		optionalNumericId(node, itemIndex, connection.defaultWorkspaceId, 'Default Workspace ID (credential)')
	);
}
