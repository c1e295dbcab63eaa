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
		| 'dump'
		| 'wait'
		| 'addLabels'
		| 'removeLabels'
		| 'replaceLabels';
	workspace: 'getMany' | 'get' | 'create' | 'update' | 'delete' | 'leave' | 'getStudiosSettings' | 'updateStudiosSettings';
	pipeline:
		| 'getMany'
		| 'get'
		| 'launch'
		| 'create'
		| 'update'
		| 'delete'
		| 'addLabels'
		| 'removeLabels'
		| 'replaceLabels'
		| 'export'
		| 'import'
		| 'createSchema';
	pipelineVersion: 'getMany' | 'get' | 'rename' | 'makeDefault';
	computeEnv:
		'getMany' | 'get' | 'getPrimary' | 'create' | 'update' | 'delete' | 'makePrimary' | 'validate' | 'wait' | 'export' | 'import';
	label: 'getMany' | 'create' | 'update' | 'delete';
	dataset:
		| 'getMany'
		| 'get'
		| 'getVersions'
		| 'create'
		| 'update'
		| 'uploadVersion'
		| 'download'
		| 'hide'
		| 'show'
		| 'delete'
		| 'addLabels'
		| 'removeLabels'
		| 'replaceLabels';
	action:
		| 'create'
		| 'delete'
		| 'get'
		| 'getMany'
		| 'pause'
		| 'resume'
		| 'trigger'
		| 'update'
		| 'addLabels'
		| 'removeLabels'
		| 'replaceLabels';
	dataLink:
		| 'getMany'
		| 'browse'
		| 'downloadFile'
		| 'downloadFolder'
		| 'uploadFile'
		| 'uploadFolder'
		| 'generateDownloadUrl'
		| 'create'
		| 'update'
		| 'delete';
	studio:
		| 'getMany'
		| 'get'
		| 'create'
		| 'createFromCheckpoint'
		| 'getCheckpoints'
		| 'getTemplates'
		| 'start'
		| 'stop'
		| 'update'
		| 'delete'
		| 'wait';
	secret: 'getMany' | 'get' | 'create' | 'update' | 'delete';
	credential: 'getMany' | 'get' | 'create' | 'update' | 'delete' | 'validate';
	organization: 'getMany' | 'get' | 'create' | 'update' | 'delete' | 'leave' | 'getCollaborators';
	organizationMember: 'getMany' | 'add' | 'remove' | 'changeRole';
	workspaceParticipant: 'getMany' | 'add' | 'remove' | 'changeRole';
	team: 'getMany' | 'getMembers' | 'addMember' | 'removeMember' | 'create' | 'update' | 'delete';
	platform: 'getInfo';
	apiOperation: 'call';
	customApiCall: 'request';
};

export type SeqeraType = AllEntities<NodeMap>;
