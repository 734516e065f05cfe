import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATOR_COMMANDS } from '../../scripts/bundles.mjs';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('operator commands: --help and -h print the usage on stdout and exit 0', () => {
  for (const name of Object.keys(OPERATOR_COMMANDS)) {
    it(`npm run ${name}`, () => {
      for (const args of [['--help'], ['-h']]) {
        // As an operator runs it, through package.json's script (--silent: without npm's own header lines).
        const run = spawnSync('npm', ['run', '--silent', name, '--', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
        expect({ status: run.status, stderr: run.stderr }, `${name} ${args.join(' ')}`).toEqual({ status: 0, stderr: '' });
        expect(run.stdout).toMatch(new RegExp(`^Usage:[\\s\\S]*npm run ${name} -- `, 'u'));
      }
    });
  }
});
