// One-way imports (DESIGN.md): app -> features -> components/lib -> contract; a feature reaches another
// feature only through its index.ts; contract imports nothing but zod; the browser never imports server.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function layerOf(file) {
  // A trailing slash makes a folder import ('../contract') match like a file inside it.
  const rel = path.relative(root, file).split(path.sep).join('/') + '/';
  if (rel.startsWith('contract/')) return { layer: 'contract' };
  if (rel.startsWith('server/')) return { layer: 'server' };
  if (rel.startsWith('src/app/') || rel === 'src/main.tsx/') return { layer: 'app' };
  const f = /^src\/features\/([^/]+)\/(.*?)\/?$/.exec(rel);
  if (f) return { layer: 'feature', feature: f[1], rest: f[2] };
  if (rel.startsWith('src/components/')) return { layer: 'components' };
  if (rel.startsWith('src/lib/')) return { layer: 'lib' };
  if (rel.startsWith('src/')) return { layer: 'src-other' };
  return { layer: 'other' };
}

const ALLOWED = {
  contract: ['contract'],
  lib: ['lib', 'components', 'contract'],
  components: ['lib', 'components', 'contract'],
  feature: ['lib', 'components', 'contract', 'feature'],
  app: ['app', 'feature', 'lib', 'components', 'contract', 'src-other'],
  'src-other': ['app', 'feature', 'lib', 'components', 'contract', 'src-other'],
  server: ['server', 'contract'],
};

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', messages: { denied: '{{from}} may not import {{to}}: {{why}}' }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!ALLOWED[from.layer]) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        if (from.layer === 'contract' && source !== 'zod' && !(/\.test\.ts$/.test(file) && source === 'vitest')) {
          context.report({
            node,
            messageId: 'denied',
            data: { from: 'contract/', to: source, why: 'the contract uses zod only (no DOM, Node or React)' },
          });
        }
        return;
      }
      const target = path.resolve(path.dirname(file), source);
      // Tests may use the shared test helpers: src/test (renders with the whole app's setup) and test/
      // (a gateway and sandbox to test against), wherever the test file lives.
      const targetRel = path.relative(root, target).split(path.sep).join('/');
      if (/\.test\.tsx?$/.test(file) && (targetRel.startsWith('src/test/') || targetRel.startsWith('test/'))) return;
      const to = layerOf(target);
      const allowed = ALLOWED[from.layer];
      let why = '';
      if (!allowed.includes(to.layer)) why = `imports flow app -> features -> components/lib -> contract`;
      else if (
        from.layer === 'feature' &&
        to.layer === 'feature' &&
        to.feature !== from.feature &&
        !/^(index(\.tsx?)?)?$/.test(to.rest ?? '')
      ) {
        why = `use features/${to.feature}/index.ts, the face of that feature`;
      }
      if (why)
        context.report({
          node,
          messageId: 'denied',
          data: { from: from.feature ? `features/${from.feature}` : from.layer, to: source, why },
        });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    };
  },
};

export default { rules: { 'one-way-imports': rule } };
