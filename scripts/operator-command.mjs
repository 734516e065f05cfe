// `npm run projections|analytics|users|seed -- …`: bundles the command (under a second, so the bundle
// is never older than the sources) and runs it with the arguments after its name.
import { spawnSync } from 'node:child_process';
import { bundle, bundlePath, OPERATOR_COMMANDS, stopBundler } from './bundles.mjs';

const [name, ...args] = process.argv.slice(2);
const entry = Object.hasOwn(OPERATOR_COMMANDS, name ?? '') ? OPERATOR_COMMANDS[name] : undefined;
if (!entry) {
  console.error(`Unknown command "${name ?? ''}" (commands: ${Object.keys(OPERATOR_COMMANDS).join(', ')}).`);
  process.exit(2);
}
await bundle(entry);
await stopBundler();
const command = spawnSync(process.execPath, ['--enable-source-maps', bundlePath(entry), ...args], { stdio: 'inherit' });
process.exit(command.status ?? 1);
