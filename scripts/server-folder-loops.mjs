#!/usr/bin/env node
// `npm run lint` (and so `npm test`): fails when folders of src/server depend on each other in a loop
// (auth -> students -> auth), which dependency-cruiser's file-level cycle rule cannot see. Reads
// dependency-cruiser's JSON for src/server. Tests (*.test.ts) and the test helpers in src/server/test
// are left out (they may reach anything), and so are the files at src/server's top (main.ts, app.ts,
// config.ts, deps.ts): they compose the areas, or are what every area is handed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = 'src/server/';

/** The folder of src/server a module is in, or null for anything the folder graph leaves out. */
export function serverFolderOf(source) {
  if (!source.startsWith(SERVER)) return null;
  if (/\.test\.tsx?$/.test(source)) return null;
  const rest = source.slice(SERVER.length);
  const slash = rest.indexOf('/');
  if (slash === -1) return null;
  const folder = rest.slice(0, slash);
  return folder === 'test' ? null : folder;
}

/** Folder -> folder -> the file imports behind that edge, from dependency-cruiser's `modules`. */
export function folderGraph(modules) {
  const graph = new Map();
  for (const module of modules) {
    const from = serverFolderOf(module.source);
    if (from === null) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dependency of module.dependencies ?? []) {
      const to = serverFolderOf(dependency.resolved ?? '');
      if (to === null || to === from) continue;
      const targets = graph.get(from);
      if (!targets.has(to)) targets.set(to, []);
      targets.get(to).push(`${module.source} -> ${dependency.resolved}`);
      if (!graph.has(to)) graph.set(to, new Map());
    }
  }
  return graph;
}

/** Every group of folders that reach each other (Tarjan's strongly connected components, size > 1), sorted. */
export function folderLoops(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const loops = [];
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of graph.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder), index.get(to)));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length > 1) {
      const members = new Set(group);
      const edges = [];
      for (const from of [...members].sort()) {
        for (const [to, imports] of graph.get(from) ?? []) if (members.has(to)) edges.push({ from, to, imports });
      }
      loops.push({ folders: [...members].sort(), edges });
    }
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return loops.sort((a, b) => a.folders.join().localeCompare(b.folders.join()));
}

/** The lines that name each loop and the imports that make it. */
export function describeLoops(loops) {
  const lines = [];
  for (const loop of loops) {
    lines.push(`folders of src/server in a loop: ${loop.folders.join(', ')}`);
    // Pairs that import each other both ways first: they are usually the loop to break.
    const both = (edge) => loop.edges.some((other) => other.from === edge.to && other.to === edge.from);
    for (const edge of [...loop.edges.filter(both), ...loop.edges.filter((edge) => !both(edge))]) {
      const more = edge.imports.length > 1 ? ` (and ${edge.imports.length - 1} more)` : '';
      lines.push(`  ${edge.from} -> ${edge.to}${both(edge) ? ' (both ways)' : ''}: ${edge.imports[0]}${more}`);
    }
  }
  if (loops.length > 0) {
    lines.push(
      'An area may use db, lib and mail and the areas below it, never one that uses it back. Move the piece both need down ' +
        '(to lib, db, src/shared, or the lower area), then run npm run lint again.',
    );
  }
  return lines;
}

/** Runs dependency-cruiser on `cwd`'s src/server with the project's configuration; its modules. */
export function cruiseServer(cwd, configFile) {
  const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'depcruise');
  const result = spawnSync(bin, [SERVER.slice(0, -1), '--config', configFile, '--output-type', 'json'], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new Error(`could not run dependency-cruiser: ${result.error.message}`);
  try {
    return JSON.parse(result.stdout).modules;
  } catch {
    throw new Error(`dependency-cruiser gave no JSON (exit ${result.status}): ${result.stderr.trim().slice(0, 2000)}`);
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cwd = process.argv[2] ? path.resolve(process.argv[2]) : root;
  const configFile = path.join(root, '.dependency-cruiser.cjs');
  const loops = folderLoops(folderGraph(cruiseServer(cwd, configFile)));
  if (loops.length === 0) {
    console.log('server folder loops: none');
  } else {
    for (const line of describeLoops(loops)) console.error(line);
    process.exit(1);
  }
}
