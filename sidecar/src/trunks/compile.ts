/** The configured idioms compiled once per run: regexes built, call idioms indexed by called name. */
import { type CompiledCallee, compileCallee } from "./callee.js";
import type {
	CallIdiom,
	ClassMembersIdiom,
	DecoratorIdiom,
	FacadeIdiom,
	FamilyIdiom,
	HookMethodIdiom,
	Idiom,
	ModuleCallIdiom,
	ModuleSectionsIdiom,
	NewIdiom,
	RouteHelperIdiom,
	TrunkSpec,
} from "./config.js";
import { FAMILY_FORMS } from "./discover/workflow-modules.js";
import { type CompiledNormalize, compileNormalize } from "./normalize.js";

export interface CompiledIdiom {
	trunk: TrunkSpec;
	idiom: CallIdiom | NewIdiom;
	callee: CompiledCallee;
	keyPattern: RegExp | null;
}

export interface Compiled {
	trunks: Map<string, { spec: TrunkSpec; normalize: CompiledNormalize }>;
	/** Call/new idioms by called name: the cheap prefilter over every call in a file. */
	calls: Map<string, CompiledIdiom[]>;
	news: Map<string, CompiledIdiom[]>;
	classMembers: { trunk: TrunkSpec; idiom: ClassMembersIdiom; extends: RegExp; exclude: RegExp | null }[];
	facades: { trunk: TrunkSpec; idiom: FacadeIdiom }[];
	mounts: Map<
		string,
		{
			trunk: TrunkSpec;
			callee: CompiledCallee;
			prefixArg: number;
			targetArg: number;
			resultMounted: boolean;
		}[]
	>;
	decorators: { trunk: TrunkSpec; idiom: DecoratorIdiom }[];
	/** Decorator idioms' application-wide prefixes (idioms/app-prefix.ts), and the names of the calls setting them. */
	appPrefixes: { trunk: TrunkSpec; spec: NonNullable<DecoratorIdiom["appPrefix"]> }[];
	appPrefixCalls: Set<string>;
	/** Methods the framework calls by name (`onModuleInit`). */
	hookMethods: { trunk: TrunkSpec; idiom: HookMethodIdiom }[];
	/** Modules of sections (`methods(self) { return {…} }`) whose members register keys, and calls keyed by their module. */
	moduleSections: { trunk: TrunkSpec; idiom: ModuleSectionsIdiom; file: RegExp; qualified: RegExp | null }[];
	moduleCalls: {
		trunk: TrunkSpec;
		idiom: ModuleCallIdiom;
		file: RegExp | null;
		exclude: RegExp | null;
		receiver: RegExp;
		names: Set<string> | null;
		qualified: RegExp | null;
	}[];
	/** Route helpers (any called name: matched by their arguments' shape). */
	routeHelpers: {
		trunk: TrunkSpec;
		idiom: RouteHelperIdiom;
		router: RegExp;
		verbs: Set<string>;
		pattern: RegExp;
	}[];
	/** Pinned discovery families: candidate form → the trunk and side its sites go to. */
	families: Map<string, { trunk: TrunkSpec; side: FamilyIdiom["side"]; normalize: CompiledNormalize }>;
}

export function compile(trunks: TrunkSpec[]): Compiled {
	const c: Compiled = {
		trunks: new Map(),
		calls: new Map(),
		news: new Map(),
		classMembers: [],
		facades: [],
		mounts: new Map(),
		decorators: [],
		appPrefixes: [],
		appPrefixCalls: new Set(),
		hookMethods: [],
		moduleSections: [],
		moduleCalls: [],
		routeHelpers: [],
		families: new Map(),
	};
	for (const trunk of trunks) {
		for (const m of trunk.mounts) {
			const entry = {
				trunk,
				callee: compileCallee(m.callee),
				prefixArg: m.prefixArg,
				targetArg: m.targetArg,
				resultMounted: m.resultMounted,
			};
			for (const name of m.callee.names) c.mounts.set(name, [...(c.mounts.get(name) ?? []), entry]);
		}
		const existing = c.trunks.get(trunk.name);
		// Two presets may contribute idioms to one trunk; the first one's normalisation wins.
		if (!existing) c.trunks.set(trunk.name, { spec: trunk, normalize: compileNormalize(trunk.normalize) });
		for (const idiom of trunk.idioms) addIdiom(c, trunk, idiom);
	}
	return c;
}

export function addIdiom(c: Compiled, trunk: TrunkSpec, idiom: Idiom): void {
	if (idiom.kind === "class-members") {
		c.classMembers.push({
			trunk,
			idiom,
			extends: new RegExp(idiom.extends),
			exclude: idiom.excludeMembers ? new RegExp(idiom.excludeMembers) : null,
		});
		return;
	}
	if (idiom.kind === "facade") {
		c.facades.push({ trunk, idiom });
		return;
	}
	if (idiom.kind === "decorator") {
		c.decorators.push({ trunk, idiom });
		if (idiom.appPrefix) {
			c.appPrefixes.push({ trunk, spec: idiom.appPrefix });
			c.appPrefixCalls.add(idiom.appPrefix.prefixCall);
			if (idiom.appPrefix.versioningCall) c.appPrefixCalls.add(idiom.appPrefix.versioningCall);
		}
		return;
	}
	if (idiom.kind === "hook-method") {
		c.hookMethods.push({ trunk, idiom });
		return;
	}
	if (idiom.kind === "module-sections") {
		c.moduleSections.push({
			trunk,
			idiom,
			file: new RegExp(idiom.file),
			qualified: optionalRegex(idiom.qualifiedGroup),
		});
		return;
	}
	if (idiom.kind === "module-call") {
		c.moduleCalls.push({
			trunk,
			idiom,
			file: optionalRegex(idiom.file),
			exclude: optionalRegex(idiom.excludeFiles),
			receiver: new RegExp(idiom.receiver),
			names: idiom.names ? new Set(idiom.names) : null,
			qualified: optionalRegex(idiom.qualifiedKey),
		});
		return;
	}
	if (idiom.kind === "route-helper") {
		c.routeHelpers.push({
			trunk,
			idiom,
			router: new RegExp(idiom.router),
			verbs: new Set(idiom.verbs.map((v) => v.toLowerCase())),
			pattern: new RegExp(idiom.pattern),
		});
		return;
	}
	if (idiom.kind === "family") {
		// One trunk pins a family's side (load.ts refuses a second); the first one's is kept.
		const form = FAMILY_FORMS[idiom.family][idiom.side];
		if (!c.families.has(form))
			c.families.set(form, { trunk, side: idiom.side, normalize: compileNormalize(trunk.normalize) });
		return;
	}
	const entry: CompiledIdiom = {
		trunk,
		idiom,
		callee: compileCallee(idiom.callee),
		keyPattern: idiom.key.pattern ? new RegExp(idiom.key.pattern) : null,
	};
	const map = idiom.kind === "call" ? c.calls : c.news;
	for (const name of idiom.callee.names) {
		const list = map.get(name) ?? [];
		list.push(entry);
		map.set(name, list);
	}
}

const optionalRegex = (source: string | undefined): RegExp | null => (source ? new RegExp(source) : null);
