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
		| 'wait';
	customApiCall: 'request';
};

export type SeqeraType = AllEntities<NodeMap>;
