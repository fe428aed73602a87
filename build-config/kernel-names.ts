/**
 * What TypeScript reads for the kernel's surface (kernel-surface.ts): the kernel's exports with their types'
 * hashes, and the kernel names an area's files take. Build-time only (the API never loads TypeScript).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { KERNEL_DIR, KERNEL_PACKAGE, type Surface } from './kernel-surface';

const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseFullyQualifiedType |
  ts.TypeFormatFlags.WriteArrowStyleSignature;

/** What a name stands for, in words that change when its type changes (an interface: each member's type). */
function describe(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const parts: string[] = [];
  const declaration = target.valueDeclaration ?? target.declarations?.[0];
  if (target.flags & ts.SymbolFlags.Value && declaration)
    parts.push(
      `value: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(target, declaration), undefined, FLAGS)}`,
    );
  if (target.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Class)) {
    const type = checker.getDeclaredTypeOfSymbol(target);
    parts.push(`type: ${checker.typeToString(type, undefined, FLAGS | ts.TypeFormatFlags.InTypeAlias)}`);
    for (const member of checker.getPropertiesOfType(type)) {
      const at = member.valueDeclaration ?? member.declarations?.[0];
      if (at)
        parts.push(
          `${member.name}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(member, at), undefined, FLAGS)}`,
        );
    }
  }
  return parts.join('\n');
}

/** The repository's folder, left out of what is hashed: a type named by its file reads the same in any clone. */
const REPOSITORY = join(KERNEL_DIR, '..');
const hash = (text: string) => createHash('sha256').update(text.split(REPOSITORY).join('')).digest('hex').slice(0, 12);

/** The kernel's surface as its sources are now. */
export function currentSurface(): Surface {
  const entry = join(KERNEL_DIR, 'src', 'index.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(KERNEL_DIR, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const program = ts.createProgram([entry], { ...(config?.options ?? {}), noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`Cannot read the exports of ${entry}`);
  const surface: Surface = {};
  for (const symbol of checker.getExportsOfModule(module).sort((a, b) => a.name.localeCompare(b.name)))
    surface[symbol.name] = hash(describe(checker, symbol));
  return surface;
}

/**
 * The names an area's code takes from the kernel: every `import { … } from '@btls/kernel'` and
 * `export { … } from '@btls/kernel'` (values only: types are gone at run time) in the files of its build.
 */
export function kernelNamesUsed(files: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(KERNEL_PACKAGE)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      const from =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (from !== KERNEL_PACKAGE) continue;
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        if (!clause || clause.isTypeOnly) continue;
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements)
            if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
        if (bindings && ts.isNamespaceImport(bindings)) names.add('*');
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        const clause = statement.exportClause;
        if (clause && ts.isNamedExports(clause))
          for (const element of clause.elements)
            if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
        if (!clause) names.add('*');
      }
    }
  }
  return [...names].sort();
}
