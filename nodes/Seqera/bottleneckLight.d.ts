/** Bottleneck's ES2017 build (`light.js`): the same classes as its main entry, without Redis clustering. */
declare module 'bottleneck/light' {
	// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- Bottleneck is a runtime dependency of this self-hosted package
	import Bottleneck from 'bottleneck';
	export default Bottleneck;
}
