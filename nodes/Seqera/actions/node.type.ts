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
		| 'getTaskFile'
		| 'getLog'
		| 'downloadFile'
		| 'wait'
		| 'addLabels'
		| 'removeLabels'
		| 'replaceLabels';
	workspace: 'getMany';
	pipeline: 'getMany' | 'get' | 'launch' | 'create' | 'update' | 'delete' | 'addLabels' | 'removeLabels';
	pipelineVersion: 'getMany' | 'get' | 'rename' | 'makeDefault';
	computeEnv: 'getMany' | 'get' | 'create' | 'makePrimary' | 'validate';
	label: 'getMany' | 'create';
	dataset: 'getMany' | 'get' | 'getVersions' | 'create' | 'uploadVersion' | 'download' | 'hide' | 'show' | 'delete';
	action: 'create' | 'delete' | 'getMany' | 'pause' | 'resume' | 'trigger' | 'update';
	dataLink: 'getMany' | 'browse' | 'downloadFile' | 'uploadFile' | 'generateDownloadUrl';
	studio: 'getMany' | 'get' | 'create' | 'start' | 'stop' | 'delete' | 'wait';
	secret: 'getMany' | 'create' | 'update' | 'delete';
	organization: 'getMany';
	organizationMember: 'getMany' | 'add' | 'remove' | 'changeRole';
	workspaceParticipant: 'getMany' | 'add' | 'remove' | 'changeRole';
	team: 'getMany' | 'getMembers' | 'addMember' | 'removeMember';
	apiOperation: 'call';
	customApiCall: 'request';
};

export type SeqeraType = AllEntities<NodeMap>;
