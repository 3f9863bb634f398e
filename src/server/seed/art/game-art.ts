import { seededRandom, type SeededRandom } from '../data/games-random';

/**
 * Deterministic SVG artwork for the demo catalogue: game tiles (4:3), vendor lobby cards and vendor
 * logos. Each image is drawn from a key (vendor and game code), so regenerating gives byte-equal
 * files. Shapes are plain SVG (gradients, paths, text) that every browser and resvg render alike.
 */

export const TILE_WIDTH = 320;
export const TILE_HEIGHT = 240;

interface Palette {
  from: string;
  to: string;
  accent: string;
  accent2: string;
}

const PALETTES: readonly Palette[] = [
  { from: '#1a0b3d', to: '#5b1fa8', accent: '#ffcf4a', accent2: '#ff6fb5' },
  { from: '#03203c', to: '#0a6ebd', accent: '#7ef9ff', accent2: '#ffd166' },
  { from: '#2b0a0a', to: '#b3121f', accent: '#ffd166', accent2: '#ff8c42' },
  { from: '#062b1f', to: '#0f8a5f', accent: '#c8ff6e', accent2: '#ffe66d' },
  { from: '#1d1135', to: '#ff2e63', accent: '#08d9d6', accent2: '#fff3b0' },
  { from: '#0b132b', to: '#3a506b', accent: '#5bc0be', accent2: '#f4d35e' },
  { from: '#2d0a3a', to: '#e0218a', accent: '#ffd700', accent2: '#7df9ff' },
  { from: '#0f0c29', to: '#302b63', accent: '#24c6dc', accent2: '#f9d423' },
  { from: '#3a0ca3', to: '#f72585', accent: '#4cc9f0', accent2: '#ffd60a' },
  { from: '#10002b', to: '#7b2cbf', accent: '#e0aaff', accent2: '#ffba08' },
  { from: '#001219', to: '#005f73', accent: '#94d2bd', accent2: '#ee9b00' },
  { from: '#370617', to: '#d00000', accent: '#ffba08', accent2: '#faa307' },
  { from: '#132a13', to: '#4f772d', accent: '#ecf39e', accent2: '#f6bd60' },
  { from: '#22092c', to: '#872341', accent: '#f05941', accent2: '#ffd56b' },
  { from: '#051937', to: '#008793', accent: '#a8eb12', accent2: '#ffffff' },
  { from: '#2c003e', to: '#512b58', accent: '#fe346e', accent2: '#ffde7d' },
];

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const round = (n: number) => Math.round(n * 10) / 10;

/** Points of a regular star or polygon around (cx, cy). */
const starPoints = (cx: number, cy: number, outer: number, inner: number, points: number, rotation = -90): string =>
  Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotation + (i * 180) / points) * Math.PI) / 180;
    return `${round(cx + r * Math.cos(a))},${round(cy + r * Math.sin(a))}`;
  }).join(' ');

// ---------------------------------------------------------------------------------------------
// Backgrounds

