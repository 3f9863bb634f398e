/**
 * npm run paths [-- <machine>]: every state-machine path the tests run and testers replay, one a
 * line: `<machine> <path-id> <description>`. `npm run replay -- <machine> <path-id>` replays one.
 */
import { machinePaths, PATH_REGISTRY } from '../tests/models/paths';

const only = process.argv[2];
for (const entry of only ? [machinePaths(only)] : PATH_REGISTRY) {
  for (const path of entry.paths) console.log(`${entry.name} ${path.id} ${path.description}`);
}
