// Runs one function of a browser module for a Swift or Python test, so that no test keeps a copy
// of a browser answer: `node Tests/Node/run.mjs core/route.js plan` reads the arguments as a JSON
// array on standard input and prints the function's result (awaited) as JSON.
import { readFileSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

async function main(modulePath, name) {
  const assets = resolve(dirname(fileURLToPath(import.meta.url)), "../../templates/assets");
  const module = await import(pathToFileURL(resolve(assets, modulePath)).href);
  if (typeof module[name] !== "function") {
    console.error(`${modulePath} exports no function ${name}`);
    process.exit(2);
  }
  const args = JSON.parse(readFileSync(0, "utf8") || "[]");
  const result = await module[name](...args);
  process.stdout.write(JSON.stringify(result === undefined ? null : result) + "\n");
}

main(...process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
