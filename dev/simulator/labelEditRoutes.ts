/**
 * Changing and deleting a label: PUT /labels/{labelId} answers the label as it now is (UpdateLabelResponse);
 * DELETE /labels/{labelId} takes it off the runs, pipelines, actions and datasets that carried it. A label the
 * workspace does not have is a 403, as for any entity the caller cannot see.
 */
import { forbidden, json, noContent, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import type { SimLabel } from './model';
import { workspaceOf } from './params';
import { route, type Route } from './router';

function findLabel(request: ApiRequest, data: SimulatorData): SimLabel {
	const label = data.labelsIn(workspaceOf(request, data)).find((each) => String(each.id) === request.pathParams.labelId);
	if (!label) throw forbidden();
	return label;
}

export const labelEditRoutes: Route[] = [
	route('PUT', '/labels/{labelId}', (request, { data }) => {
		const label = data.updateLabel(findLabel(request, data), request.body);
		return json({ id: label.id, name: label.name, value: label.value, isDefault: label.isDefault });
	}),
	route('DELETE', '/labels/{labelId}', (request, { data }) => {
		const label = findLabel(request, data);
		data.labels.splice(data.labels.indexOf(label), 1);
		const without = (ids: number[]) => ids.filter((id) => id !== label.id);
		for (const run of data.runsIn(label.workspaceId)) run.labelIds = without(run.labelIds);
		for (const pipeline of data.pipelinesIn(label.workspaceId)) pipeline.labelIds = without(pipeline.labelIds);
		for (const action of data.actionsIn(label.workspaceId)) action.labelIds = without(action.labelIds ?? []);
		for (const dataset of data.datasetsIn(label.workspaceId)) dataset.labelIds = without(dataset.labelIds ?? []);
		return noContent();
	}),
];
