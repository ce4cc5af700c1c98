export { withDiagram } from "./attach.js";
export { modelDot, packageGraphDot } from "./dot.js";
export { chainsMermaid, modelMermaid, packageGraphMermaid } from "./mermaid.js";
export {
	buildDiagramModel,
	type DiagramModel,
	diagramOptionsFor,
	guessPackage,
	indexLinks,
	indexPackageOf,
	type ModelOptions,
	resolveParents,
	selectHops,
} from "./model.js";
export {
	chainsPng,
	dotToPng,
	dotToSvg,
	packageGraphPng,
	renderChainsPng,
	renderPackageGraphPng,
	svgToPng,
} from "./render.js";
