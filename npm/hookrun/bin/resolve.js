"use strict";
// The platform package that carries the native hookrun, and its binary.
const platforms = {
  "linux-x64": "hookrun", "linux-arm64": "hookrun",
  "darwin-x64": "hookrun", "darwin-arm64": "hookrun",
  "win32-x64": "hookrun.exe", "win32-arm64": "hookrun.exe",
};
function nativeBinary() {
  const key = `${process.platform}-${process.arch}`;
  if (!platforms[key]) return null;
  try {
    return require.resolve(`@hookrun/${key}/bin/${platforms[key]}`);
  } catch {
    return null;
  }
}
module.exports = { nativeBinary, platforms };
