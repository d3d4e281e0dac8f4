/**
 * Whether every needle stands somewhere in the haystack (as String.prototype.includes, by UTF-16 code unit). A few
 * needles are each searched for; many are looked for together in one pass over the haystack (Aho–Corasick), since a
 * search per needle made a turn of many names, each late in a long question, take time growing with the square of
 * the text (7.8 s at 1 MiB).
 */
export function everyIn(haystack: string, needles: readonly string[]): boolean {
  if (needles.length <= FEW) return needles.every((w) => haystack.includes(w));
  const { children, ends } = trieOf(needles);
  const fail = new Int32Array(children.length);
  const order = [0]; // the nodes by depth: a node's fail link is shallower
  for (let h = 0; h < order.length; h++) {
    const u = order[h] as number;
    for (const [c, v] of children[u] as Map<number, number>) {
      let f = fail[u] as number;
      while (f !== 0 && !(children[f] as Map<number, number>).has(c)) f = fail[f] as number;
      fail[v] = u === 0 ? 0 : ((children[f] as Map<number, number>).get(c) ?? 0);
      order.push(v);
    }
  }
  // Each node the pass reaches: the needle it spells ends there, and so does every needle along its fail links.
  const reached = new Uint8Array(children.length);
  let s = 0;
  for (let i = 0; i < haystack.length; i++) {
    const c = haystack.charCodeAt(i);
    while (s !== 0 && !(children[s] as Map<number, number>).has(c)) s = fail[s] as number;
    s = (children[s] as Map<number, number>).get(c) ?? 0;
    reached[s] = 1;
  }
  for (let h = order.length - 1; h > 0; h--) {
    const v = order[h] as number;
    if (reached[v] === 1) reached[fail[v] as number] = 1;
  }
  return ends.every((node) => reached[node] === 1 || node === 0);
}

const FEW = 8;

/** The needles' trie: each node's children by code unit, and the node where each needle ends (0 for ""). */
function trieOf(needles: readonly string[]): { children: Array<Map<number, number>>; ends: number[] } {
  const children: Array<Map<number, number>> = [new Map()];
  const ends: number[] = [];
  for (const w of needles) {
    let node = 0;
    for (let i = 0; i < w.length; i++) {
      const c = w.charCodeAt(i);
      const at = children[node] as Map<number, number>;
      let next = at.get(c);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        at.set(c, next);
      }
      node = next;
    }
    ends.push(node);
  }
  return { children, ends };
}
