export { modelDot, packageGraphDot } from "./dot.js";
export { chainsMermaid, modelMermaid, packageGraphMermaid } from "./mermaid.js";
export {
	buildDiagramModel,
	type DiagramModel,
	guessPackage,
	indexPackageOf,
	type ModelOptions,
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
