/**
 * ts-morph's values, loaded with require(). An ES `import` of this CommonJS package makes Node scan
 * its source for named exports first (cjs-module-lexer: ~0.15 s of CPU per thread, paid again in
 * every worker thread); require() skips that. Types come from ts-morph itself (ts-morph.d.ts).
 * Plain JavaScript outside src/ so that the built and the source modules share it (`#ts-morph`).
 */
import { createRequire } from "node:module";

const morph = createRequire(import.meta.url)("ts-morph");

export const { ts, Node, SyntaxKind, createWrappedNode } = morph;
