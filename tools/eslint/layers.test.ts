import { RuleTester } from 'eslint';
import path from 'node:path';
import { describe, it } from 'vitest';
import layers from './layers.js';

RuleTester.describe = describe;
RuleTester.it = it;
const root = path.resolve(import.meta.dirname, '../..');
const at = (rel: string) => path.join(root, rel);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('one-way-imports', layers.rules['one-way-imports'], {
  valid: [
    { filename: at('src/features/catalogue/api/queries.ts'), code: "import { callOp } from '../../../lib/bff';" },
    { filename: at('src/features/orders/x.ts'), code: "import { catalogueKeys } from '../catalogue';" },
    { filename: at('src/features/orders/x.ts'), code: "import { catalogueKeys } from '../catalogue/index';" },
    { filename: at('src/app/router.tsx'), code: "import('../features/catalogue/routes/catalogue-page');" },
    { filename: at('server/gateway/app.ts'), code: "import { operations } from '../../contract';" },
    { filename: at('contract/operations.ts'), code: "import { z } from 'zod'; import { fen } from './units';" },
    { filename: at('server/gateway/auth/auth.int.test.ts'), code: "import { startGateway } from '../../../test/harness';" },
  ],
  invalid: [
    { filename: at('src/lib/bff.ts'), code: "import { x } from '../features/catalogue';", errors: [{ messageId: 'denied' }] },
    { filename: at('src/components/a.tsx'), code: "import { Layout } from '../app/layout';", errors: [{ messageId: 'denied' }] },
    { filename: at('src/features/orders/x.ts'), code: "import { q } from '../catalogue/api/queries';", errors: [{ messageId: 'denied' }] },
    { filename: at('src/features/orders/x.ts'), code: "import { s } from '../../../server/signing';", errors: [{ messageId: 'denied' }] },
    { filename: at('contract/x.ts'), code: "import { readFileSync } from 'node:fs';", errors: [{ messageId: 'denied' }] },
    { filename: at('contract/x.ts'), code: "import { callOp } from '../src/lib/bff';", errors: [{ messageId: 'denied' }] },
    { filename: at('server/x.ts'), code: "import { callOp } from '../src/lib/bff';", errors: [{ messageId: 'denied' }] },
    {
      filename: at('server/gateway/app.ts'),
      code: "import { startGateway } from '../../test/harness';",
      errors: [{ messageId: 'denied' }],
    },
  ],
});
