/**
 * What TypeScript reads for the kernel's surface (kernel-surface.ts): the kernel's exports with their types'
 * hashes, and the kernel names an area's files take. Build-time only (the API never loads TypeScript).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import ts from 'typescript';
import { KERNEL_DIR, KERNEL_PACKAGE, type Surface } from './kernel-surface';

const NODE_FLAGS = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.UseFullyQualifiedType;
const printer = ts.createPrinter({ removeComments: true });
const blank = ts.createSourceFile('type.ts', '', ts.ScriptTarget.Latest);
const print = (node: ts.Node) => printer.printNode(ts.EmitHint.Unspecified, node, blank);

/**
 * A type in words that do not depend on the order TypeScript happened to meet its parts: every union's members
 * sorted (`'loading' | 'signedIn'` reads the same after an unrelated edit made TypeScript see `'signedIn'` first).
 */
function typeText(checker: ts.TypeChecker, type: ts.Type, at: ts.Node, flags = 0): string {
  let node: ts.TypeNode | undefined;
  try {
    node = checker.typeToTypeNode(type, at, NODE_FLAGS | flags);
  } catch {
    // (A few library types cannot be written as a node; their words are TypeScript's own.)
  }
  if (!node) return checker.typeToString(type, at, ts.TypeFormatFlags.NoTruncation);
  const sorted = ts.transform(node, [
    (context) => {
      const visit = (child: ts.Node): ts.Node => {
        const visited = ts.visitEachChild(child, visit, context);
        if (!ts.isUnionTypeNode(visited)) return visited;
        const members = [...visited.types].sort((a, b) => print(a).localeCompare(print(b)));
        return ts.factory.updateUnionTypeNode(visited, ts.factory.createNodeArray(members));
      };
      return (root) => visit(root) as ts.TypeNode;
    },
  ]);
  const text = print(sorted.transformed[0]!);
  sorted.dispose();
  return text;
}

/**
 * A member's name as written. A well-known symbol's member (an array type's `[Symbol.iterator]`) is named
 * `__@iterator@2034` inside TypeScript, the number counting the symbols it made before: an unrelated edit of the
 * kernel would change it, and with it every name whose type is an array.
 */
const memberName = (member: ts.Symbol) => member.name.replace(/^__@(.+)@\d+$/, '[Symbol.$1]');

/** What a name stands for, in words that change when its type changes (an interface: each member's type). */
function describe(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const parts: string[] = [];
  const declaration = target.valueDeclaration ?? target.declarations?.[0];
  if (target.flags & ts.SymbolFlags.Value && declaration)
    parts.push(`value: ${typeText(checker, checker.getTypeOfSymbolAtLocation(target, declaration), declaration)}`);
  if (target.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Class)) {
    const type = checker.getDeclaredTypeOfSymbol(target);
    parts.push(`type: ${typeText(checker, type, declaration!, ts.NodeBuilderFlags.InTypeAlias)}`);
    // An object type's members, each in words of its own (a union's or a primitive's are in its words already).
    if (type.flags & ts.TypeFlags.Object)
      for (const member of checker.getPropertiesOfType(type)) {
        const at = member.valueDeclaration ?? member.declarations?.[0];
        if (at)
          parts.push(`${memberName(member)}: ${typeText(checker, checker.getTypeOfSymbolAtLocation(member, at), at)}`);
      }
  }
  return parts.join('\n');
}

/** The repository's folder, left out of what is hashed: a type named by its file reads the same in any clone. */
const REPOSITORY = join(KERNEL_DIR, '..');
const hash = (text: string) => createHash('sha256').update(text.split(REPOSITORY).join('')).digest('hex').slice(0, 12);

/** The kernel's surface as its sources are now. */
export const currentSurface = (): Surface =>
  surfaceOf(join(KERNEL_DIR, 'src', 'index.ts'), join(KERNEL_DIR, 'tsconfig.json'));

