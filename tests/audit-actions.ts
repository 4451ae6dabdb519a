import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every action the server records in the audit log, read from its source so that a new one
 * cannot be missed by the labels (src/lib/audit-diff.ts) or the audit page's "Show" choices
 * (src/lib/audit-filters.ts). Each audit(…) call's `action` is either text, or a parameter of
 * the helper around the call (the integrations' `write`, the account routes' `recordRefusal`),
 * whose calls in the same file then give the text. Parsed, not matched with a pattern, so that
 * a call split over lines or a new helper is still found; anything else (an action built at run
 * time, a helper called from another file) is listed in `unread` for the test to refuse.
 */
export type RecordedAuditActions = {
  /** Each action, with where it is recorded ("server/users/routes.ts:256"). */
  actions: Map<string, string[]>;
  unread: string[];
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.d.ts') ? [file] : [];
  });
}

/** The action text, or both texts of `cond ? 'a' : 'b'`; null when it is not text. */
function textsOf(node: ts.Node | undefined): string[] | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return textsOf(node.expression);
  if (ts.isConditionalExpression(node)) {
    const [yes, no] = [textsOf(node.whenTrue), textsOf(node.whenFalse)];
    return yes && no ? [...yes, ...no] : null;
  }
  return null;
}

const calleeName = (call: ts.CallExpression): string | null =>
  ts.isIdentifier(call.expression) ? call.expression.text : null;

/** The name a function is known by in its file, and where `parameter` is in its list. */
function helperOf(node: ts.Node, parameter: string): { name: string; index: number } | null {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (!ts.isFunctionLike(at)) continue;
    const index = at.parameters.findIndex(
      (p) => ts.isIdentifier(p.name) && p.name.text === parameter,
    );
    if (index < 0) continue;
    if (ts.isFunctionDeclaration(at) && at.name) return { name: at.name.text, index };
    const holder = at.parent;
    if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) {
      return { name: holder.name.text, index };
    }
    return null;
  }
  return null;
}

export function recordedAuditActions(root = path.resolve('server')): RecordedAuditActions {
  const actions = new Map<string, string[]>();
  const unread: string[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('audit(')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const name = path.relative(path.dirname(root), file);
    const where = (node: ts.Node) =>
      `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const add = (action: string, node: ts.Node) =>
      actions.set(action, [...(actions.get(action) ?? []), where(node)]);
    const helpers = new Map<string, number>();

    const calls: ts.CallExpression[] = [];
    const collect = (node: ts.Node) => {
      if (ts.isCallExpression(node)) calls.push(node);
      ts.forEachChild(node, collect);
    };
    collect(source);

    for (const call of calls.filter((c) => calleeName(c) === 'audit')) {
      const entry = call.arguments[1];
      const property =
        entry && ts.isObjectLiteralExpression(entry)
          ? entry.properties.find(
              (p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'action',
            )
          : undefined;
      const value =
        property && ts.isPropertyAssignment(property)
          ? property.initializer
          : property && ts.isShorthandPropertyAssignment(property)
            ? property.name
            : undefined;
      const texts = textsOf(value);
      if (texts !== null) {
        for (const action of texts) add(action, call);
        continue;
      }
      const helper = value && ts.isIdentifier(value) ? helperOf(call, value.text) : null;
      if (helper) helpers.set(helper.name, helper.index);
      else unread.push(`${where(call)}: an audit(…) whose action is not text`);
    }

    for (const [helper, index] of helpers) {
      const uses = calls.filter((c) => calleeName(c) === helper);
      if (uses.length === 0) unread.push(`${name}: ${helper} is never called here`);
      for (const use of uses) {
        const texts = textsOf(use.arguments[index]);
        if (texts === null) {
          unread.push(`${where(use)}: ${helper}(…) with an action that is not text`);
        } else {
          for (const action of texts) add(action, use);
        }
      }
    }
  }
  return { actions, unread };
}
