// Runs a wasm32-wasip1 program (a test binary) in Node.js's WASI: cargo's runner for that target
// in scripts/targets-test.sh. The host's root is the guest's root, so the tests find their vector
// files at the paths they were compiled with.
import { readFile } from "node:fs/promises";
import { argv, env, exit } from "node:process";
import { WASI } from "node:wasi";

const [program, ...args] = argv.slice(2);
const wasi = new WASI({
  version: "preview1",
  args: [program, ...args],
  env,
  preopens: { "/": "/" },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
