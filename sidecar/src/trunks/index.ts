/** String-dispatch trunks: configuration, the indexer's site extractor, and the reconciliation table. */
export type { Category, Preset, TrunkConfig, TrunkSpec } from "./config.js";
export { CATEGORIES, trunkConfigSchema } from "./config.js";
export { enabledPresets } from "./detect.js";
export { createSiteExtractor, type TrunkSiteExtractor } from "./extractor.js";
export {
	builtinPresets,
	loadTrunkConfig,
	PRESETS_DIR,
	parseTrunkConfig,
	REPO_CONFIG_FILE,
	TrunkConfigError,
} from "./load.js";
