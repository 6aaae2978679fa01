// postinstall: put the platform's native hookrun where an agent can run it
// without starting Node on every event. On Linux and macOS it replaces the
// JavaScript shim that npm's bin link points at. On Windows npm runs a bin
// through its own .cmd and .ps1 wrappers, which call node on the shim, so
// the shim stays and the binary is copied beside it as bin/hookrun.exe,
// the path agents' settings should name there. Without this step (npm
// install --ignore-scripts), the shim runs the native binary instead.
"use strict";
const fs = require("fs");
const path = require("path");
const { nativeBinary, platforms } = require("./bin/resolve.js");

const bin = nativeBinary();
if (!bin) {
  const supported = Object.keys(platforms).join(", ");
  console.error(`hookrun: no package for ${process.platform}-${process.arch}; hookrun supports ${supported}`);
  process.exit(0); // the shim reports it when run
}
const target = path.join(__dirname, "bin", process.platform === "win32" ? "hookrun.exe" : "hookrun");
const tmp = target + ".native";
try {
  fs.copyFileSync(bin, tmp);
  fs.chmodSync(tmp, 0o755);
  fs.renameSync(tmp, target);
} catch (err) {
  console.error(`hookrun: could not install the native binary (${err.message}); the Node shim will run it`);
}
