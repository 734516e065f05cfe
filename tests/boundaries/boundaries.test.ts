import { describe, expect, it } from 'vitest';
import { boundaryViolations, crossFeatureImports, MAX_CROSS_FEATURE_IMPORTS, readSourceFiles, type SourceFile } from './boundaries.js';

/*
 * The dependency directions of docs/architecture.md and the web's feature boundaries, checked on
 * every file's imports and SQL: a violation fails `npm test`. boundaries.ts holds the rules; this suite runs them on src/ and
 * shows on made-up files that each rule does catch what it forbids.
 */

const file = (path: string, text: string): SourceFile => ({ path, text });

describe('dependency boundaries', () => {
  it('src/ keeps every boundary', async () => {
    expect(boundaryViolations(await readSourceFiles())).toEqual([]);
  });

  it(`keeps the imports between web features at most ${MAX_CROSS_FEATURE_IMPORTS}, each through the imported feature's index`, async () => {
    const crossing = crossFeatureImports(await readSourceFiles());
    expect(crossing.length, crossing.join('\n')).toBeLessThanOrEqual(MAX_CROSS_FEATURE_IMPORTS);
    for (const line of crossing) expect(line).toMatch(/ -> src\/web\/features\/[^/]+\/index\.js$/u);
  });

  it('catches each kind of violation', () => {
    const violations = boundaryViolations([
      file('src/domain/templates/bad.ts', "import { db } from '../../adapters/db/database.js';"),
      // Through a path alias as through a relative path.
      file('src/domain/templates/aliased.ts', "import { userProfilePath } from '@/lib/paths.js';"),
      file('src/web/features/bad.ts', "import type { Schema } from '../../adapters/db/schema.js';"),
      file('src/web/features/lazy.ts', "const api = await import('../../api/app.js');"),
      // Another feature's module, not its index: by alias, by relative path, a type only.
      file('src/web/features/templates/bad.tsx', "import { ResourceCard } from '@/features/resources/components/ResourceCard.js';"),
      file('src/web/features/admin/bad.ts', "import type { AdminResource } from '../moderation/admin-api.js';"),
      file('src/adapters/search/bad.ts', "import { searchProjection } from '../../projections/read-models/search/projection.js';"),
      // Only a type import of a read model's table types, and only by the schema.
      file('src/adapters/db/schema.ts', "import { createTemplatesTables } from '../../projections/read-models/templates/tables.js';"),
      file('src/cli/users.ts', "import { buildApp } from '../api/app.js';"),
      file('src/api/routes/bad.ts', "const row = await db.selectFrom('templates').selectAll().execute();"),
      file('src/commands/bad.ts', 'await sql`update templates set likes = 0`.execute(db);'),
      file('src/composition/bad.ts', "import { asksForHelp } from '../cli/help.js';"),
      file('src/projections/read-models/users/tables.ts', "import type { Schema } from '../../../adapters/db/schema.js';"),
    ]);
    expect(violations.map((violation) => violation.split(':')[0])).toEqual([
      'src/domain/templates/bad.ts',
      'src/domain/templates/aliased.ts',
      'src/web/features/bad.ts',
      'src/web/features/lazy.ts',
      'src/web/features/templates/bad.tsx',
      'src/web/features/admin/bad.ts',
      'src/adapters/search/bad.ts',
      'src/adapters/db/schema.ts',
      'src/cli/users.ts',
      'src/api/routes/bad.ts',
      'src/commands/bad.ts',
      'src/composition/bad.ts',
      'src/projections/read-models/users/tables.ts',
    ]);
  });

  it('lets each layer import what it may', () => {
    expect(
      boundaryViolations([
        file('src/domain/templates/ok.ts', "import { z } from 'zod';\nimport type { DomainEvent } from '../shared/events.js';"),
        file(
          'src/web/features/ok.ts',
          "import { statusLabel } from '../../domain/templates/lifecycle.js';\nimport { apiRequest } from '../lib/api-client.js';",
        ),
        file(
          'src/web/features/templates/ok.tsx',
          "import { statusLabel } from '@domain/templates/lifecycle.js';\nimport { useSession } from '@/lib/session.js';\nimport { ResourceCard } from '@/features/resources/index.js';\nimport { GuidedTour } from '../tours/index.js';\nimport { keywordCounter } from './template-form.js';",
        ),
        file('src/adapters/db/schema.ts', "import type { TemplatesTables } from '../../projections/read-models/templates/tables.js';"),
        file('src/cli/seed.ts', "import { openInfrastructure } from '../composition/infrastructure.js';"),
        file(
          'src/projections/read-models/search-analytics/tables.ts',
          "import { ensureSearchExtensions } from '../search/tables.js';\nimport type { DdlDatabase } from '../tables.js';",
        ),
        file('src/projections/read-models/templates/queries.ts', "const row = await db.selectFrom('templates').selectAll().execute();"),
        // Not a read-model table: the event log and the generations table belong to their adapters and the runner.
        file('src/projections/runner.ts', "await db.selectFrom('projection_generations').selectAll().execute();"),
      ]),
    ).toEqual([]);
  });

  it(`allows at most ${MAX_CROSS_FEATURE_IMPORTS} imports between web features, and lists them when there are more`, () => {
    const importers = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        file(`src/web/features/feature-${index}/uses.ts`, "import { GuidedTour } from '@/features/tours/index.js';"),
      );
    expect(boundaryViolations(importers(MAX_CROSS_FEATURE_IMPORTS))).toEqual([]);
    const [violation, ...others] = boundaryViolations(importers(MAX_CROSS_FEATURE_IMPORTS + 1));
    expect(others).toEqual([]);
    expect(violation).toContain(`${MAX_CROSS_FEATURE_IMPORTS + 1} imports between features, at most ${MAX_CROSS_FEATURE_IMPORTS}`);
    expect(violation).toContain('src/web/features/feature-10/uses.ts -> src/web/features/tours/index.js');
  });
});
