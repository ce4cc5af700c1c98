/**
 * The trunk site extractor: runs the configured idioms over each source file (a plug-in of the
 * indexer's type-checked pass) and, in `finalize`, joins what needs the whole repository. Each idiom
 * family lives in its own module under `idioms/`; this core holds the per-file loop, the `emit`
 * that turns a matched key into a site record, and the order of the joins in finalize.
 */
import type { CallExpression, ClassDeclaration, NewExpression, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { Resolution } from "../index/schema.js";
import type { DispatchSiteRecord, SiteContext, SiteExtractor } from "../index/types.js";
import { bindParams, bindTemplates } from "./bind.js";
import { type Compiled, compile } from "./compile.js";
import type { TrunkConfig } from "./config.js";
import { declarations, TYPE_MEMBER, type TypeMemberInfo, typeMemberRecords } from "./declarations.js";
import { enabledPresets } from "./detect.js";
import { actionCandidates } from "./discover/actions.js";
import { callCandidates } from "./discover/call-candidates.js";
import { isFetchFactoryCall } from "./discover/call-shape.js";
import { classHandlerCandidates } from "./discover/class-events.js";
import { decoratorCandidates } from "./discover/decorator-candidates.js";
import { inStaticFolder } from "./discover/families.js";
import { fileRouteCandidates } from "./discover/file-routes.js";
import { graphqlCandidates } from "./discover/graphql-candidates.js";
import {
	CANDIDATE,
	type DiscoveredTrunk,
	discover,
	discoveredSites,
	discoveryRecords,
	foldedFileRoutes,
	pinnedFamilySites,
	presetRouteTrunk,
	WRAPPER,
} from "./discover/index.js";
import { catalogueCandidates, jobCandidates, subscriberCandidates } from "./discover/jobs.js";
import { noteLocalNames } from "./discover/literal-keys.js";
import { busOf, presetTakenOnBus } from "./discover/named-buses.js";
import { proxyReferenceCandidates } from "./discover/object-registries.js";
import { presetClientSites } from "./discover/preset-clients.js";
import { presetWrapperSites } from "./discover/preset-wrappers.js";
import { computedVerbCall } from "./discover/request-urls.js";
import { newFileFacts, serviceCandidates } from "./discover/services.js";
import { workflowCandidates } from "./discover/workflows.js";
import { wrappedRequests } from "./discover/wrapper-clients.js";
import { presetWrapperFact, wrappersByDef } from "./discover/wrapper-facts.js";
import { GETTER_SEND, getterSendSites, getterSends } from "./getter-sends.js";
import { APP_PREFIX, appBasePaths, extractAppPrefix } from "./idioms/app-prefix.js";
import { bareImportAliases, extractCall } from "./idioms/calls.js";
import { extractClassMembers } from "./idioms/class-members.js";
import { extractDecorators } from "./idioms/decorators.js";
import { bindFacadeUses, extractFacades, type FacadeDefInfo, type FacadeUseInfo } from "./idioms/facades.js";
import { factoryBaseMounts } from "./idioms/factory-base.js";
import { extractHookMethods } from "./idioms/hook-methods.js";
import {
	MODULE_MEMBERS,
	type ModuleMembersInfo,
	moduleMembers,
	modulePathSites,
} from "./idioms/module-paths.js";
import {
	extractModuleCalls,
	extractModuleSections,
	inheritedSites,
	MODULE_BASE,
} from "./idioms/module-sections.js";
import { applyMounts, extractMount, type MountRecord, mountRecord, mountSites } from "./idioms/mounts.js";
import { extractRouteHelper } from "./idioms/route-helpers.js";
import { extractTypedClientCall } from "./idioms/typed-clients.js";
import { thisPropertyReads } from "./key-eval.js";
import { compileNormalize, siteKey } from "./normalize.js";
import { importedPackages, nearestPackageName, PACKAGE_IMPORTS } from "./package-name.js";
import { dropUnpaired } from "./paired.js";
import { type PackageLinks, scopeKeys, siteScope } from "./scope.js";
import {
	CLASS_EXTENDS,
	type Emit,
	exprText,
	FACADE_DEF,
	FACADE_USE,
	internalRecord,
	MOUNT,
	receiverIdentity,
	startLine,
	THIS_READ,
	unboundMethod,
} from "./sites.js";
import {
	type ClassExtendsInfo,
	recordClassExtends,
	type ThisReadInfo,
	unbindOverriddenReads,
} from "./this-reads.js";
import { calledName, lazyWrap, walkFile, wrap } from "./walk.js";
import { bindWildcards, keyShapes, unboundShapes } from "./wildcards.js";

export interface ExtractorStats {
	files: number;
	sites: number;
	byResolution: Record<Resolution, number>;
	/** Time spent in extractFile + finalize (what the trunks add to an index run), ms. */
	ms: number;
	/** CPU time (user + system) of the process in extractFile + finalize, ms: unlike `ms`, not inflated by a loaded machine. */
	cpuMs: number;
}

export interface TrunkSiteExtractor extends SiteExtractor {
	/** Names of the presets that applied to the repository (known after the first file). */
	readonly enabledPresets: string[];
	readonly stats: ExtractorStats;
	/** The trunks discovery found (known after finalize; empty with `discover: false`). */
	readonly discovered: DiscoveredTrunk[];
}

/**
 * A SiteExtractor for the given configuration. Presets are enabled by their `detect` rule against
 * the repository of the first file extracted.
 */
const specs = (c: Compiled) => [...c.trunks.values()].map((t) => t.spec);

export function createSiteExtractor(config: TrunkConfig): TrunkSiteExtractor {
	let compiled: Compiled | null = null;
	let discovered: DiscoveredTrunk[] = [];
	const enabled: string[] = [];
	const stats: ExtractorStats = {
		files: 0,
		sites: 0,
		byResolution: { checker: 0, syntactic: 0 },
		ms: 0,
		cpuMs: 0,
	};

	let root: string | null = null;
	const setup = (repoRoot: string): Compiled => {
		root = repoRoot;
		if (!compiled) {
			const presets = enabledPresets(config.presets, repoRoot);
			enabled.push(...presets.map((p) => p.name));
			compiled = compile(presets.flatMap((p) => p.trunks));
		}
		return compiled;
	};

	function extractFile(sf: SourceFile, ctx: SiteContext): DispatchSiteRecord[] {
		const started = performance.now();
		const cpu = process.cpuUsage();
		try {
			return extractSites(sf, ctx);
		} finally {
			stats.ms += performance.now() - started;
			const used = process.cpuUsage(cpu);
			stats.cpuMs += (used.user + used.system) / 1000;
		}
	}

	function extractSites(sf: SourceFile, ctx: SiteContext): DispatchSiteRecord[] {
		const c = setup(ctx.repoRoot);
		stats.files++;
		const out: DispatchSiteRecord[] = [];
		const emit: Emit = (
			trunkName,
			side,
			raw,
			keyNode,
			at,
			handler,
			resolution,
			also = [],
			method,
			receiver,
			scope,
		) => {
			const trunk = c.trunks.get(trunkName);
			const key = siteKey(raw, trunk?.normalize, method);
			const site: DispatchSiteRecord = {
				trunk: trunkName,
				side,
				key,
				rawKey: raw !== null && method ? `${method} ${raw}` : raw,
				expression: exprText(keyNode),
				file: ctx.filePath,
				// A key read from an object defined in another file (an imported registration object)
				// is still a site of this call: its line is the call's.
				line: startLine(keyNode.getSourceFile() === at.getSourceFile() ? keyNode : at),
				enclosingDefId: ctx.enclosingDefId(at),
				handlerDefId: side === "register" ? handler : null,
				resolution,
				inScope: trunk?.spec.inScope ?? true,
			};
			out.push(site);
			if (key !== null && keyNode.getText().includes("this.")) {
				const reads = thisPropertyReads(keyNode);
				if (reads.length > 0) {
					const info: ThisReadInfo = { trunk: trunkName, side, key, reads };
					out.push(internalRecord(THIS_READ, info, ctx.filePath, site.line));
				}
			}
			if (raw === null && method) unboundMethod.set(site, method);
			if (raw === null && side === "dispatch") {
				const shapes = unboundShapes(keyNode);
				if (shapes.length > 0) keyShapes.set(site, shapes);
			}
			if (receiver && side === "register") receiverIdentity.set(site, receiver);
			if (scope?.length) siteScope.set(site, [...scope]);
			if (key !== null) {
				for (const a of also) {
					emit(
						a.trunk,
						a.side,
						a.template.replaceAll("{key}", key),
						keyNode,
						at,
						handler,
						resolution,
						[],
						undefined,
						receiver,
					);
				}
			}
		};

		// A static asset's script (`public/vendor.js`) is no source of the repository's idioms.
		const discovering = config.discover && !inStaticFolder(ctx.filePath);
		const facts = newFileFacts();
		// One walk of the file for every family below (see walk.ts).
		const nodes = walkFile(sf.compilerNode);
		if (discovering) noteLocalNames(sf.compilerNode, nodes);
		const hasCalls =
			c.calls.size > 0 ||
			c.mounts.size > 0 ||
			c.appPrefixCalls.size > 0 ||
			c.routeHelpers.length > 0 ||
			discovering;
		const routeTrunk = inStaticFolder(ctx.filePath) ? undefined : presetRouteTrunk(specs(c));
		if (hasCalls) {
			const aliases = bareImportAliases(sf.compilerNode);
			for (const cn of nodes.calls) {
				if (c.routeHelpers.length > 0 && extractRouteHelper(sf, cn, c, ctx, emit)) continue;
				// The called name from the compiler node first: most calls are no candidate, and
				// splitting a callee (wrappers, receiver text) for each of them dominated the cost.
				const name = calledName(cn);
				if (name === undefined) {
					// `useRequestFetch()('/api/x')`: no preset names a called call; discovery reads it as a transport.
					// `axios[method](url)` too: a request wrapper's verb picked by its parameter (request-urls.ts).
					if (discovering && (isFetchFactoryCall(cn) || computedVerbCall(cn)))
						callCandidates(sf, cn, lazyWrap<CallExpression>(sf, cn), ctx, out, facts);
					continue;
				}
				// `client.users.$get()` on a typed client (`hc<typeof app>()`): a call no preset or discovery reads.
				if (
					routeTrunk &&
					name.startsWith("$") &&
					extractTypedClientCall(lazyWrap<CallExpression>(sf, cn)(), name, routeTrunk, emit, out)
				)
					continue;
				const preset = c.calls.has(name) || c.calls.has(aliases.get(name) ?? "");
				if (c.appPrefixCalls.has(name))
					extractAppPrefix(lazyWrap<CallExpression>(sf, cn)(), name, c, ctx, out);
				if (!preset && !discovering && !c.mounts.has(name)) continue;
				// ts-morph's node only for what uses it: discovery checks the compiler node first.
				const wrapped = lazyWrap<CallExpression>(sf, cn);
				const before = out.length;
				const taken = preset && extractCall(wrapped(), c, ctx, emit);
				// Presets win: a call one of them took by its arguments is no discovery candidate (one keyed by
				// its receiver alone still is). Taken as a dispatch whose key is a parameter (`emit(event, …)` in
				// `send(event, …)`), it still makes its function a wrapper.
				if (discovering && taken !== "arguments") callCandidates(sf, cn, wrapped, ctx, out, facts);
				else if (discovering && out.length > before)
					presetWrapperFact(
						sf,
						cn,
						out
							.slice(before)
							.filter((s) => s.side === "dispatch" && s.key === null)
							.map((s) => s.expression),
						ctx,
						out,
					);
				// A listen/emit the preset took on a named bus (`this.emitter = app.events.orders`) may join on that
				// bus: its candidate alone, the file's facts untouched (a scratch set).
				if (discovering && taken === "arguments" && busOf(cn, name)) {
					const onBus: DispatchSiteRecord[] = [];
					callCandidates(sf, cn, wrapped, ctx, onBus, newFileFacts());
					out.push(...presetTakenOnBus(onBus));
				}
				if (c.mounts.has(name)) extractMount(wrapped(), c, ctx, out);
			}
		}
		if (c.news.size > 0 || discovering) {
			for (const cn of nodes.news) {
				const name = calledName(cn);
				const preset = name !== undefined && c.news.has(name);
				if (!preset && !discovering) continue;
				const wrapped = lazyWrap<NewExpression>(sf, cn);
				const taken = preset && extractCall(wrapped(), c, ctx, emit);
				if (discovering && !taken) callCandidates(sf, cn, wrapped, ctx, out, facts);
			}
		}
		if (c.moduleSections.length > 0) extractModuleSections(sf, c, ctx, emit, out);
		if (c.moduleCalls.length > 0) extractModuleCalls(sf, nodes.calls, c, ctx, emit);
		let classes: ClassDeclaration[] | undefined;
		const classDeclarations = () => {
			classes ??= nodes.classLikes.filter(ts.isClassDeclaration).map((n) => wrap<ClassDeclaration>(sf, n));
			return classes;
		};
		const classIdioms = [
			[c.classMembers, extractClassMembers],
			[c.decorators, extractDecorators],
			[c.hookMethods, extractHookMethods],
		] as const;
		for (const [idioms, extract] of classIdioms)
			if (idioms.length > 0) for (const cls of classDeclarations()) extract(cls, c, ctx, emit);
		if (discovering) {
			// Presets win here too: a route decorator a preset registered (`@Get('x')` in `@Controller`) is
			// no second, discovered registry (it made a `get` trunk whose method-less joins were wrong).
			const presetRegistered = new Set(
				out.filter((s) => !s.trunk.startsWith("(") && s.side === "register").map((s) => s.line),
			);
			decoratorCandidates(sf, nodes.decorators, ctx, out, presetRegistered);
			proxyReferenceCandidates(sf, nodes.properties, ctx, out);
			classHandlerCandidates(sf, nodes.decorators, ctx, out);
			graphqlCandidates(sf, nodes, ctx, out);
			actionCandidates(sf, nodes, ctx, out);
			jobCandidates(sf, nodes, ctx, out);
			catalogueCandidates(sf, nodes, ctx, out);
			subscriberCandidates(sf, ctx, out);
			workflowCandidates(sf, nodes, ctx, out);
			fileRouteCandidates(sf, ctx, out);
			moduleMembers(sf, ctx, out);
			getterSends(sf, nodes.calls, ctx, out);
		} else if (c.families.size > 0 && !inStaticFolder(ctx.filePath)) {
			// With discovery off, a preset pinning a family (workflows, activities, signals) still reads it.
			workflowCandidates(sf, nodes, ctx, out);
		}
		if (c.facades.length > 0) extractFacades(sf, nodes, c, ctx, out);
		if (discovering) {
			// Presets win: a line a preset took (a service method, a facade) is no discovery candidate.
			const presetLines = new Set(
				out
					.filter((s) => !s.trunk.startsWith("(") || s.trunk === FACADE_USE || s.trunk === FACADE_DEF)
					.map((s) => s.line),
			);
			serviceCandidates(sf, ctx, out, presetLines, facts);
		}
		if (!inStaticFolder(ctx.filePath)) factoryBaseMounts(sf, c, ctx, out);
		recordClassExtends(sf.compilerNode, nodes.classLikes, ctx.filePath, out);
		if (nodes.members.length > 0) typeMemberRecords(sf, nodes.members, ctx, out);
		const imported = importedPackages(sf.compilerNode, nodes.calls, ctx.repoRoot, ctx.filePath);
		if (imported.names.length > 0)
			out.push(internalRecord(PACKAGE_IMPORTS, imported.names, ctx.filePath, imported.line));
		for (const s of out) {
			if (s.trunk.startsWith("(")) continue; // internal records are not sites
			stats.sites++;
			stats.byResolution[s.resolution]++;
		}
		return out;
	}

	/** A file's sites with the facts kept beside them (verb of an unbound call, router receiver). */
	function saveSites(sites: DispatchSiteRecord[]): string {
		return JSON.stringify(
			sites.map((site) => ({
				site,
				method: unboundMethod.get(site),
				receiver: receiverIdentity.get(site),
				scope: siteScope.get(site),
				shapes: keyShapes.get(site),
			})),
		);
	}

	function loadSites(saved: string, repoRoot: string): DispatchSiteRecord[] {
		setup(repoRoot);
		const rows = JSON.parse(saved) as {
			site: DispatchSiteRecord;
			method?: string;
			receiver?: string;
			scope?: string[];
			shapes?: string[];
		}[];
		return rows.map(({ site, method, receiver, scope, shapes }) => {
			if (shapes) keyShapes.set(site, shapes);
			if (method) unboundMethod.set(site, method);
			if (receiver) receiverIdentity.set(site, receiver);
			if (scope) siteScope.set(site, scope);
			return site;
		});
	}

	function finalize(sites: DispatchSiteRecord[]): DispatchSiteRecord[] {
		const started = performance.now();
		const cpu = process.cpuUsage();
		try {
			return joinSites(sites);
		} finally {
			stats.ms += performance.now() - started;
			const used = process.cpuUsage(cpu);
			stats.cpuMs += (used.user + used.system) / 1000;
		}
	}

	function joinSites(sites: DispatchSiteRecord[]): DispatchSiteRecord[] {
		const c = compiled;
		const defs = new Map<string, FacadeDefInfo>();
		const uses: { site: DispatchSiteRecord; info: FacadeUseInfo }[] = [];
		const mounts: MountRecord[] = [];
		const appPrefixes: DispatchSiteRecord[] = [];
		const classes: ClassExtendsInfo[] = [];
		const thisReads: { site: DispatchSiteRecord; info: ThisReadInfo }[] = [];
		const rest: DispatchSiteRecord[] = [];
		const discovery: DispatchSiteRecord[] = [];
		const packageImports: DispatchSiteRecord[] = [];
		const modules: ModuleMembersInfo[] = [];
		const members: { info: TypeMemberInfo; file: string; line: number }[] = [];
		const moduleBases: DispatchSiteRecord[] = [];
		const getterSent: DispatchSiteRecord[] = [];
		for (const s of sites) {
			if (s.trunk === GETTER_SEND) {
				getterSent.push(s);
			} else if (s.trunk === TYPE_MEMBER) {
				members.push({ info: JSON.parse(s.rawKey as string) as TypeMemberInfo, file: s.file, line: s.line });
			} else if (s.trunk === MODULE_BASE) {
				moduleBases.push(s);
			} else if (s.trunk === MODULE_MEMBERS) {
				modules.push(JSON.parse(s.rawKey as string) as ModuleMembersInfo);
			} else if (s.trunk === PACKAGE_IMPORTS) {
				packageImports.push(s);
			} else if (s.trunk === CLASS_EXTENDS) {
				classes.push(JSON.parse(s.rawKey as string) as ClassExtendsInfo);
			} else if (s.trunk === THIS_READ) {
				thisReads.push({ site: s, info: JSON.parse(s.rawKey as string) as ThisReadInfo });
			} else if (s.trunk === FACADE_DEF) {
				const d = JSON.parse(s.rawKey as string) as FacadeDefInfo;
				defs.set(`${d.file}\0${d.exportName}`, d);
				if (d.pkg) defs.set(`${d.pkg}\0${d.exportName}`, d);
			} else if (s.trunk === MOUNT) {
				mounts.push(mountRecord(s));
			} else if (s.trunk === APP_PREFIX) {
				appPrefixes.push(s);
			} else if (s.trunk === FACADE_USE) {
				uses.push({ site: s, info: JSON.parse(s.rawKey as string) as FacadeUseInfo });
			} else if (s.trunk === CANDIDATE || s.trunk === WRAPPER) {
				discovery.push(s);
			} else rest.push(s);
		}
		if (c) rest.push(...bindFacadeUses(defs, uses, c));
		if (c && moduleBases.length > 0) {
			const { registers, unanswered } = inheritedSites(moduleBases, rest, (trunk, raw) => ({
				trunk,
				side: "register",
				key: siteKey(raw, c.trunks.get(trunk)?.normalize),
				rawKey: raw,
				resolution: "syntactic",
				inScope: c.trunks.get(trunk)?.spec.inScope ?? true,
			}));
			let kept = 0;
			for (const s of rest) if (!unanswered.has(s)) rest[kept++] = s;
			rest.length = kept;
			rest.push(...registers);
		}
		unbindOverriddenReads(rest, classes, thisReads);
		let clients: ((sites: DispatchSiteRecord[]) => DispatchSiteRecord[]) | null = null;
		const records = c && discovery.length > 0 ? discoveryRecords(discovery) : null;
		// Families a preset pins (`{ kind: "family" }`): their candidates are its sites, not discovery's.
		if (c && records && c.families.size > 0) rest.push(...pinnedFamilySites(records.candidates, c.families));
		if (c && records && config.discover) {
			// Discovered trunks join like a preset's: their keys meet `:param` routes and templates below.
			const found = discover(records, new Set(c.trunks.keys()), new Set(c.families.keys()));
			discovered = found.trunks;
			// File routes join a preset's route trunk, where its clients' `fetch('/orders')` already are.
			const routes = presetRouteTrunk(specs(c));
			const folded = routes ? foldedFileRoutes(discovered) : new Set<string>();
			for (const t of discovered)
				if (!folded.has(t.spec.name))
					c.trunks.set(t.spec.name, { spec: t.spec, normalize: compileNormalize(t.spec.normalize) });
			const claimed = new Set<string>();
			const keyed = discoveredSites(discovered);
			// A preset's listen/emit on a named bus that discovery keyed on its bus (`presetTaken`): the bus's site replaces it.
			const onBus = new Set(
				records.candidates.filter((x) => x.info.presetTaken).map((x) => `${x.site.file}:${x.site.line}`),
			);
			const replaced = new Set(keyed.map((s) => `${s.file}:${s.line}`).filter((at) => onBus.has(at)));
			if (replaced.size > 0) {
				let kept = 0;
				for (const s of rest) if (!replaced.has(`${s.file}:${s.line}`)) rest[kept++] = s;
				rest.length = kept;
			}
			for (const s of keyed) {
				if (routes && folded.has(s.trunk)) s.trunk = routes;
				if (s.side === "dispatch") claimed.add(`${s.file}:${s.line}`);
				rest.push(s);
			}
			// Callers of a wrapper around a preset's dispatch (`send(event) { this.io.emit(event) }`) dispatch into it.
			rest.push(...presetWrapperSites(found.candidates, records.wrappers, rest, c, claimed).sites);
			// HTTP clients no discovered trunk took meet the preset's routes (once mounts have prefixed them).
			// And calls of request wrappers (`apiPut('/x')` → `axios[method](urljoin(root, path))`).
			const wrapped = routes ? wrappedRequests(found.candidates, wrappersByDef(records.wrappers)) : [];
			if (routes) clients = (sites) => presetClientSites(found.candidates, sites, routes, claimed, wrapped);
			// Sends on what a keyed instance's getter hands out (`Q.getInstance()?.add(…)`) dispatch its key.
			rest.push(...getterSendSites(getterSent, rest, found.candidates));
		}
		if (c) {
			// The base paths a Nest app serves its routes under (global prefix, URI version), for bindParams.
			const appBases = appBasePaths(rest, appPrefixes);
			const through = applyMounts(rest, mounts, c);
			if (clients) rest.push(...clients(rest));
			// Dotted keys walked along a CommonJS module tree (`socket.emit('topics.loadMore')`), on evidence.
			if (config.discover) rest.push(...modulePathSites(rest, modules));
			bindParams(rest, c, appBases);
			bindTemplates(rest, c);
			bindWildcards(rest, c, (s) => keyShapes.get(s));
			scopeKeys(rest, c, packageLinks(packageImports));
			// Typed maps' members declaring the keys now settled (declarations.ts): after every join.
			rest.push(...declarations(rest, members, c));
			// Keys with one side on trunks that join only where both are (a table as a queue).
			dropUnpaired(rest, c);
			// Last: the mount lines under the keys they prefix, as every join above left them.
			rest.push(...mountSites(through, root));
		}
		return rest;
	}

	/** Each file's package and what each package imports, from the files' PACKAGE_IMPORTS records. */
	function packageLinks(records: DispatchSiteRecord[]): PackageLinks | undefined {
		const repoRoot = root;
		if (repoRoot === null) return undefined;
		const packageOf = (file: string) => nearestPackageName(repoRoot, file);
		const imports = new Map<string, Set<string>>();
		for (const r of records) {
			const pkg = packageOf(r.file);
			if (pkg === null) continue;
			const set = imports.get(pkg) ?? new Set<string>();
			for (const name of JSON.parse(r.rawKey as string) as string[]) set.add(name);
			imports.set(pkg, set);
		}
		return { packageOf, imports: (pkg) => imports.get(pkg) };
	}

	return {
		extractFile,
		finalize,
		saveSites,
		loadSites,
		get discovered() {
			return discovered;
		},
		get enabledPresets() {
			return [...enabled];
		},
		stats,
	};
}
