/** What the operations and the trigger need to know of a data link. */
export interface DataLinkInfo {
	id: string;
	name: string;
	/** Where the data link's root is, such as `s3://bucket` or `gs://bucket/folder`. */
	resourceRef: string;
	/** The credentials the platform reads the bucket with; none for a public bucket. */
	credentialsId?: string;
	/** The contract's DataLinkProvider: aws, google, azure, s3 (S3-compatible), seqeracompute... */
	provider?: string;
}

/** One entry of a folder's listing (the contract's DataLinkItem). */
export interface FolderEntry {
	type: 'FOLDER' | 'FILE' | 'FUSION_SYMLINK_FILE';
	name: string;
	size?: number;
	mimeType?: string;
	/**
	 * The contract's DataLinkItem has no modification time; object stores keep one, and when the
	 * platform passes it on, a file uploaded again with the same size is still told apart.
	 */
	lastModified?: string;
}

export interface FolderPage {
	entries: FolderEntry[];
	/** Where the next page of the same listing starts; none after the last page. */
	nextPageToken?: string;
}

/**
 * What the event reads from the platform: the data link, and one page of a folder's listing. The node
 * reads them through the transport; tests can read them from a model of the platform.
 */
export interface DataLinkApi {
	describe(): Promise<DataLinkInfo>;
	/** `'tokenRefused'` when the platform no longer takes the page token (it expired between polls). */
	browse(dataLink: DataLinkInfo, folder: string, search: string, pageToken?: string): Promise<FolderPage | 'tokenRefused'>;
}
