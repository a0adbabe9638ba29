// Compiled entry of this workspace package (npm run build:server); sources in src/.
module.exports = require('../../dist/services/fever/src/index.js');
