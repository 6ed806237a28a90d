// Local ESLint rule: the architectural boundaries of docs/project-structure.md.
// no-restricted-imports only sees the import string, and a relative path such as
// `../b/x.ts` means different things in different folders, so this rule resolves every
// import against the importing file and checks where it really lands.
import path from 'node:path';
import replacementString from './replacement-string.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** tsconfig/vite aliases, so `~web/...` counts the same as a relative import. */
const ALIASES = { '~shared/': 'src/shared/', '~web/': 'src/web/', '~server/': 'src/server/' };

const toPosix = (p) => p.split(path.sep).join('/');
const inside = (rel, dir) => rel === dir || rel.startsWith(`${dir}/`);

function resolveTarget(fromFile, source) {
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (source.startsWith(alias)) return dir + source.slice(alias.length);
  }
  if (!source.startsWith('.')) return null; // a package: not ours to police here
  return toPosix(path.relative(ROOT, path.resolve(path.dirname(fromFile), source)));
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the folder boundaries (features are isolated; shared is pure; server and web stay apart).' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'array', items: { type: 'string' } },
                allowTypeImportsIn: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
          isolated: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      zone: '{{file}} may not import {{target}}: {{why}}',
      isolated: 'A feature may not import another feature ({{from}} → {{to}}). Move the shared part to src/web/lib or src/web/ui, or compose the two in src/web/app.',
    },
  },
  create(context) {
    const { zones = [], isolated = [] } = context.options[0] ?? {};
    const file = toPosix(path.relative(ROOT, context.filename));
    if (file.startsWith('..')) return {};

    function check(node, source, typeOnly) {
      if (typeof source !== 'string') return;
      const target = resolveTarget(context.filename, source);
      if (!target) return;
      for (const zone of zones) {
        if (!inside(file, zone.target)) continue;
        if (!zone.from.some((dir) => inside(target, dir))) continue;
        if (typeOnly && (zone.allowTypeImportsIn ?? []).includes(file)) continue;
        context.report({ node, messageId: 'zone', data: { file: zone.target, target: target, why: zone.message ?? 'this crosses a layer boundary' } });
      }
      for (const root of isolated) {
        if (!inside(file, root) || !inside(target, root)) continue;
        const own = file.slice(root.length + 1).split('/')[0];
        const other = target.slice(root.length + 1).split('/')[0];
        // A file directly in the root (not in a feature folder) is not a feature.
        if (file.slice(root.length + 1).includes('/') && own !== other) {
          context.report({ node, messageId: 'isolated', data: { from: `${root}/${own}`, to: `${root}/${other}` } });
        }
      }
    }

    const isTypeOnlyImport = (node) =>
      node.importKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));

    return {
      ImportDeclaration: (node) => check(node, node.source.value, isTypeOnlyImport(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
      TSImportType: (node) => {
        const arg = node.argument?.literal ?? node.argument;
        if (arg?.type === 'Literal') check(node, arg.value, true);
      },
    };
  },
};

export default { meta: { name: 'inkhaven-local' }, rules: { boundaries: rule, 'replacement-string': replacementString } };
