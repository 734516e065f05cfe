import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The operator commands of package.json's scripts: each must answer --help and -h with its usage. */
const OPERATOR_CLIS = {
  analytics: 'src/projections/analytics-cli.ts',
  projections: 'src/projections/cli.ts',
  users: 'src/commands/users-cli.ts',
  seed: 'src/commands/seed-cli.ts',
} as const;

describe('operator commands: --help and -h print the usage on stdout and exit 0', () => {
  for (const [name, script] of Object.entries(OPERATOR_CLIS)) {
    it(`npm run ${name}`, () => {
      for (const args of [['--help'], ['-h']]) {
        const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });
        expect({ status: run.status, stderr: run.stderr }, `${name} ${args.join(' ')}`).toEqual({ status: 0, stderr: '' });
        expect(run.stdout).toMatch(new RegExp(`^Usage:[\\s\\S]*npm run ${name} -- `, 'u'));
      }
    });
  }
});
