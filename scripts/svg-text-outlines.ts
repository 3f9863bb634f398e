import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import opentype from 'opentype.js';

/**
 * The demo's artwork (game tiles, vendor logos, banners) draws its words as outlines, not <text>: a browser lays out
 * and shapes the text of every SVG image on its main thread, looking up each named font, and on a phone that was
 * a large part of the home page's layout and paint after load (issue 15). Roboto (Apache-2.0, @fontsource/roboto)
 * stands in for the Arial the artwork names, Noto Sans Symbols 2 (OFL) for the card suits; a text with a character
 * neither has stays text.
 */

const require = createRequire(import.meta.url);
const parseFont = (file: string): opentype.Font => {
  const bytes = fs.readFileSync(require.resolve(file));
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};
type Weight = 400 | 700 | 900;
const SYMBOLS = parseFont('@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff');
/** For each weight, the fonts a character is looked for in, in order: Roboto's subsets, then the symbols (card suits). */
const FONTS: Record<Weight, opentype.Font[]> = Object.fromEntries(
  ([400, 700, 900] as const).map((weight) => [
    weight,
    [...['latin', 'vietnamese', 'latin-ext'].map((subset) => parseFont(`@fontsource/roboto/files/roboto-${subset}-${weight}-normal.woff`)), SYMBOLS],
  ]),
) as Record<Weight, opentype.Font[]>;

/** Attributes that only mean something to text: the outline's position and shape are drawn from them. */
const TEXT_ONLY = new Set(['x', 'y', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'letter-spacing']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });

const attributesOf = (source: string): Map<string, string> =>
  new Map([...source.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!] as const));

const weightOf = (value: string | undefined): Weight => {
  const weight = value === 'bold' ? 700 : Number(value ?? 400);
  return weight >= 800 ? 900 : weight >= 600 ? 700 : 400;
};

/**
 * SVG path data at `decimals` places. After each glyph's first point the commands are relative (to the previous
 * point, both rounded, so no error adds up): a letter drawn twice is the same text twice, which compression keeps
 * once. Large text loses nothing visible to whole units; small text keeps a decimal.
 */
const pathData = (commands: opentype.PathCommand[], decimals: number): string => {
  const round = (value: number) => Number(value.toFixed(decimals));
  const n = (value: number) => String(round(value));
  let x = 0;
  let y = 0;
  const point = (px: number, py: number) => `${n(round(px) - x)} ${n(round(py) - y)}`;
  return commands
    .map((command) => {
      if (command.type === 'Z') return 'z';
      if (command.type === 'M') {
        [x, y] = [round(command.x), round(command.y)];
        return `M${n(x)} ${n(y)}`;
      }
      const end = point(command.x, command.y);
      let drawn: string;
      // A line to where the pen already is (the font's, or one that rounding made) draws nothing.
      if (command.type === 'L') drawn = end === '0 0' ? '' : `l${end}`;
      else if (command.type === 'Q') drawn = `q${point(command.x1, command.y1)} ${end}`;
      else drawn = `c${point(command.x1, command.y1)} ${point(command.x2, command.y2)} ${end}`;
      [x, y] = [round(command.x), round(command.y)];
      return drawn;
    })
    .join('');
};

/** The outline of one <text> element, or null when the font cannot draw all of it. */
const outline = (attributeSource: string, content: string): string | null => {
  const attributes = attributesOf(attributeSource);
  const text = decodeXml(content);
  const fonts = FONTS[weightOf(attributes.get('font-weight'))];
  const glyphs = [...text].map((char) => {
    for (const font of fonts) {
      const glyph = font.charToGlyph(char);
      if (glyph.index !== 0) return { font, glyph };
    }
    return null;
  });
  if (text.length === 0 || glyphs.some((found) => found === null)) return null;
  const drawn = glyphs as { font: opentype.Font; glyph: opentype.Glyph }[];
  const size = Number(attributes.get('font-size') ?? 16);
  const spacing = Number(attributes.get('letter-spacing') ?? 0);
  // Each glyph's advance, kerned with the next of the same font, plus the letter spacing a browser adds after every character.
  const advances = drawn.map(({ font, glyph }, i) => {
    const next = drawn[i + 1];
    const kerning = next?.font === font ? font.getKerningValue(glyph, next.glyph) : 0;
    return ((glyph.advanceWidth ?? 0) + kerning) * (size / font.unitsPerEm) + spacing;
  });
  const width = advances.reduce((sum, advance) => sum + advance, 0);
  const anchor = attributes.get('text-anchor') ?? 'start';
  let x = Number(attributes.get('x') ?? 0) - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const y = Number(attributes.get('y') ?? 0);
  const data = drawn
    .map(({ glyph }, i) => {
      const path = pathData(glyph.getPath(x, y, size).commands, size < 20 ? 1 : 0);
      x += advances[i]!;
      return path;
    })
    .join('');
  const kept = [...attributes].filter(([name]) => !TEXT_ONLY.has(name)).map(([name, value]) => ` ${name}="${value}"`);
  return `<path d="${data}"${kept.join('')}/>`;
};

/** `svg` with each of its <text> elements (without nested elements) drawn as a path; the rest unchanged. */
export const outlineSvgText = (svg: string): string =>
  svg.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (whole, attributeSource: string, content: string) => outline(attributeSource, content) ?? whole);

/** Every SVG file under `dir` (the artwork is public/static), at any depth. */
export const svgFilesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.svg'))
    .map((file) => path.join(dir, file));
