// The types of lib/ts-morph.js: ts-morph's own.
export { createWrappedNode, Node, SyntaxKind, ts } from "ts-morph";
