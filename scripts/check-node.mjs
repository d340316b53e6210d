#!/usr/bin/env node
// Run by `npm start` first (prestart): says plainly when this node is older than package.json's
// `engines.node` (a lower bound, `>=X.Y`) and how to get Node 24, then lets the start go on. The
// server runs on Node 20 today, but Node 20 is out of security support and nothing tests it there:
// CI runs every test on Node 24. Node built-ins only.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const range = manifest.engines?.node ?? '';
const match = /^>=\s*(\d+)(?:\.(\d+))?/.exec(range);
if (!match) {
  console.error(`[start] package.json's engines.node is "${range}", not ">=X.Y": the Node version is not checked.`);
  process.exit(0);
}
const [major, minor] = process.versions.node.split('.').map(Number);
const needMajor = Number(match[1]);
const needMinor = Number(match[2] ?? 0);
if (major > needMajor || (major === needMajor && minor >= needMinor)) process.exit(0);

console.error(
  [
    `[start] warning: this is Node ${process.version}; Parley needs Node ${needMajor}.${needMinor} or newer (CI tests it on Node 24).`,
    `[start] It starts anyway, untested and without the security fixes of a supported Node. To run it on Node 24:`,
    `[start]   source scripts/use-node24.sh && npm start`,
    `[start] (that installs the npm registry's node@24 into .tools/node24 once, and puts it first on PATH; docs/deploy.md has the service's set-up)`,
  ].join('\n'),
);
