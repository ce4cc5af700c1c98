export { formatListeners, formatNeighbours, formatPath } from "./format.js";
export { callees, callers, listeners, shortestPath, toNode } from "./queries.js";
export { GraphQueryError, keyDefId, parseKeyDefId, resolveDef } from "./resolve.js";
export * from "./types.js";
