import fs from 'node:fs';
import path from 'node:path';
import { gameTileSvg, lobbyTileSvg, vendorLogoSvg } from '../src/server/seed/art/game-art';
import { buildGameCatalogue, CATEGORY_NAMES, vendorLogoOf } from '../src/server/seed/data/games-catalogue';
import { outlineSvgText } from './svg-text-outlines';

/**
 * Writes the demo catalogue's artwork under public/: one tile per game, one card per vendor
 * lobby, and a logo for each vendor that has none yet (hand-drawn logos are kept), their words drawn as outlines
 * (svg-text-outlines.ts).
 * `--check` writes nothing and fails when a file is missing or differs from what would be drawn.
 */
const check = process.argv.includes('--check');
const publicDir = path.resolve('public');
const { vendors, games } = buildGameCatalogue();

const wanted = new Map<string, string>();
for (const game of games) {
  const vendor = vendors.find((v) => v.code === game.vendor);
  if (!vendor) throw new Error(`unknown vendor ${game.vendor}`);
  wanted.set(
    game.iconUrl,
    game.kind === 'LOBBY' ? lobbyTileSvg(vendor, game.gameType, CATEGORY_NAMES[game.gameType].en) : gameTileSvg(game),
  );
}
for (const vendor of vendors) {
  const file = path.join(publicDir, vendorLogoOf(vendor.code));
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8').includes('data-generated')) {
    wanted.set(vendorLogoOf(vendor.code), vendorLogoSvg(vendor).replace('<svg ', '<svg data-generated="game-art" '));
  }
}

const stale: string[] = [];
for (const [url, drawn] of wanted) {
  const content = outlineSvgText(drawn);
  const file = path.join(publicDir, url);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (current === content) continue;
  stale.push(url);
  if (!check) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}
if (check && stale.length > 0) {
  console.error(`${stale.length} artwork files are missing or out of date, e.g. ${stale.slice(0, 3).join(', ')}; run npm run art:games`);
  process.exit(1);
}
console.log(check ? `${wanted.size} artwork files up to date` : `${stale.length} of ${wanted.size} artwork files written`);
