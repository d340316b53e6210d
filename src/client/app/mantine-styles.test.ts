import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * app/mantine-styles.ts imports Mantine's CSS per component (decision 0026). A component whose CSS is
 * missing renders unstyled with no error anywhere, so this test works the list out from the code: the
 * Mantine components src/client uses, everything Mantine itself draws inside them, and the CSS file
 * of each, in the order of Mantine's full styles.css.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const client = path.join(root, 'src/client');
const mantine = path.join(root, 'node_modules/@mantine');
const coreEsm = path.join(mantine, 'core/esm');
const coreStyles = path.join(mantine, 'core/styles');
const listFile = path.join(client, 'app/mantine-styles.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    // Tests are not part of the bundle: what they render does not need the app's CSS.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** One of Mantine's hashed class names, as its CSS modules give them (Group's root is m_4081bf90). */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/**
 * What src/client takes from Mantine at runtime: @mantine/core's values by name and the other
 * @mantine packages it loads; and any of Mantine's hashed class names written out in the code, which
 * the code may not hold (they change with Mantine's versions, and only Mantine's components get them).
 */
function mantineUse(): { coreNames: Map<string, Set<string>>; packages: Set<string>; classNames: Map<string, Set<string>>; problems: string[] } {
  const coreNames = new Map<string, Set<string>>();
  const packages = new Set<string>();
  const classNames = new Map<string, Set<string>>();
  const problems: string[] = [];
  for (const file of sourceFiles(client)) {
    const where = path.relative(root, file);
    // The package a bare @mantine specifier names; deep ones (the CSS files themselves) are not uses.
    const mantinePackage = (specifier: string) => (/^@mantine\/[^/]+$/.test(specifier) ? specifier : undefined);
    const record = (specifier: string, names: readonly string[]) => {
      const pkg = mantinePackage(specifier);
      if (!pkg) return;
      if (pkg !== '@mantine/core') packages.add(pkg);
      else for (const name of names) coreNames.set(name, (coreNames.get(name) ?? new Set()).add(where));
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const bindings = clause?.namedBindings;
        if (clause?.isTypeOnly) return;
        if (bindings && ts.isNamespaceImport(bindings) && mantinePackage(node.moduleSpecifier.text)) problems.push(`${where}: import * from '${node.moduleSpecifier.text}' hides which components are used; import them by name`);
        const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text) : [];
        record(node.moduleSpecifier.text, names);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
        const clause = node.exportClause;
        if ((!clause || !ts.isNamedExports(clause)) && mantinePackage(node.moduleSpecifier.text)) problems.push(`${where}: export * from '${node.moduleSpecifier.text}' hides which components are used; export them by name`);
        const names = clause && ts.isNamedExports(clause) ? clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text) : [];
        record(node.moduleSpecifier.text, names);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteral(argument)) {
          if (argument.text === '@mantine/core') problems.push(`${where}: import('@mantine/core') hides which components are used; re-export them by name from a module of their own (as components/tooltip.ts does)`);
          record(argument.text, []);
        }
      } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
        for (const [className] of node.text.matchAll(MANTINE_CLASS)) classNames.set(className, (classNames.get(className) ?? new Set()).add(where));
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
  }
  return { coreNames, packages, classNames, problems };
}

/**
 * The module @mantine/core's index takes each exported value from; '' for a value it takes from
 * another package (RemoveScroll from react-remove-scroll), which has no Mantine CSS.
 */
function coreIndex(): Map<string, string> {
  const index = readFileSync(path.join(coreEsm, 'index.mjs'), 'utf8');
  const modules = new Map<string, string>();
  for (const [, names = '', from = ''] of index.matchAll(/import \{([^}]*)\} from "([^"]+)"/g)) {
    for (const name of names.split(',')) modules.set(name.trim().split(/\s+as\s+/).at(-1) ?? '', from.startsWith('.') ? path.join(coreEsm, from) : '');
  }
  return modules;
}

/**
 * Every component whose CSS module a set of @mantine/core modules imports, directly or through the
 * modules they import: Mantine's per-component CSS files are named after those modules
 * (Button.module.css -> styles/Button.css).
 */
function styledComponents(entries: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const styled = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.module.mjs')) styled.add(path.basename(file, '.module.mjs'));
    for (const [, from = ''] of readFileSync(file, 'utf8').matchAll(/(?:import|export)\b[^;]*?\bfrom "(\.[^"]+)"/g)) visit(path.resolve(path.dirname(file), from));
  };
  for (const entry of entries) visit(entry);
  return styled;
}

/** The component whose CSS module gives each of @mantine/core's class names (m_e2f5cd4e -> NumberInput). */
function classOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of readdirSync(coreEsm, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.module.mjs'))) {
    for (const [className] of readFileSync(path.join(coreEsm, file), 'utf8').matchAll(MANTINE_CLASS)) owners.set(className, path.basename(file, '.module.mjs'));
  }
  return owners;
}

