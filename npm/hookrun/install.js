// postinstall: put the platform's native hookrun where npm's bin link
// points, in place of the JavaScript shim, so an agent that runs hookrun on
// every event never pays for starting Node. Without this step (npm
// install --ignore-scripts), the shim runs the native binary instead.
"use strict";
const fs = require("fs");
const path = require("path");
const { nativeBinary } = require("./bin/resolve.js");

const bin = nativeBinary();
if (!bin) {
  console.error(`hookrun: no package for ${process.platform}-${process.arch}; hookrun supports linux and darwin on x64 and arm64`);
  process.exit(0); // the shim reports it when run
}
const shim = path.join(__dirname, "bin", "hookrun");
const tmp = shim + ".native";
try {
  fs.copyFileSync(bin, tmp);
  fs.chmodSync(tmp, 0o755);
  fs.renameSync(tmp, shim);
} catch (err) {
  console.error(`hookrun: could not install the native binary (${err.message}); the Node shim will run it`);
}
