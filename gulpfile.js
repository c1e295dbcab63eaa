const { src, dest } = require('gulp');

/** The TypeScript build does not copy icons; n8n loads them from dist next to the compiled nodes. */
function buildIcons() {
	return src('icons/**/*.svg').pipe(dest('dist/icons'));
}

exports['build:icons'] = buildIcons;
