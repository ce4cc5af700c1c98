export {
	csvField,
	type ExportResult,
	edgeType,
	exportNeo4jCsv,
	kindLabel,
	NEO4J_FILES,
} from "./neo4j-csv.js";
