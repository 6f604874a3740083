// File names for the hook's state and cache files, derived from text that must not steer the path (a session
// id, a list of rule file paths). Not `node:crypto`: loading it costs the hook about 3 ms of start-up on every
// tool call, and a name needs no secrecy, only to spread well. Whoever reads a named file checks that it is
// the one they meant (the cache stores its rule files), so a collision costs a cache miss, never a wrong answer.

/** Four 32-bit lanes, each a xor–multiply–rotate hash with its own seed and odd multiplier. */
const SEEDS = [0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344];
const MULTIPLIERS = [0x9e3779b1, 0x85ebca77, 0xc2b2ae3d, 0x27d4eb2f];

/** 128 bits of a non-cryptographic hash of the text, as 32 lowercase hex digits. */
export function nameHash(text: string): string {
  const lanes = [...SEEDS];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    for (let lane = 0; lane < 4; lane++) {
      // The rotation carries the product's high bits, which every input bit reaches, back to the low ones.
      const product = Math.imul(lanes[lane]! ^ code, MULTIPLIERS[lane]!);
      lanes[lane] = (product << 15) | (product >>> 17);
    }
  }
  // Each digest word also depends on the next lane, and on the length, which the loop does not see as such.
  let digest = '';
  for (let lane = 0; lane < 4; lane++) {
    const mixed = avalanche(lanes[lane]! ^ text.length ^ avalanche(lanes[(lane + 1) % 4]!));
    digest += (mixed >>> 0).toString(16).padStart(8, '0');
  }
  return digest;
}

/** Spreads every input bit over the whole word (the finalizer of MurmurHash3). */
function avalanche(word: number): number {
  let h = word;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}
