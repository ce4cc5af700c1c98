/**
 * The context assembler: between select and answer, in both modes. It ranks definitions along
 * the selected chains (the graph neighbourhood of each chain's seeds: a seed, then the hops it
 * makes, then the next seed), puts a definition of up to `wholeDefLines` lines in whole and a
 * longer one as slices (signature, the hops on the chain with the conditions around them, the
 * question's words), adds the far end of every key hop a chosen definition makes, the
 * module-level blocks of the files read, and, with what is left, one-line signatures of the
 * chain steps and direct neighbours that did not fit. The LLM's select picks lead.
 *
 * This module runs the passes in order; each lives in a module of its own.
 */
import { lookalikes } from "../lookalikes.js";
import { estimateTokens } from "../read.js";
import { Assembly } from "./assembly.js";
import { bridgeSteps } from "./bridge-steps.js";
import type { Candidate } from "./candidate.js";
import { chainCallers } from "./chain-callers.js";
import { readEnclosingSlices } from "./enclosing-slices.js";
import type { AssembleConfig, AssembleInput } from "./input.js";
import { readLastBodies, readShortPicks } from "./late-bodies.js";
import { addChainCallLines, chainCallLinesOf, leastRatedRoom } from "./map-chain-calls.js";
import { listHub, listHubs } from "./map-hubs.js";
import { addJoinLines, type JoinLine, joinLinesOf, spareRoom } from "./map-join-lines.js";
import { listKeyHopLines, listRegisterLines } from "./map-key-lines.js";
import { listLocalHeads } from "./map-local-heads.js";
import { listRootManifests } from "./map-manifests.js";
import { listModuleCalls, listModuleCallsOf } from "./map-module-calls.js";
import { listNamesake, listNamesakes } from "./map-namesakes.js";
import {
	listClassHeads,
	listHeadCallees,
	listImplementations,
	listNeighbours,
	listQuestionHits,
	listValuesCalledThrough,
} from "./map-neighbours.js";
import {
	listHeldFileDefs,
	listOutline,
	listPastOutline,
	OUTLINE_FILES,
	readFiles,
	stepFiles,
} from "./map-outline.js";
import { pathJoinsOf } from "./map-path-joins.js";
import { listValueMakers } from "./map-value-makers.js";
import { type MaterialIndex, memoIndex } from "./material-index.js";
import { pickCallees } from "./pick-callees.js";
import { MATERIAL_REACH, type MapReach } from "./reach.js";
import { readBodies } from "./read-bodies.js";
import { addDefinition } from "./read-definition.js";
import { readModuleBlocks, readPlannedBlocks } from "./read-module-blocks.js";
import { readingOrder } from "./reading-order.js";
import { sharedSteps } from "./shared-steps.js";
import { SignatureMap } from "./signature-map.js";
import { fillSliceGaps } from "./slice-gaps.js";
import type { TokenCount } from "./source-tokens.js";
import type { Material } from "./types.js";
import { VersionBodies } from "./version-bodies.js";

/**
 * The material for `input` within `config.tokenBudget` (less an impact listing's tokens), its
 * signature map as far as `reach` says: bodies, module-level blocks, the map, the last bodies.
 */
