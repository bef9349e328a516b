// Removes the web client build that the global setup made for this run.
const { removeWebBuild } = require('./web-build-folder.util');

module.exports = async function removeWebClientBuild() {
  removeWebBuild();
};