/** The surface of the module `entry`: each name it exports, with a hash of its type. */
export function surfaceOf(entry: string, tsconfig?: string): Surface {
  const config =
    tsconfig &&
    ts.getParsedCommandLineOfConfigFile(
      tsconfig,
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
  const program = ts.createProgram([entry], { ...(config ? config.options : {}), noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`Cannot read the exports of ${entry}`);
  const described = new Map(
    checker
      .getExportsOfModule(module)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((symbol) => [symbol.name, describe(checker, symbol)]),
  );
  // A type written by the name of another of the surface's (`status: SessionStatus`) changes when that one does:
  // each name's hash covers the words of every name it reaches that way.
  const names = [...described.keys()];
  const mentions = new Map(
    names.map((name) => [
      name,
      names.filter(
        (other) => other !== name && new RegExp(`\\b${other.replace(/\$/g, '\\$')}\\b`).test(described.get(name)!),
      ),
    ]),
  );
  const surface: Surface = {};
  for (const name of names) {
    const reached = new Set([name]);
    for (const at of reached) for (const other of mentions.get(at) ?? []) reached.add(other);
    surface[name] = hash([...reached].map((each) => `${each}: ${described.get(each)}`).join('\n'));
  }
  return surface;
}

/** Which of a module's statements run when it is loaded, whatever is used of it (a call, not a declaration). */
function runsOnLoad(statement: ts.Statement): boolean {
  if (ts.isExpressionStatement(statement)) return true;
  if (!ts.isVariableStatement(statement)) return false;
  // A declared value made by a call runs it (unless marked pure, which the bundler drops when unused).
  return statement.declarationList.declarations.some((declaration) => {
    const value = declaration.initializer;
    if (!value || !(ts.isCallExpression(value) || ts.isNewExpression(value))) return false;
    const comments = ts.getLeadingCommentRanges(statement.getSourceFile().text, value.pos) ?? [];
    return !comments.some((range) => /[#@]__PURE__/.test(statement.getSourceFile().text.slice(range.pos, range.end)));
  });
}

/** The names a top-level statement declares (a value's, a function's, a class's). */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
    );
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
    return [statement.name.text];
  return [];
}

const exported = (statement: ts.Statement) =>
  ts.canHaveModifiers(statement) &&
  (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (statement: ts.Statement) =>
  ts.canHaveModifiers(statement) &&
  (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);

/**
 * The kernel names an area's built code takes, after tree-shaking: `kept` is each module of the build (a source
 * file of ours) with the exports the bundler kept of it. In each module, the statements that run on load and
 * those declaring a kept export are followed, through the module's own declarations they use; each name they
 * use is followed through imports and re-exports (`@btls/shared-auth` re-exporting the kernel's router) to where
 * it is declared, and counted when that is the kernel. A name only re-exported, or only in a type, or in a
 * function the bundler dropped, is not counted.
 */
export function kernelNamesKept(kept: Map<string, ReadonlySet<string>>, tsconfig: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const program = ts.createProgram([...kept.keys()], { ...(config?.options ?? {}), noEmit: true });
  const checker = program.getTypeChecker();
  const names = new Set<string>();

  /**
   * The kernel's name for what `symbol` stands for, when it is taken from `@btls/kernel` (the shell's), directly or
   * through re-exports (`@btls/shared-auth` re-exporting the kernel's router); `*` for the kernel as a namespace.
   */
  const kernelNameOf = (symbol: ts.Symbol | undefined): string | undefined => {
    for (let at = symbol, hops = 0; at && at.flags & ts.SymbolFlags.Alias && hops < 32; hops++) {
      for (const declaration of at.declarations ?? []) {
        const statement =
          ts.isImportSpecifier(declaration) || ts.isNamespaceImport(declaration)
            ? declaration.parent.parent.parent
            : ts.isExportSpecifier(declaration)
              ? declaration.parent.parent
              : undefined;
        const from =
          statement &&
          (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
          statement.moduleSpecifier &&
          ts.isStringLiteral(statement.moduleSpecifier)
            ? statement.moduleSpecifier.text
            : undefined;
        if (from !== KERNEL_PACKAGE) continue;
        if (ts.isNamespaceImport(declaration)) return '*';
        if (ts.isImportSpecifier(declaration) || ts.isExportSpecifier(declaration))
          return (declaration.propertyName ?? declaration.name).text;
      }
      at = checker.getImmediateAliasedSymbol(at);
    }
    return undefined;
  };

  for (const [file, exports] of kept) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const statementOf = new Map<ts.Node, ts.Statement>();
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) statementOf.set(declaration, statement);
      else statementOf.set(statement, statement);
    }
    const seen = new Set<ts.Node>();
    const queue: ts.Node[] = [];
    const follow = (node: ts.Node | undefined) => {
      if (node && !seen.has(node)) {
        seen.add(node);
        queue.push(node);
      }
    };
    const use = (symbol: ts.Symbol | undefined) => {
      const kernel = kernelNameOf(symbol);
      if (kernel) return void names.add(kernel);
      // One of this module's own declarations: what it uses is used too.
      for (const declaration of symbol?.declarations ?? [])
        if (declaration.getSourceFile() === source) follow(statementOf.get(declaration));
    };
    for (const statement of source.statements) {
      if (runsOnLoad(statement)) follow(statement);
      if (
        exported(statement) &&
        (isDefault(statement) ? exports.has('default') : declaredNames(statement).some((n) => exports.has(n)))
      )
        follow(statement);
      if (ts.isExportAssignment(statement) && exports.has('default')) follow(statement);
      if (
        ts.isExportDeclaration(statement) &&
        !statement.isTypeOnly &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      )
        for (const element of statement.exportClause.elements)
          if (!element.isTypeOnly && exports.has(element.name.text))
            use(checker.getSymbolAtLocation(element.propertyName ?? element.name));
    }
    for (let node = queue.shift(); node; node = queue.shift()) {
      const visit = (child: ts.Node) => {
        // Types are gone at run time, and so are imports until a name of theirs is used.
        if (ts.isTypeNode(child) || ts.isInterfaceDeclaration(child) || ts.isTypeAliasDeclaration(child)) return;
        if (ts.isImportDeclaration(child)) return;
        if (ts.isIdentifier(child) || ts.isJsxNamespacedName(child)) {
          const parent = child.parent;
          use(
            parent && ts.isShorthandPropertyAssignment(parent)
              ? checker.getShorthandAssignmentValueSymbol(parent)
              : checker.getSymbolAtLocation(child),
          );
        }
        ts.forEachChild(child, visit);
      };
      // A statement's own name is not a use of it.
      ts.forEachChild(node, visit);
    }
  }
  return [...names].sort();
}
