/**
 * Installs this folder's n8n 1.x engine with `npm ci`, unless node_modules already holds an install
 * of the same package.json and lockfile: `npm ci` always deletes node_modules and starts over, which
 * would add its full install time to every `npm run test:n8n1`.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const manifest = ['package.json', 'package-lock.json'].map((file) => fs.readFileSync(path.join(__dirname, file), 'utf8')).join('\n');
// npm ci removes node_modules first, so a failed or interrupted install leaves no stamp behind.
const stamp = path.join(__dirname, 'node_modules', '.installed-from');

if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== manifest) {
	execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: __dirname, stdio: 'inherit' });
	fs.writeFileSync(stamp, manifest);
}
