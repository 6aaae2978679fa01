"use strict";
// The platform package that carries the native hookrun, and its binary.
const path = require("path");
const platforms = { "linux-x64": 1, "linux-arm64": 1, "darwin-x64": 1, "darwin-arm64": 1 };
function nativeBinary() {
  const key = `${process.platform}-${process.arch}`;
  if (!platforms[key]) return null;
  try {
    return require.resolve(`@hookrun/${key}/bin/hookrun`);
  } catch {
    return null;
  }
}
module.exports = { nativeBinary };
