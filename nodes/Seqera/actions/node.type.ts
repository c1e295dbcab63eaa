import type { AllEntities } from 'n8n-workflow';

/** Every resource and its operations; a misspelt name in the router fails to compile. */
type NodeMap = {
	workflow:
		| 'getMany'
		| 'get'
		| 'getProgress'
		| 'getMetrics'
		| 'launch'
		| 'relaunch'
		| 'cancel'
		| 'delete'
		| 'deleteMany'
		| 'getTasks'
		| 'getTask'
		| 'getLog'
		| 'downloadFile'
		| 'wait'
		| 'addLabels'
		| 'removeLabels'
		| 'replaceLabels';
	workspace: 'getMany';
	pipeline: 'getMany' | 'get' | 'launch';
	computeEnv: 'getMany' | 'get';
	label: 'getMany' | 'create';
	dataset: 'getMany' | 'create' | 'uploadVersion';
	action: 'getMany' | 'trigger';
	apiOperation: 'call';
	customApiCall: 'request';
};

export type SeqeraType = AllEntities<NodeMap>;
