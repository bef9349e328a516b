// The temporary folder the browser tests' build of the web client goes to (E2E_WEB_DIST_DIR).
const { rmSync } = require('node:fs');

/** Removes the build folder, once; safe to call again or when no build was made. */
function removeWebBuild() {
  const dir = process.env.E2E_WEB_DIST_DIR;
  if (!dir) return;
  rmSync(dir, { recursive: true, force: true });
  delete process.env.E2E_WEB_DIST_DIR;
}

module.exports = { removeWebBuild };
