// apps-engine 1.46.0 locates Deno at <dir of require.resolve("deno-bin")>/bin/deno.
module.exports = require("node:path").join(__dirname, "bin", "deno");
