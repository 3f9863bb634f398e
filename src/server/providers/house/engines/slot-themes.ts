/** Glyphs of each house slot theme; the maths (strips, paytable) is shared. */
export const SLOT_THEMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  fruits: { W: '🌟', S: '💎', H1: '7️⃣', H2: '🔔', H3: '🍉', L1: '🍇', L2: '🍊', L3: '🍋', L4: '🍒' },
  dragon: { W: '🐉', S: '🏮', H1: '🧧', H2: '🪙', H3: '🏯', L1: 'A', L2: 'K', L3: 'Q', L4: 'J' },
  lotus: { W: '🪷', S: '🌕', H1: '👑', H2: '🦚', H3: '🏺', L1: 'A', L2: 'K', L3: 'Q', L4: 'J' },
  koi: { W: '🎏', S: '🫧', H1: '🐚', H2: '🦀', H3: '🐡', L1: 'A', L2: 'K', L3: 'Q', L4: 'J' },
  tiger: { W: '🐯', S: '🏆', H1: '💰', H2: '🍀', H3: '🎋', L1: 'A', L2: 'K', L3: 'Q', L4: 'J' },
  gems: { W: '⭐', S: '🌈', H1: '💎', H2: '🔮', H3: '💍', L1: '🟥', L2: '🟦', L3: '🟩', L4: '🟨' },
};
export const DEFAULT_SLOT_THEME = 'fruits';