/** The @mantine/core values another Mantine package's modules import (what it renders of core's). */
function coreNamesUsedBy(pkg: string): string[] {
  const esm = path.join(mantine, pkg.slice('@mantine/'.length), 'esm');
  if (!existsSync(esm)) return [];
  const files = readdirSync(esm, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mjs'));
  return files.flatMap((file) =>
    [...readFileSync(path.join(esm, file), 'utf8').matchAll(/import \{([^}]*)\} from "@mantine\/core"/g)].flatMap(([, names = '']) => names.split(',').map((name) => name.trim().split(/\s+as\s+/)[0] ?? '')),
  );
}

/** The CSS imports app/mantine-styles.ts has to hold, in the order they have to come. */
function expectedList(): { list: string[]; problems: string[] } {
  const { coreNames, packages, classNames, problems } = mantineUse();
  const owners = classOwners();
  const modules = coreIndex();
  const names = new Set([...coreNames.keys(), ...[...packages].flatMap(coreNamesUsedBy)]);
  const entries: string[] = [];
  for (const name of names) {
    const module = modules.get(name);
    if (module) entries.push(module);
    else if (module === undefined) problems.push(`${name} (${[...(coreNames.get(name) ?? ['a Mantine package'])].join(', ')}) is not in @mantine/core's index: the test cannot tell what it draws`);
  }
  // Mantine's full styles.css is baseline, variables and global CSS, then every component in an
  // order where a component comes after those it is built from; keeping that order keeps the cascade.
  const full = readFileSync(path.join(mantine, 'core/styles.css'), 'utf8');
  const position = (name: string) => full.indexOf(readFileSync(path.join(coreStyles, `${name}.css`), 'utf8').trim());
  const styled = styledComponents(entries);
  // Mantine's class names belong to its components: our own markup has classes of its own (a CSS module).
  for (const [className, files] of classNames) {
    const owner = owners.get(className);
    problems.push(`${className} (${[...files].join(', ')}) is ${owner ? `Mantine ${owner}'s` : 'a Mantine-like'} hashed class name: draw Mantine's ${owner ?? 'component'}, or give the markup a class of its own in a CSS module`);
  }
  const core = ['baseline', 'default-css-variables', 'global', ...[...styled].filter((name) => existsSync(path.join(coreStyles, `${name}.css`)))];
  for (const name of core) if (position(name) < 0) problems.push(`styles/${name}.css is not part of @mantine/core/styles.css: its place in the order is unknown`);
  core.sort((a, b) => position(a) - position(b));
  // The other packages' CSS comes after core's (Mantine's "Styles import order").
  const others = [...packages].sort().filter((pkg) => existsSync(path.join(mantine, pkg.slice('@mantine/'.length), 'styles.css')));
  return { list: [...core.map((name) => `@mantine/core/styles/${name}.css`), ...others.map((pkg) => `${pkg}/styles.css`)], problems };
}

/** The side-effect imports of a module, in order. */
function cssImports(file: string): string[] {
  return parse(file)
    .statements.filter((statement): statement is ts.ImportDeclaration => ts.isImportDeclaration(statement) && !statement.importClause)
    .map((statement) => (statement.moduleSpecifier as ts.StringLiteral).text);
}

describe("app/mantine-styles.ts: the CSS of every Mantine component the client draws, and no other (decision 0026)", () => {
  it('lists exactly the CSS files the used components need, in the order of Mantine’s full stylesheet', () => {
    const { list, problems } = expectedList();
    expect(problems).toEqual([]);
    // On failure: copy the expected list into app/mantine-styles.ts.
    expect(cssImports(listFile)).toEqual(list);
  });

  it('follows what Mantine draws inside a component, not only what the client imports', () => {
    const modules = coreIndex();
    const drawn = (name: string) => styledComponents([modules.get(name) ?? '']);
    expect([...drawn('Button')].sort()).toEqual(['Button', 'Loader', 'UnstyledButton']);
    expect([...drawn('Modal')]).toEqual(expect.arrayContaining(['Modal', 'ModalBase', 'Overlay', 'CloseButton']));
    expect(coreNamesUsedBy('@mantine/notifications')).toContain('Notification');
    expect(classOwners().get('m_4081bf90')).toBe('Group');
  });

  it('is imported by main.tsx ahead of any other CSS, and is the only place Mantine CSS comes from', () => {
    const main = cssImports(path.join(client, 'main.tsx'));
    expect(main[0]).toBe('./app/mantine-styles');
    const elsewhere = sourceFiles(client).filter((file) => file !== listFile && cssImports(file).some((specifier) => specifier.startsWith('@mantine/')));
    expect(elsewhere.map((file) => path.relative(root, file))).toEqual([]);
  });
});