const background = (p: Palette, r: SeededRandom, id: string): string => {
  const angle = r.int(0, 3);
  const [x2, y2] = [
    ['1', '1'],
    ['0', '1'],
    ['1', '0'],
    ['1', '0.6'],
  ][angle]!;
  const defs = `<defs>
<linearGradient id="${id}bg" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>
<radialGradient id="${id}glow" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
<linearGradient id="${id}band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.78"/></linearGradient>
<linearGradient id="${id}gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6c8"/><stop offset="0.45" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient>
</defs>`;
  const base = `<rect width="${TILE_WIDTH}" height="${TILE_HEIGHT}" fill="url(#${id}bg)"/>`;
  const pattern = (() => {
    switch (r.int(0, 4)) {
      case 0: {
        const rays = 18;
        return Array.from({ length: rays }, (_, i) => {
          const a1 = (i * 2 * Math.PI) / rays;
          const a2 = a1 + Math.PI / rays;
          const R = 320;
          return `<path d="M160 100 L${round(160 + R * Math.cos(a1))} ${round(100 + R * Math.sin(a1))} L${round(160 + R * Math.cos(a2))} ${round(100 + R * Math.sin(a2))} Z" fill="#fff" opacity="0.05"/>`;
        }).join('');
      }
      case 1:
        return Array.from({ length: 6 }, (_, i) => `<circle cx="160" cy="100" r="${30 + i * 32}" fill="none" stroke="#fff" stroke-width="6" opacity="${round(0.08 - i * 0.01)}"/>`).join('');
      case 2:
        return Array.from({ length: 14 }, (_, i) => `<path d="M${i * 32 - 120} 0 l160 240 h14 l-160 -240 z" fill="#fff" opacity="0.05"/>`).join('');
      case 3: {
        const dots: string[] = [];
        for (let y = 12; y < TILE_HEIGHT; y += 24) for (let x = (y / 24) % 2 === 0 ? 12 : 24; x < TILE_WIDTH; x += 24) dots.push(`<circle cx="${x}" cy="${y}" r="2.2"/>`);
        return `<g fill="#fff" opacity="0.09">${dots.join('')}</g>`;
      }
      default: {
        const shapes: string[] = [];
        for (let i = 0; i < 9; i += 1) {
          const x = r.int(0, TILE_WIDTH);
          const y = r.int(0, 170);
          const s = r.int(10, 26);
          shapes.push(`<polygon points="${x},${y - s} ${x + s * 0.7},${y} ${x},${y + s} ${x - s * 0.7},${y}" fill="#fff" opacity="${round(0.05 + r.next() * 0.08)}"/>`);
        }
        return shapes.join('');
      }
    }
  })();
  const sparkles = Array.from({ length: 7 }, () => {
    const x = r.int(10, TILE_WIDTH - 10);
    const y = r.int(8, 150);
    const s = r.int(3, 7);
    return `<polygon points="${starPoints(x, y, s, s / 3, 4, 0)}" fill="#fff" opacity="${round(0.35 + r.next() * 0.5)}"/>`;
  }).join('');
  return `${defs}${base}${pattern}<rect width="${TILE_WIDTH}" height="${TILE_HEIGHT}" fill="url(#${id}glow)"/>${sparkles}`;
};

// ---------------------------------------------------------------------------------------------
// Emblems, drawn around (160, 98)

type Emblem = (p: Palette, id: string, r: SeededRandom) => string;

const coin = (cx: number, cy: number, rr: number, id: string, label: string, p: Palette) =>
  `<circle cx="${cx}" cy="${cy + 4}" r="${rr}" fill="#000" opacity="0.25"/>` +
  `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="url(#${id}gold)" stroke="${p.accent2}" stroke-width="3"/>` +
  `<circle cx="${cx}" cy="${cy}" r="${rr * 0.78}" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="2" stroke-dasharray="4 5"/>` +
  `<text x="${cx}" y="${cy + rr * 0.32}" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="${round(rr * 0.9)}" fill="${p.from}">${escapeXml(label)}</text>`;

const gem = (cx: number, cy: number, s: number, fill: string) =>
  `<g transform="translate(${cx} ${cy})"><polygon points="${-s},${-s * 0.35} ${-s * 0.55},${-s * 0.9} ${s * 0.55},${-s * 0.9} ${s},${-s * 0.35} 0,${s}" fill="${fill}" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/>` +
  `<polygon points="${-s},${-s * 0.35} ${s},${-s * 0.35} 0,${s}" fill="#000" opacity="0.18"/>` +
  `<polygon points="${-s * 0.55},${-s * 0.9} ${-s * 0.2},${-s * 0.35} ${s * 0.2},${-s * 0.35} ${s * 0.55},${-s * 0.9}" fill="#fff" opacity="0.35"/></g>`;