export function assembleMaterial(
	index: MaterialIndex,
	input: AssembleInput,
	config: AssembleConfig,
	count: TokenCount = estimateTokens,
	reach: MapReach = MATERIAL_REACH,
): Material {
	const budget = config.tokenBudget;
	// Compact bodies with the model's picks only: offline, the denser bodies moved what the
	// material reaches on a held-out set (session 36, tail36).
	const modelPicks = (input.picks?.length ?? 0) > (input.familyPicks ?? 0);
	const a = new Assembly(
		memoIndex(index),
		count,
		modelPicks ? reach : { ...reach, compactBodies: false },
		input.words,
	);
	a.spent = input.impact?.tokens ?? 0;
	const list = readingOrder(input.skeletons, input.picks ?? []);
	const onChain = new Set(input.skeletons.flatMap((sk) => sk.nodes.map((n) => n.def.id)));
	const known = new Set(list.map((c) => c.node.def.id));

	// Near-identical versions: one body each group, the others named on one map line.
	const versions = new VersionBodies(
		a,
		lookalikes(a.index),
		input.words,
		new Set(input.picks ?? []),
		input.relevance,
	);

	// Pass 1: bodies, each followed by the far ends of its key hops.
	const deferred = readBodies(a, list, input, config, onChain, known, budget, versions);

	// A late version: its group's best read in its place; none when the group holds one (its line names it).
	const readWithin = (c: Candidate, units: AssembleConfig, limit = budget) => {
		const r = versions.choose(c);
		if (!r || !addDefinition(a, r, input, units, onChain, limit)) return false;
		// The caller marks `c` read; the version read in its place is marked here.
		if (r !== c) {
			a.markRead(r.node.def);
			versions.stoodIn(c, r);
		}
		return true;
	};
	const read = (c: Candidate) => readWithin(c, config);
	// A callee or shared step is read whole up to `pickCalleeLines`, sliced past them.
	const calleeConfig = { ...config, wholeDefLines: Math.min(config.wholeDefLines, reach.pickCalleeLines) };

	// With the select stage's picks, the chain steps several chains share and the question's words
	// rate, within a small share past what the picks spent: the chains meet there, and the picks'
	// share leaves no chain step a body before the map (shared-steps.ts). Not for a family's picks
	// alone (offline): its material is the family, not a flow.
	if (modelPicks) {
		const limit = Math.min(budget, a.spent + budget * reach.sharedStepShare);
		const steps = sharedSteps(input.skeletons, deferred, a.bodies, input.relevance, reach);
		for (const c of steps) if (readWithin(c, calleeConfig, limit)) a.markRead(c.node.def);
	}

	// The enclosing function around a nested body read (a registering closure's own calls), then the
	// short steps between two bodies read: each within its own small share past what is spent.
	// With the model's picks only, and not for an impact question: its material is the listing of every
	// use, and the closures around the bodies it reads cost the uses' callers room (mat49: 0 gold lines
	// gained, 5 lost); offline, around the seeds, they cost a held-out set chain lines (mat49).
	readEnclosingSlices(
		a,
		input,
		onChain,
		input.impact || !modelPicks ? 0 : reach.enclosingSliceLines,
		reach.enclosingDefs,
		Math.min(budget, a.spent + budget * reach.enclosingShare),
		reach.enclosingMinLines,
		reach.enclosingHopsOnly,
	);
	{
		const limit = Math.min(budget, a.spent + budget * reach.bridgeShare);
		const forms = { bridge: reach.bridgeCalls, keyHop: reach.bridgeKeyHops };
		for (const c of bridgeSteps(a, input.relevance, reach.bridgeLines, reach.bridgeSteps, forms))
			if (readWithin(c, config, limit)) a.markRead(c.node.def);
	}

	// Pass 2: module-level blocks of the files read, then of the entry files: they wire a feature together.
	// With the model's picks, the blocks that name no key wait for what the map leaves: ahead of it
	// they took the room of map lines and held no chain line (`MapReach.contextBlocksLast`).
	const contextBlocks = readModuleBlocks(
		a,
		input.skeletons,
		input.words,
		budget,
		reach.contextBlocksLast && modelPicks,
	);

	// What a pick leads to that the bodies' share had no room for: the lines between its slices,
	// then the bodies it calls (short, or the step between two picks, sliced past
	// `pickCalleeLines`), then the functions calling two of the chain's bodies read — within `limit`.
	const picked = list.filter((c) => c.role === "pick");
	const calleeIds = new Set<number>();
	const callerIds = new Set<number>();
	const readPickFollowUps = (limit: number) => {
		fillSliceGaps(a, reach.sliceGapLines, limit, (c) => c.role === "pick");
		const callees =
			reach.pickCallees > 0 ? pickCallees(a, picked, input.relevance, reach.pickCalleeLines) : [];
		for (const c of callees.slice(0, Math.max(0, reach.pickCallees - calleeIds.size))) {
			if (!readWithin(c, calleeConfig, limit)) continue;
			a.markRead(c.node.def);
			calleeIds.add(c.node.def.id);
		}
		// Then the function calling two of the chain's bodies read, where the flow between them is decided.
		const callers = chainCallers(a, list, input.relevance, reach.chainCallers - callerIds.size);
		for (const c of callers) {
			if (!readWithin(c, calleeConfig, limit)) continue;
			a.markRead(c.node.def);
			callerIds.add(c.node.def.id);
		}
		fillSliceGaps(
			a,
			reach.sliceGapLines,
			limit,
			(c) => calleeIds.has(c.node.def.id) || callerIds.has(c.node.def.id),
		);
	};

	// Pass 3: signatures of the chain steps that did not fit, then of the direct neighbours of what was read.
	// With select picks, the entries the model passed over that the question's words barely rate wait.
	const map = new SignatureMap(a, input, known, budget);
	if (reach.rootManifests) listRootManifests(map);
	listClassHeads(map);
	versions.listNotes(map);
	for (const c of deferred) if (!a.bodies.has(c.node.def.id)) map.list(c);
	if (reach.keyHopLines) {
		listKeyHopLines(map, deferred.slice(0, reach.leadHopSteps));
		// Past them, a step's hop on a key the question names leads too (`rpc.call('createNote'…)`).
		if (reach.ratedKeyHops > 0) listKeyHopLines(map, deferred.slice(reach.leadHopSteps), reach.ratedKeyHops);
	}
	// Inside the lead steps: the local functions the question's words name.
	listLocalHeads(map, deferred.slice(0, reach.leadHopSteps), reach.localHeads);
	listRegisterLines(map, reach.registerLines);
	// The outline of the best files read: their other functions and methods, one line each.
	const held = readFiles(a.sources);
	const outlineFiles = held.slice(0, OUTLINE_FILES);
	// First, the definitions of the held files the question's words and the material's edges rate
	// best (a class's methods past the outline's first twenty, the function a read body calls).
	listHeldFileDefs(map, reach.heldFileDefs, onChain);
	listQuestionHits(map, reach.questionHits);
	if (reach.neighboursBeforeOutline) listNeighbours(map);
	// With the model's picks, what the chain heads call that the skeleton cut (map-neighbours.ts).
	listHeadCallees(map, modelPicks ? reach.headCallees : 0);
	listImplementations(map, reach.implementations);
	listValuesCalledThrough(map, reach.valuesCalledThrough);
	a.addRestOfSlices(budget);
	// Then, within a small share past what is spent, what the picks lead to: ahead of the outlines.
	readPickFollowUps(Math.min(budget, a.spent + budget * reach.pickFollowShare));
	listOutline(map, outlineFiles);
	if (!reach.neighboursBeforeOutline) listNeighbours(map);
	// With what the neighbours left: the definitions past a file's outline cap the question's words rate.
	listPastOutline(map, outlineFiles);
	// Then the outline of the files whose chain steps are listed only as signatures.
	const beforeStepOutline = new Set(a.sources);
	listOutline(map, stepFiles(a.sources, held).slice(0, reach.stepOutlineFiles), reach.stepOutlineDefs);
	// Its lines the question's words do not rate, last listed first: the room the join lines may
	// take at the end (the map's least yielding entries: key51, 1.3 gold lines per 10k tokens).
	const spareOutline = a.sources
		.filter((s) => !beforeStepOutline.has(s) && s.unit === "signature" && input.relevance(s.node.def) <= 0)
		.reverse();
	readShortPicks(map, deferred, reach.shortPicks, read);
	// Then, beside a signature-only step's first line, the lines where it fires a key (an event, a
	// method call, a route): the hop a flow makes is often deep in a step no body was read of. The
	// first `leadHopSteps` steps had theirs listed above; a line listed once is not listed again.
	if (reach.keyHopLines) listKeyHopLines(map, deferred);
	listLocalHeads(map, deferred, reach.localHeads);
	// The files the map holds by now, then each file a waiting entry brings in: the definition
	// each is named after, which no pass may reach while its members and neighbours are listed.
	if (reach.namesakes) listNamesakes(map);
	// With the model's picks, each held file's most used definition too (map-hubs.ts); not for a
	// family's picks alone: there the lines it takes are the follow-ups' and the last bodies'.
	const hubMinFanIn = modelPicks ? reach.hubMinFanIn : 0;
	listHubs(map, hubMinFanIn);
	// Where the held files' module code plugs in or starts what the material names
	// (map-module-calls.ts): offline too (lf53: a Hono app's `api.use("/*", authMiddleware)`), since
	// no definition holds such a line and no other pass reaches it.
	const moduleCallLines = reach.moduleCallLines;
	listModuleCalls(map, moduleCallLines);
	// Where each module-level value the material names is made (its client factory, a singleton's
	// class: map-value-makers.ts): offline too (lf53: `prisma`, `redis` and the factories connecting them).
	const valueMakers = reach.valueMakers;
	const madeValues = new Set<number>();
	listValueMakers(map, valueMakers, madeValues);
	// The steps that waited: the best rated first get their key-hop lines and local heads right after
	// their signature, ahead of the lower-rated entries that wait with them (at the tail they found
	// the budget spent: `sdk.call('slashCommand', …)` in the step the question names).
	const waitingSteps = new Set(deferred);
	let waitingHopSteps = 0;
	map.listWaiting((c) => {
		// The file this entry brings in: its namesake right after it.
		if (reach.namesakes && c.node.def.file) listNamesake(map, c.node.def.file);
		if (c.node.def.file) listHub(map, c.node.def.file, hubMinFanIn);
		if (c.node.def.file) listModuleCallsOf(map, c.node.def.file, moduleCallLines);
		listValueMakers(map, valueMakers, madeValues);
		if (!waitingSteps.has(c) || waitingHopSteps >= reach.waitingHopSteps) return;
		waitingHopSteps++;
		if (reach.keyHopLines) listKeyHopLines(map, [c]);
		listLocalHeads(map, [c], reach.localHeads);
	});

	// With what the map left: the rest of the picks' gaps and callees; then the key-hop lines and
	// local heads of the steps that waited, listed only now (behind the picks' follow-ups, which
	// they otherwise took the room of: the gap of a pattern answer's `addRoute`).
	readPickFollowUps(budget);
	if (reach.keyHopLines) listKeyHopLines(map, deferred);
	listLocalHeads(map, deferred, reach.localHeads);
	// Pass 4: with what is left, the bodies that did not fit the first pass; with the model's picks,
	// the seeds it passed over last.
	readLastBodies(map, deferred, read, reach.lastBodyLines, reach.seedsLast && modelPicks);
	// Then the module-level blocks that waited (none offline).
	readPlannedBlocks(a, contextBlocks, budget);
	// With the model's picks, last: where a flow's head held only as a signature calls the next chain
	// node, in what is left and the room of up to `chainCallRoom` of the map's least rated lines, last
	// listed first (map-chain-calls.ts): the step outline's room alone held none (sig53).
	if (modelPicks) {
		const calls = chainCallLinesOf(map, deferred, onChain, reach.chainCallSteps, reach.chainCallLines);
		addChainCallLines(map, calls, leastRatedRoom(map, onChain, reach.chainCallRoom));
	}
	// Offline, last: the join lines — where a chain step held only as a signature (or slices that cut
	// the line) calls another chain step the material holds, then where two adjacent steps of a
	// skeleton meet — in what is left, and in the room of up to `joinRoomLines` unrated step-outline
	// lines. Anywhere earlier they pushed the bodies' tail out, gold as often (lf49, body52). With the
	// model's picks the material's budget is another's (bud52): not there.
	if (!modelPicks) {
		const joins = [
			...joinLinesOf(map, deferred, reach.joinLines, onChain),
			...pathJoinsOf(map, input.skeletons, reach.pathJoins),
		];
		// The lines joining the short answer's path lead, and they alone may take the spare room.
		const onPath = (j: JoinLine) => !!input.pathDefs?.has(j.c.node.def.id);
		addJoinLines(map, joins.filter(onPath), spareRoom(a, spareOutline, reach.joinRoomLines));
		addJoinLines(map, joins, () => false);
	}
	// Bodies, slices and blocks in the order they were chosen; the signature map after them.
	const sources = [
		...a.sources.filter((s) => s.unit !== "signature"),
		...a.sources.filter((s) => s.unit === "signature"),
	];
	return { sources, impact: input.impact ?? null, tokens: a.spent, budget };
}
