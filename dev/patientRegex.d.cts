import type { RegexEngine } from 'n8n-workflow';

export declare const CHECK_LIMIT_MS: number;
export declare function patientRegexEngine(): RegexEngine;
