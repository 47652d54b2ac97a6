// Bytes of small WebAssembly modules written by hand, for the tests of the build's scripts.

/** `n` as unsigned LEB128. */
export const leb = (n) => {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};
/** A name: its length, then its UTF-8. */
export const name = (s) => [...leb(Buffer.byteLength(s)), ...Buffer.from(s)];
/** A section: its id, its length, then `body`. */
export const section = (id, body) => [id, ...leb(body.length), ...body];