const card = (x: number, y: number, rotate: number, suit: string, rank: string, color: string) =>
  `<g transform="translate(${x} ${y}) rotate(${rotate})"><rect x="-28" y="-40" width="56" height="80" rx="7" fill="#fff" stroke="#0003" stroke-width="1.5"/>` +
  `<text x="-19" y="-18" font-family="Arial, sans-serif" font-weight="900" font-size="18" fill="${color}">${rank}</text>` +
  `<text x="0" y="20" text-anchor="middle" font-family="Arial, sans-serif" font-size="34" fill="${color}">${suit}</text></g>`;

const ball = (cx: number, cy: number, rr: number, fill: string, label: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="${fill}" stroke="#fff" stroke-width="2.5"/>` +
  `<circle cx="${cx}" cy="${cy}" r="${rr * 0.58}" fill="#fff"/>` +
  `<circle cx="${cx - rr * 0.35}" cy="${cy - rr * 0.4}" r="${rr * 0.22}" fill="#fff" opacity="0.5"/>` +
  `<text x="${cx}" y="${cy + rr * 0.24}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="900" font-size="${round(rr * 0.66)}" fill="#222">${label}</text>`;

const die = (cx: number, cy: number, s: number, rotate: number, pips: number, fill: string) => {
  const spots: Record<number, [number, number][]> = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  return (
    `<g transform="translate(${cx} ${cy}) rotate(${rotate})"><rect x="${-s}" y="${-s}" width="${2 * s}" height="${2 * s}" rx="${s * 0.28}" fill="${fill}" stroke="#fff" stroke-width="3"/>` +
    (spots[pips] ?? [])
      .map(([dx, dy]) => `<circle cx="${round(dx * s * 0.5)}" cy="${round(dy * s * 0.5)}" r="${round(s * 0.17)}" fill="#fff"/>`)
      .join('') +
    `</g>`
  );
};

const SLOT_THEME_ICONS: Record<string, (p: Palette, id: string) => string> = {
  fruits: (p) =>
    `<path d="M150 70 q14 -34 40 -36" fill="none" stroke="#3a7d1e" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M172 70 q6 -24 18 -36" fill="none" stroke="#3a7d1e" stroke-width="6" stroke-linecap="round"/>` +
    `<ellipse cx="196" cy="36" rx="16" ry="8" fill="#4caf50" transform="rotate(-25 196 36)"/>` +
    `<circle cx="146" cy="100" r="30" fill="#e3173e" stroke="#fff" stroke-width="3"/><circle cx="136" cy="90" r="8" fill="#fff" opacity="0.55"/>` +
    `<circle cx="184" cy="104" r="30" fill="#ff2d55" stroke="#fff" stroke-width="3"/><circle cx="174" cy="94" r="8" fill="#fff" opacity="0.55"/>` +
    `<text x="232" y="80" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="40" fill="${p.accent}" stroke="#000" stroke-opacity="0.3">7</text>`,
  dragon: (p, id) =>
    `<path d="M92 132 C70 70 140 40 170 64 C196 84 226 60 238 40 C246 90 214 120 180 112 C150 104 134 128 160 146 C120 150 100 146 92 132 Z" fill="${p.accent2}" stroke="#fff" stroke-width="3" opacity="0.95"/>` +
    `<circle cx="214" cy="58" r="5" fill="#fff"/>` +
    `<circle cx="160" cy="100" r="26" fill="url(#${id}gold)" stroke="#fff" stroke-width="3"/><circle cx="151" cy="91" r="8" fill="#fff" opacity="0.7"/>`,
  lotus: (p) =>
    [-60, -30, 0, 30, 60]
      .map((a) => `<path d="M160 130 C135 100 140 60 160 36 C180 60 185 100 160 130 Z" fill="${a === 0 ? p.accent2 : p.accent}" stroke="#fff" stroke-width="2.5" transform="rotate(${a} 160 130)" opacity="0.95"/>`)
      .join('') + `<ellipse cx="160" cy="134" rx="64" ry="10" fill="#1f7a4d" opacity="0.8"/>`,
  koi: (p) =>
    `<path d="M96 104 C120 62 196 62 222 100 L256 76 L250 104 L258 132 L222 110 C196 146 124 146 96 104 Z" fill="${p.accent2}" stroke="#fff" stroke-width="3"/>` +
    `<path d="M140 80 C150 96 150 114 138 128" fill="none" stroke="#fff" stroke-width="3" opacity="0.7"/>` +
    `<circle cx="116" cy="98" r="5" fill="#111"/>` +
    `<circle cx="180" cy="96" r="10" fill="#d62828" opacity="0.8"/><circle cx="200" cy="112" r="7" fill="#d62828" opacity="0.8"/>` +
    [0, 1, 2].map((i) => `<circle cx="${86 - i * 12}" cy="${80 - i * 18}" r="${5 - i}" fill="none" stroke="#fff" stroke-width="2" opacity="0.8"/>`).join(''),
  tiger: (p) =>
    `<circle cx="160" cy="100" r="52" fill="${p.accent2}" stroke="#fff" stroke-width="3"/>` +
    `<circle cx="122" cy="58" r="14" fill="${p.accent2}" stroke="#fff" stroke-width="3"/><circle cx="198" cy="58" r="14" fill="${p.accent2}" stroke="#fff" stroke-width="3"/>` +
    `<path d="M160 50 l-8 18 h16 z M122 84 l22 6 M198 84 l-22 6 M116 104 l20 -2 M204 104 l-20 -2" stroke="#1b1b1b" stroke-width="5" stroke-linecap="round" fill="#1b1b1b"/>` +
    `<ellipse cx="142" cy="94" rx="7" ry="9" fill="#1b1b1b"/><ellipse cx="178" cy="94" rx="7" ry="9" fill="#1b1b1b"/>` +
    `<path d="M150 116 h20 l-10 10 z" fill="#c2185b"/><path d="M160 126 q-12 12 -22 4 M160 126 q12 12 22 4" fill="none" stroke="#1b1b1b" stroke-width="3"/>` +
    `<circle cx="160" cy="100" r="64" fill="none" stroke="${p.accent}" stroke-width="4" stroke-dasharray="6 8"/>`,
  gems: (p) => gem(126, 108, 30, p.accent2) + gem(196, 100, 36, p.accent) + gem(162, 70, 22, '#7df9ff'),
};

const slotMachine: Emblem = (p, id, r) => {
  const cell = (x: number, kind: number) => {
    const cx = x + 27;
    const cy = 100;
    switch (kind) {
      case 0:
        return `<text x="${cx}" y="${cy + 16}" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="46" fill="#e3173e">7</text>`;
      case 1:
        return `<polygon points="${starPoints(cx, cy, 20, 8.5, 5)}" fill="${p.accent}" stroke="#b8860b" stroke-width="1.5"/>`;
      case 2:
        return gem(cx, cy, 17, '#2ec4ff');
      case 3:
        return `<circle cx="${cx - 7}" cy="${cy + 6}" r="11" fill="#e3173e"/><circle cx="${cx + 9}" cy="${cy + 9}" r="11" fill="#ff2d55"/><path d="M${cx - 7} ${cy - 5} q8 -18 18 -20 M${cx + 9} ${cy - 2} q2 -12 2 -23" stroke="#2e7d32" stroke-width="3" fill="none"/>`;
      default:
        return `<rect x="${cx - 20}" y="${cy - 10}" width="40" height="20" rx="4" fill="#222"/><text x="${cx}" y="${cy + 6}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="900" font-size="14" fill="${p.accent}">BAR</text>`;
    }
  };
  const kinds = [r.int(0, 4), r.int(0, 4), r.int(0, 4)];
  return (
    `<rect x="70" y="52" width="180" height="96" rx="18" fill="url(#${id}gold)" stroke="#fff" stroke-width="3"/>` +
    `<rect x="80" y="62" width="160" height="76" rx="10" fill="#1b1030"/>` +
    [0, 1, 2].map((i) => `<rect x="${84 + i * 52}" y="66" width="48" height="68" rx="6" fill="#fffdf5"/>`).join('') +
    kinds.map((k, i) => cell(84 + i * 52 - 3, k)).join('') +
    `<rect x="86" y="96" width="148" height="3" fill="${p.accent2}" opacity="0.7"/>` +
    `<circle cx="262" cy="70" r="8" fill="${p.accent2}" stroke="#fff" stroke-width="2"/><rect x="258" y="76" width="8" height="40" rx="4" fill="#ddd"/>`
  );
};

const EMBLEMS: Record<string, Emblem> = {
  slot: slotMachine,
  'classify:JP': (p, id) =>
    `<polygon points="110,76 126,46 144,70 160,38 176,70 194,46 210,76 204,100 116,100" fill="url(#${id}gold)" stroke="#fff" stroke-width="3"/>` +
    coin(160, 112, 34, id, 'JP', p),
  'classify:SC': (p, id) =>
    `<g transform="rotate(-6 160 100)"><rect x="86" y="52" width="148" height="96" rx="12" fill="#fff" stroke="${p.accent}" stroke-width="4"/>` +
    `<rect x="100" y="66" width="120" height="68" rx="8" fill="url(#${id}gold)"/>` +
    `<path d="M104 118 q14 -24 28 -4 q14 20 28 -8 q14 -26 28 0 q10 18 28 -4" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" opacity="0.9"/>` +
    `<text x="160" y="108" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="22" fill="${p.from}">WIN</text></g>`,
  'classify:VP': () => card(128, 100, -14, '♠', 'A', '#111') + card(160, 94, 0, '♥', 'K', '#d50000') + card(192, 100, 14, '♦', 'Q', '#d50000'),
  'classify:TG': (p) => {
    const slices = 16;
    return (
      `<circle cx="160" cy="100" r="56" fill="#5d3a1a" stroke="${p.accent}" stroke-width="5"/>` +
      Array.from({ length: slices }, (_, i) => {
        const a1 = (i * 2 * Math.PI) / slices;
        const a2 = ((i + 1) * 2 * Math.PI) / slices;
        return `<path d="M160 100 L${round(160 + 48 * Math.cos(a1))} ${round(100 + 48 * Math.sin(a1))} A48 48 0 0 1 ${round(160 + 48 * Math.cos(a2))} ${round(100 + 48 * Math.sin(a2))} Z" fill="${i === 0 ? '#0a8f3c' : i % 2 ? '#c62828' : '#1b1b1b'}"/>`;
      }).join('') +
      `<circle cx="160" cy="100" r="20" fill="${p.accent}" stroke="#fff" stroke-width="2"/><circle cx="184" cy="70" r="6" fill="#fff"/>`
    );
  },
  'classify:AC': (p) => {
    const pegs: string[] = [];
    for (let row = 0; row < 6; row += 1) for (let i = 0; i <= row; i += 1) pegs.push(`<circle cx="${160 + (i - row / 2) * 22}" cy="${46 + row * 18}" r="4" fill="#fff"/>`);
    return (
      pegs.join('') +
      [0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${86 + i * 22}" y="150" width="18" height="12" rx="3" fill="${i === 3 ? p.accent : p.accent2}"/>`).join('') +
      `<circle cx="171" cy="98" r="8" fill="${p.accent}" stroke="#fff" stroke-width="2"/>`
    );
  },
  'classify:BG': (p) => ball(126, 104, 30, p.accent2, '17') + ball(190, 92, 36, p.accent, '75'),
  dice: (p) => die(128, 100, 34, -12, 5, '#d62839') + die(198, 96, 30, 14, 3, p.to),
  crash: (p, id) =>
    `<path d="M70 150 C150 146 200 120 246 50" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M70 150 C150 146 200 120 246 50 L246 150 Z" fill="${p.accent}" opacity="0.18"/>` +
    `<g transform="translate(240 52) rotate(42)"><path d="M0 -34 C14 -20 14 10 10 22 H-10 C-14 10 -14 -20 0 -34 Z" fill="#f1f1f1" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="0" cy="-8" r="6" fill="${p.to}" stroke="#fff" stroke-width="2"/><path d="M-10 12 l-10 14 h10 z M10 12 l10 14 h-10 z" fill="${p.accent2}"/>` +
    `<path d="M-7 24 q7 22 14 0 z" fill="url(#${id}gold)"/></g>` +
    `<text x="96" y="92" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="30" fill="#fff">x2.47</text>`,
  lottery: (p) => ball(112, 104, 26, '#e53935', '07') + ball(160, 88, 30, p.accent2, '36') + ball(208, 104, 26, '#1e88e5', '52'),
  'category:FISH': (p) =>
    `<path d="M86 100 C110 56 196 56 220 100 L256 70 L248 100 L256 130 L220 100 C196 144 110 144 86 100 Z" fill="${p.accent}" stroke="#fff" stroke-width="3"/>` +
    `<path d="M150 66 q18 -22 40 -10 q-12 8 -16 20 z" fill="${p.accent2}" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="112" cy="94" r="7" fill="#fff"/><circle cx="113" cy="95" r="4" fill="#111"/>` +
    `<path d="M140 78 C150 94 150 108 140 122 M162 76 C172 94 172 108 162 124" fill="none" stroke="#fff" stroke-width="3" opacity="0.6"/>` +
    [0, 1, 2].map((i) => `<circle cx="${76 - i * 6}" cy="${76 - i * 20}" r="${6 - i}" fill="none" stroke="#fff" stroke-width="2"/>`).join('') +
    `<circle cx="246" cy="160" r="14" fill="none" stroke="${p.accent2}" stroke-width="3"/><path d="M232 160 h-20 M260 160 h20 M246 146 v-20 M246 174 v20" stroke="${p.accent2}" stroke-width="3"/>`,
  'category:LIVE': (p) =>
    card(136, 96, -10, '♠', 'A', '#111') + card(170, 92, 8, '♥', 'A', '#d50000') +
    `<circle cx="214" cy="126" r="24" fill="${p.accent2}" stroke="#fff" stroke-width="4" stroke-dasharray="8 6"/><circle cx="214" cy="126" r="14" fill="#fff"/>` +
    `<circle cx="104" cy="130" r="18" fill="${p.accent}" stroke="#fff" stroke-width="4" stroke-dasharray="6 5"/>`,
  'category:PVP': () =>
    card(116, 104, -22, '♣', 'J', '#111') + card(144, 96, -8, '♦', '10', '#d50000') + card(176, 96, 8, '♥', 'K', '#d50000') + card(204, 104, 22, '♠', 'A', '#111'),
  'category:BINGO': (p) =>
    `<rect x="96" y="52" width="128" height="96" rx="10" fill="#fff" stroke="${p.accent}" stroke-width="4"/>` +
    Array.from({ length: 15 }, (_, i) => {
      const x = 108 + (i % 5) * 22;
      const y = 66 + Math.floor(i / 5) * 26;
      return `<text x="${x + 4}" y="${y + 12}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="700" font-size="13" fill="#333">${(i * 7 + 3) % 75}</text>${i % 4 === 0 ? `<circle cx="${x + 4}" cy="${y + 7}" r="10" fill="${p.accent2}" opacity="0.7"/>` : ''}`;
    }).join('') +
    ball(232, 146, 22, p.accent2, 'B'),
  'category:RNG': slotMachine,
};

const LOBBY_EMBLEMS: Record<string, Emblem> = {
  'lobby:SPORTS': (p) =>
    `<circle cx="160" cy="100" r="50" fill="#fff" stroke="#222" stroke-width="3"/>` +
    `<polygon points="${starPoints(160, 100, 18, 18, 5).split(' ').filter((_, i) => i % 2 === 0).join(' ')}" fill="#222"/>` +
    [0, 72, 144, 216, 288].map((a) => `<path d="M160 82 L160 56" stroke="#222" stroke-width="3" transform="rotate(${a} 160 100)"/>`).join('') +
    `<path d="M80 150 q80 -30 160 0" fill="none" stroke="${p.accent}" stroke-width="5" stroke-linecap="round"/>`,
  'lobby:ESPORTS': (p) =>
    `<path d="M96 84 C96 64 116 60 128 64 H192 C204 60 224 64 224 84 L236 132 C240 150 220 158 208 142 L194 124 H126 L112 142 C100 158 80 150 84 132 Z" fill="#22223b" stroke="${p.accent}" stroke-width="4"/>` +
    `<path d="M124 86 v24 M112 98 h24" stroke="#fff" stroke-width="7" stroke-linecap="round"/>` +
    `<circle cx="196" cy="88" r="7" fill="${p.accent2}"/><circle cx="212" cy="102" r="7" fill="${p.accent}"/><circle cx="180" cy="102" r="7" fill="#4cc9f0"/><circle cx="196" cy="116" r="7" fill="#f72585"/>`,
  'lobby:COCKFIGHT': (p) =>
    `<path d="M120 150 C96 118 104 72 142 64 C146 44 166 40 172 56 C180 44 196 48 194 62 C214 66 222 84 214 96 L238 104 L214 112 C214 140 186 160 154 156 Z" fill="${p.accent2}" stroke="#fff" stroke-width="3"/>` +
    `<path d="M142 64 q4 -16 10 -4 q6 -18 12 -2 q8 -14 10 2" fill="#e53935" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="196" cy="84" r="5" fill="#111"/><path d="M210 100 q-4 14 -14 16" fill="#e53935"/>` +
    `<path d="M120 150 C86 140 72 110 84 88 C96 112 106 124 122 130" fill="${p.accent}" stroke="#fff" stroke-width="2"/>`,
  'lobby:LOTT': EMBLEMS.lottery!,
  'lobby:ELOTT': (p) => ball(122, 104, 26, '#8e24aa', '09') + ball(170, 88, 30, p.accent2, '88') + `<rect x="196" y="70" width="44" height="64" rx="8" fill="#111" stroke="${p.accent}" stroke-width="3"/><text x="218" y="110" text-anchor="middle" font-family="Arial, sans-serif" font-weight="900" font-size="22" fill="${p.accent}">5D</text>`,
  'lobby:LIVE': EMBLEMS['category:LIVE']!,
  'lobby:RNG': slotMachine,
  'lobby:FISH': EMBLEMS['category:FISH']!,
  'lobby:PVP': EMBLEMS['category:PVP']!,
  'lobby:BINGO': EMBLEMS['category:BINGO']!,
};

const emblemFor = (motif: string): Emblem => {
  if (motif.startsWith('slot:')) {
    const theme = SLOT_THEME_ICONS[motif.slice(5)];
    if (theme) return (p, id) => theme(p, id);
  }
  return EMBLEMS[motif] ?? LOBBY_EMBLEMS[motif] ?? slotMachine;
};

/** Splits a title into at most two lines of about `max` characters. */
const titleLines = (title: string, max: number): string[] => {
  if (title.length <= max) return [title];
  const words = title.split(' ');
  let first = '';
  while (words.length > 0 && `${first} ${words[0]}`.trim().length <= max) first = `${first} ${words.shift()}`.trim();
  if (!first) first = words.shift() ?? '';
  return [first, words.join(' ')].filter(Boolean);
};

const titleBlock = (title: string, p: Palette, id: string): string => {
  const lines = titleLines(title, 18);
  const size = lines.length > 1 ? 22 : title.length > 14 ? 24 : 28;
  const firstY = lines.length > 1 ? 196 : 212;
  return (
    `<rect y="150" width="${TILE_WIDTH}" height="90" fill="url(#${id}band)"/>` +
    lines
      .map(
        (line, i) =>
          `<text x="160" y="${firstY + i * 26}" text-anchor="middle" font-family="Arial Black, Arial, Helvetica, sans-serif" font-weight="900" font-size="${size}" fill="url(#${id}gold)" stroke="#000" stroke-opacity="0.45" stroke-width="1.2" paint-order="stroke">${escapeXml(line)}</text>`,
      )
      .join('') +
    `<rect x="110" y="${firstY + (lines.length - 1) * 26 + 9}" width="100" height="3" rx="1.5" fill="${p.accent}" opacity="0.8"/>`
  );
};

const vendorBadge = (vendor: string, p: Palette): string => {
  const width = 16 + vendor.length * 9;
  return `<rect x="10" y="10" width="${width}" height="22" rx="11" fill="#000" opacity="0.45"/><text x="${10 + width / 2}" y="26" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="12" letter-spacing="1" fill="${p.accent}">${escapeXml(vendor)}</text>`;
};

const svg = (label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${TILE_WIDTH} ${TILE_HEIGHT}" width="${TILE_WIDTH}" height="${TILE_HEIGHT}" role="img" aria-label="${escapeXml(label)}">${body}</svg>\n`;

/** A game tile: background, an emblem for its motif, the title and the vendor badge. */
export const gameTileSvg = (game: { vendor: string; gameCode: string; gameName: string; motif: string }): string => {
  const r = seededRandom(`${game.vendor}:${game.gameCode}`);
  const p = r.pick(PALETTES);
  const id = 'g';
  return svg(game.gameName, background(p, r, id) + emblemFor(game.motif)(p, id, r) + titleBlock(game.gameName, p, id) + vendorBadge(game.vendor, p));
};

/** A vendor's card in a category (its lobby entry). */
export const lobbyTileSvg = (vendor: { code: string; displayName: string }, category: string, categoryTitle: string): string => {
  const r = seededRandom(`lobby:${vendor.code}:${category}`);
  const p = r.pick(PALETTES);
  const id = 'l';
  return svg(
    `${vendor.displayName} ${categoryTitle}`,
    background(p, r, id) +
      emblemFor(`lobby:${category}`)(p, id, r) +
      titleBlock(vendor.displayName, p, id) +
      vendorBadge(categoryTitle.toUpperCase(), p),
  );
};

/** A 120x48 vendor logo in the style of the hand-drawn ones: a mark with initials and the name. */
export const vendorLogoSvg = (vendor: { code: string; displayName: string }): string => {
  const r = seededRandom(`logo:${vendor.code}`);
  const p = r.pick(PALETTES);
  const base = vendor.code.split('_')[0] ?? vendor.code;
  const mark = base.length <= 4 ? base : base.replace(/[0-9]+/g, '').slice(0, 3) || base.slice(0, 2);
  const [name, ...rest] = vendor.displayName.split(' ');
  const sub = rest.join(' ').toUpperCase() || 'GAMING';
  const markSize = mark.length > 3 ? 10 : mark.length > 2 ? 12 : 16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48" width="120" height="48" role="img" aria-label="${escapeXml(vendor.displayName)}">\n` +
    `  <defs>\n    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">\n      <stop offset="0" stop-color="${p.to}"/>\n      <stop offset="1" stop-color="${p.accent2}"/>\n    </linearGradient>\n  </defs>\n` +
    `  <rect x="1" y="4" width="40" height="40" rx="10" fill="url(#g)"/>\n` +
    `  <text x="21" y="${markSize > 12 ? 30 : 29}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${markSize}" font-weight="900" fill="#ffffff">${escapeXml(mark)}</text>\n` +
    `  <text x="48" y="22" font-family="Arial, Helvetica, sans-serif" font-size="${(name ?? '').length > 7 ? 11 : 15}" font-weight="900" fill="${p.to}">${escapeXml(name ?? vendor.code)}</text>\n` +
    `  <text x="48" y="37" font-family="Arial, Helvetica, sans-serif" font-size="9" font-weight="700" letter-spacing="1" fill="#8f97b3">${escapeXml(sub.slice(0, 12))}</text>\n` +
    `</svg>\n`
  );
};
