const { parallel, src, dest } = require('gulp');

/** The TypeScript build copies neither icons nor the nodes' codex files; n8n loads both from dist. */
function buildIcons() {
	return src('icons/**/*.svg').pipe(dest('dist/icons'));
}

function buildCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:icons'] = parallel(buildIcons, buildCodex);
