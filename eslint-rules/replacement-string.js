// Local ESLint rule: `.replace()` / `.replaceAll()` take a literal or a function as the replacement.
// A replacement *string* expands `$&`, `$\``, `$'` and `$1`, so passing text that came from a user
// (a display name, a review) pastes other parts of the subject into the result — it broke six
// server-rendered pages once. A function's return value is used as it is.

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'The replacement argument of replace/replaceAll must be a string literal or a function.' },
    schema: [],
    messages: {
      dynamic:
        'Pass a literal or a function as the replacement: a replacement string built at run time expands `$` patterns (use `() => value`, or split/join).',
    },
  },
  create(context) {
    const isSafe = (arg) =>
      (arg.type === 'Literal' && typeof arg.value === 'string') ||
      (arg.type === 'TemplateLiteral' && arg.expressions.length === 0) ||
      arg.type === 'ArrowFunctionExpression' ||
      arg.type === 'FunctionExpression';
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        if (callee.property.name !== 'replace' && callee.property.name !== 'replaceAll') return;
        const replacement = node.arguments[1];
        if (!replacement || replacement.type === 'SpreadElement') return;
        // A named function is fine too; anything else (an identifier holding a string, a template with values) is not.
        if (isSafe(replacement)) return;
        if (replacement.type === 'Identifier') {
          const variable = context.sourceCode.getScope(node).references.find((r) => r.identifier === replacement)?.resolved;
          const def = variable?.defs[0];
          if (def && (def.type === 'FunctionName' || (def.node.init && isSafe(def.node.init)))) return;
        }
        context.report({ node: replacement, messageId: 'dynamic' });
      },
    };
  },
};

export default rule;
