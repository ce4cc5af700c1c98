/** The site extractor a run loads from its module (`siteExtractorModule`), as worker threads do. */
import type { SiteExtractor } from "../index/types.js";
import type { IndexOptions } from "./index-types.js";

/** The site extractor `siteExtractorModule` builds for `trunkConfig` (none without both). */
export async function siteExtractorFrom(options: IndexOptions): Promise<SiteExtractor | undefined> {
	if (!options.siteExtractorModule || options.trunkConfig === undefined) return undefined;
	const mod = (await import(options.siteExtractorModule)) as {
		createSiteExtractor(config: unknown): SiteExtractor;
	};
	return mod.createSiteExtractor(options.trunkConfig);
}
