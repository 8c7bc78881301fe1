/**
 * Counts the procedure names written as strings in production code and how many of them the
 * compiler checks. `npx tsx scripts/procedureNames.ts` (in apps/server); `--list` prints
 * each unchecked one with its place; exits non-zero when one is unchecked.
 *
 * A procedure name is the dotted path of a procedure of the router ("bottles.byId") or an
 * activity action that is not one ("bottles.uploadImage", "club.import": ACTIVITY_ONLY_ACTIONS).
 * A string literal with such a text is checked when the type it is checked against is made of
 * string literals (ProcedurePath, WritePath, ActivityAction...: a misspelt name is a type error),
 * and an object key is checked when the object's type lists its keys (a Record<WritePath, ...>
 * with satisfies). Anything else (a plain `string`, a `Record<string, ...>`) is unchecked.
 * Comments do not count. Tests (*.test.ts, test/, e2e) are left out: they call the real server,
 * which refuses an unknown name.
 */
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { endpoints } from "../src/app/endpoints";
import { ACTIVITY_ONLY_ACTIONS } from "../src/app/contract";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const names = new Set<string>([...endpoints().map((e) => e.path), ...ACTIVITY_ONLY_ACTIONS]);

/** The TypeScript projects holding production code, and which of their files are production. */
const projects = [
  "apps/server/tsconfig.json",
  "apps/web/tsconfig.json",
  "apps/web/sw/tsconfig.json",
  "packages/shared/tsconfig.json",
  "packages/db/tsconfig.json",
];
const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  /\/(test|bench|scripts)\//.test(file) ||
  /(vitest\.config|testing)\.ts$/.test(file) ||
  file.includes("/node_modules/");

interface Found {
  file: string;
  line: number;
  name: string;
  checked: boolean;
}

// An optional property's undefined does not make it unchecked: a string there must be one of the literals.
const literalOnly = (type: ts.Type): boolean =>
  type.isUnion()
    ? type.types.some((t) => t.isStringLiteral()) &&
      type.types.every(
        (t) => t.isStringLiteral() || !!(t.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined)),
      )
    : type.isStringLiteral() || !!(type.flags & ts.TypeFlags.Never);

function checkedKey(checker: ts.TypeChecker, node: ts.StringLiteral): boolean {
  const object = node.parent.parent;
  if (!ts.isObjectLiteralExpression(object)) return false;
  const type = checker.getContextualType(object);
  if (!type) return false;
  // An optional property's object: its undefined is no place for a key.
  const types = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & ts.TypeFlags.Undefined));
  return (
    types.length > 0 &&
    types.every(
      (t) => !checker.getIndexInfoOfType(t, ts.IndexKind.String) && !!checker.getPropertyOfType(t, node.text),
    )
  );
}

function checkedValue(checker: ts.TypeChecker, node: ts.Expression): boolean {
  const type = checker.getContextualType(node);
  return !!type && literalOnly(type);
}

const found = new Map<string, Found>();
for (const project of projects) {
  const configPath = join(root, project);
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  if (!config) throw new Error(`cannot read ${project}`);
  const program = ts.createProgram(config.fileNames, config.options);
  const checker = program.getTypeChecker();
  for (const source of program.getSourceFiles()) {
    const file = relative(root, source.fileName);
    // kernel/actions.ts declares the actions features name (app/contract.ts checks them against
    // the router): the one place they are written.
    if (
      file.startsWith("..") ||
      isTest(`/${file}`) ||
      file === "apps/server/src/app/contract.ts" ||
      file === "apps/server/src/kernel/actions.ts"
    )
      continue;
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && names.has(node.text)) {
        const isKey = ts.isPropertyAssignment(node.parent) && node.parent.name === node;
        const checked = isKey
          ? checkedKey(checker, node as ts.StringLiteral)
          : ts.isCaseClause(node.parent)
            ? literalOnly(checker.getTypeAtLocation(node.parent.parent.parent.expression))
            : checkedValue(checker, node);
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const key = `${file}:${line}:${node.getStart()}`;
        // A file in two projects counts once; checked in either is checked.
        const before = found.get(key);
        found.set(key, { file, line, name: node.text, checked: checked || !!before?.checked });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

const all = [...found.values()];
const unchecked = all.filter((f) => !f.checked);
if (process.argv.includes("--list")) for (const f of unchecked) console.log(`${f.file}:${f.line}  ${f.name}`);
const files = new Set(unchecked.map((f) => f.file));
console.log(
  `procedure names in production code: ${all.length}, checked by the compiler: ${all.length - unchecked.length}, ` +
    `unchecked: ${unchecked.length} in ${files.size} files`,
);
process.exitCode = unchecked.length > 0 ? 1 : 0;
