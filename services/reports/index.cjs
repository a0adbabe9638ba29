// Compiled entry of this workspace package (npm run build:server); sources in src/.
module.exports = require('../../dist/services/reports/src/index.js');
