/**
 * How far the signature map reaches. The citation pool of the offline answer and the material
 * the answer stage reads are assembled alike but for the map: the material's map is counted
 * (and printed) grouped by folder, and the room that saves lists more of the files whose chain
 * steps are only signatures. The citation pool keeps the narrower map, so what the short answer
 * cites does not move with the material (benchmarks/answers.md, run 12 — material).
 */
export interface MapReach {
	/** Signatures listed under their folder, then file name (each printed once), not the whole path per file. */
	foldersInMap: boolean;
	/** Files whose chain steps are only signatures, outlined with what the rest leaves, and definitions each. */
	stepOutlineFiles: number;
	stepOutlineDefs: number;
	/**
	 * A top-level handler written into a module-level register call is listed (or read) from the
	 * call's head, which holds its key: `api.addRoute('notes.create', …, { async post() {`,
	 * not `async post() {`.
	 */
	registerHeads: boolean;
	/** After the map's outlines: the lines where a signature-only chain step dispatches or registers a key. */
	keyHopLines: boolean;
	/**
	 * The key-hop lines of this many signature-only chain steps (the best first) come right after
	 * the steps' signatures instead, ahead of the held files' definitions, neighbours and outlines
	 * (0: all wait for the map's tail). A chain step the bodies had no room for is still on the
	 * path, and the line where it fires a key is its hop; at the tail the outlines had taken the
	 * room (Session 23, mat23: key-line recall on the dev sets up, the material's size unchanged).
	 */
	leadHopSteps: number;
	/**
	 * Past those steps, the key-hop lines of a key the question's words rate at least this lead
	 * too (0: none): a step far down the chain that fires the key the question names
	 * (`rpc.call('createNote', …)` for "the call chain of createNote") is the hop asked about.
	 */
	ratedKeyHops: number;
	/**
	 * Local function heads listed per long signature-only chain step (0: none): the lines inside it
	 * declaring a named local function whose name holds the question's words (map-local-heads.ts),
	 * for the lead steps with their key-hop lines, for the rest at the map's tail.
	 */
	localHeads: number;
	/**
	 * A decorated definition is named by its declaration line, not its first decorator's: its
	 * signature is that line, and a slice's signature runs down to it.
	 */
	declarationLines: boolean;
	/**
	 * Before the read files' outline: this many definitions of the files the material holds that
	 * no entry names, the best rated by the question's words and their edges to the material.
	 */
	heldFileDefs: number;
	/**
	 * After the chain steps: at most this many module-level register calls that plug in a handler
	 * the material names by its own definition (`callbacks.add('x', onX)` below `function onX`).
	 * 20 and 40 gave the same key lines on the four dev sets (run 15 — material): few questions
	 * have more such handlers in their material, and each line displaces a tail entry.
	 */
	registerLines: number;
	/**
	 * A long definition's slices go in by importance (its head, then the slice holding the most
	 * important hop, …), not top to bottom: when the budget runs out inside it, what is cut is the
	 * least important slice, not everything below the cut (run 17: a long create function held to line 163,
	 * its after-create callbacks lost). They are printed in line order all the same.
	 */
	slicesByImportance: boolean;
	/**
	 * A long definition's last slice that stops at most this many lines short of its end runs to
	 * the end (0: none): what a function returns and the hooks it fires last sit there, and a slice
	 * ending a line short of them cost a room-creation flow its after-create app event (Session 27).
	 */
	sliceTail: number;
	/**
	 * The direct neighbours of the bodies read (what they call, who calls them) are listed before
	 * the read files' outline, not after it: a model file's outline (20 of its methods) otherwise
	 * takes the room of the function the body read calls (run 17: `fetchMessageHistory`).
	 */
	neighboursBeforeOutline: boolean;
	/**
	 * After the bodies' neighbours: at most this many implementations of each interface (or stub)
	 * member the material names. A call into a model or service lands on its interface, whose line
	 * holds no code; the class that implements it is the hop's far end (run 17: `fetchMessageHistory`
	 * calls `IChatMessagesModel.find…`, the answer needs `MessagesCollection.find…`).
	 */
	implementations: number;
	/**
	 * With them: at most this many module-level values each body read calls through, on the lines
	 * it shows (`Team.create(…)` → `export const Team = proxify<IGroupService>('team')`): where the
	 * object a flow calls comes from (a service proxy, a registered model, an app manager).
	 */
	valuesCalledThrough: number;
	/**
	 * A long definition the model asked for (a select pick) that the bodies' share held only in
	 * part gets the slices it had no room for back after the neighbours, planned at this many lines
	 * (0: none come back): the deciding hops deep in it. Run 17's long create function, read as the callee
	 * of an earlier pick, kept lines 112, 184–188 and 200–201 and lost its app events and callbacks
	 * at 212–266. Not for a definition no pick names: offline, a long callee's rest took the room
	 * of the seeds' bodies and the key-hop lines at the map's tail (Excalidraw, Postiz).
	 */
	restOfSlices: number;
	/**
	 * Right after the rest of the picks' slices: the gaps of at most this many lines between two
	 * slices of a pick are read, joining the slices into one source (0: none): the deciding lines of
	 * a long pick often sit between its hops (slice-gaps.ts); then those of a callee read below.
	 */
	sliceGapLines: number;
	/**
	 * Then the callees of the lines a pick shows are read — at most this many (0: none), of at most
	 * `pickCalleeLines` lines unless the callee calls another pick (the step between two picks,
	 * sliced when long; pick-callees.ts). Material only: offline has no picks.
	 */
	pickCallees: number;
	pickCalleeLines: number;
	/**
	 * Then at most this many functions no source holds that call two or more of the chain's bodies
	 * read (picks, seeds, chain steps), sliced past `pickCalleeLines` (chain-callers.ts; 0: none):
	 * the use case's `execute` whose helpers were read, where the order of the steps is decided.
	 */
	chainCallers: number;
	/**
	 * Of the budget, the share the gaps and callees above may take ahead of the read files' outline
	 * (the rest wait for what the map leaves, before the last bodies).
	 */
	pickFollowShare: number;
	/**
	 * For a question about how the repository is built or packaged, the sections of its root
	 * manifests (workspaces, scripts, build tasks, tsconfig bases), one line each, before the chain
	 * steps' signatures: no stage reaches a manifest by the question's words.
	 */
	rootManifests: boolean;
	/**
	 * A signature is printed without its return type and opening brace (`async listNodes()`, not
	 * `async listNodes(): Promise<IClusterNode[]> {`), cut at `signatureChars`: a map line is a
	 * pointer to a definition, and the room the types took lists more definitions.
	 */
	compactSignatures: boolean;
	signatureChars: number;
	/**
	 * A map line inside a definition (a key hop, a local head, a register call) that shows a question
	 * word only past `signatureChars` runs on to the last one, up to this many characters (0: none
	 * does): `this.socket.on("new-user", async (_sock…` lost what it was listed for. Declaration lines
	 * too cost the map's tail key lines offline (RC 0.787 → 0.774; docs/pipeline.md).
	 */
	wordLineChars: number;
	/**
	 * Plug-in families and near-identical versions listed by their first members, the rest named on
	 * the first one's line (map-fold.ts): 60 provider `sendMessage` lines took a map's room.
	 */
	foldLookalikes: boolean;
	/**
	 * Before the bodies' neighbours: this many definitions the question's words find index-wide
	 * (full-text search) that no entry names yet, best rated first. The select stage names what the
	 * chains offer; a definition the question names outright may be on none of them.
	 */
	questionHits: number;
	/**
	 * Before the key-hop lines and the last bodies: the select picks of at most this many lines
	 * that no share had room for, read whole (what the model asked for, a few lines each).
	 */
	shortPicks: number;
	/**
	 * With what is left after the map, the chain steps the bodies' share had no room for are read
	 * shortest-class first (0: in reading order): those of at most this many lines that a body read
	 * hands the flow to (the far end of its hop on the chain: a service method a handler calls, the
	 * check it makes), then the other steps of at most this many lines, then the longer ones, whose
	 * slices took the room of several short steps (Session 27: the dev sets' chain lines inside a
	 * body, not a map line, 0.243/0.364/0.121/0.583 -> 0.250/0.439/0.156/0.625, key lines unchanged).
	 */
	lastBodyLines: number;
	/**
	 * With select picks, the seeds the model passed over wait behind every other step in the last
	 * bodies (their signatures stay listed). Read whole there, short seeds took ~9,500 tokens of the
	 * eleven dev sets' material and held no gold chain line no other source held (session 44,
	 * yield44's census), ahead of the chain steps the flow runs through.
	 */
	seedsLast: boolean;
	/**
	 * With select picks: a map entry the question's words rate below this that is neither a pick nor
	 * one hop from one (a pick's hop on a chain, a neighbour of a pick's body) nor firing a key the
	 * question's words rate `ratedKeyHops` waits for the map's tail, before the last bodies, best
	 * rated first (0: none waits); its key-hop lines follow the picks' follow-ups there (session 29,
	 * mat29: stand-in key lines RC 0.767 -> 0.771, Trigger.dev 0.591 -> 0.604, offline identical).
	 * The model named what it wants read; the chain steps it passed over that
	 * the question's words barely rate took ~3,300 of the 16,000 tokens and held 1 key line in 60
	 * (llm-relay.md, Session 17), ahead of the outlines, short picks and the rest of the bodies.
	 * Offline there are no picks, and nothing waits.
	 */
	unpickedBelow: number;
	/**
	 * Of the chain steps that waited, the best rated this many get their key-hop lines and local
	 * heads right after their own signature as the waiting entries are listed (0: all wait for the
	 * map's tail, behind every waiting signature, where they found the budget spent). Session 30,
	 * mat30: stand-in key lines RC 0.774 -> 0.781, the rest unchanged; 20 or 30 steps RC 0.779;
	 * 100 or all gained Excalidraw and Postiz a line each but cost RC tail entries (a core file).
	 * Session 31, mat31: 75 once the blocks naming no key wait (`contextBlocksLast`): Excalidraw
	 * 0.870 -> 0.891 (one question's socket handler), the rest unchanged; 100 still
	 * cost RC a line (one question).
	 */
	waitingHopSteps: number;
	/**
	 * With select picks, right after the first pass: at most `sharedSteps` chain steps (no pick, not
	 * read) that `sharedStepChains` or more chains hold and the question's words rate, the most
	 * chains first, read whole up to `pickCalleeLines` or sliced, within `sharedStepShare` of the
	 * budget past what the picks spent (0 steps: none; shared-steps.ts). The picks' half of the
	 * budget left no chain step a body before the map (Postiz's `launchWorkflow`, a step of six
	 * chains; session 29, mat29b: stand-in key lines RC 0.771 -> 0.774, Postiz 0.944 -> 0.972, Novu
	 * 0.853 -> 0.864; three steps or a 2-chain floor cost RC lines at the map's tail).
	 */
	sharedSteps: number;
	sharedStepChains: number;
	sharedStepShare: number;
	/**
	 * With select picks, the module-level blocks that name no key (a header comment, config from the
	 * environment, a package entry's wiring: read-module-blocks.ts `namesNoKey`) are read after the
	 * last bodies, with what the map leaves, not within the module share ahead of it. Session 31,
	 * mat31: stand-in key lines Excalidraw 0.849 -> 0.870, the rest and offline unchanged; a chain
	 * folder's entry wiring waiting too cost RC a core file (its API index.ts, ctx 0.889 -> 0.883).
	 */
	contextBlocksLast: boolean;
	/**
	 * Right before the waiting entries, and as each is listed: the top-level definition each file
	 * the material holds is named after (`canEditPost.ts`'s `canEditPost`, `api.js`'s `Api`),
	 * if no entry names it, one line each without waiting (map-namesakes.ts). A file's main export
	 * is where to look in it, yet no pass reached it while its members or neighbours were listed.
	 */
	namesakes: boolean;
	/**
	 * With the namesakes, each held file's most used top-level definition when at least this many
	 * edges lead into it (map-hubs.ts; 0: none): where the file's users meet it.
	 */
	hubMinFanIn: number;
	/**
	 * With the hubs, up to this many module-level lines per held file that call or construct a
	 * definition the material names (map-module-calls.ts; 0: none): where it is plugged in or started.
	 */
	moduleCallLines: number;
	/**
	 * With the module calls, up to this many makers of each short module-level value the material
	 * names: the functions of its own file its initializer calls, a static factory's class
	 * (map-value-makers.ts; 0: none). The value names the shared client its users meet, not the code
	 * that connects it. Session 35, llmkey35: stand-in key lines Langfuse 0.623 -> 0.648, the rest
	 * unchanged; makers of other files too cost RC context (0.907 -> 0.900).
	 */
	valueMakers: number;
	/**
	 * Bodies, slices and glimpses printed without the indentation their range does not need
	 * (compact-text.ts): the shared leading whitespace dropped, space indentation as tabs.
	 */
	compactBodies: boolean;
	/**
	 * With the model's picks: per chain head (a seed, or a seed's caller) the material names, this many
	 * of its direct callees no entry names, best rated first (map-neighbours.ts `listHeadCallees`).
	 */
	headCallees: number;
	/**
	 * Right after the bodies (and shared steps): for the bodies read, in order, at most `enclosingDefs`
	 * enclosing functions no source reads, `enclosingSliceLines` lines of slices each (the line
	 * registering the nested one, the enclosing one's own hops; enclosing-slices.ts), within
	 * `enclosingShare` of the budget past what is spent (0 lines: none). With the model's picks only,
	 * not for an impact question (assemble.ts). Session 49, mat49: stand-in key lines Bruno 0.680 ->
	 * 0.748, undb 0.639 -> 0.690, ApostropheCMS 0.593 -> 0.602, Langfuse 0.680 -> 0.671 (a caller
	 * line at the tail), the rest equal; closures under 150 lines or 40 lines of slices gained less.
	 */
	enclosingSliceLines: number;
	enclosingDefs: number;
	enclosingShare: number;
	/** Only enclosing functions of at least this many lines; only their head and held hop lines (no slices). */
	enclosingMinLines: number;
	enclosingHopsOnly: boolean;
	/**
	 * Then at most `bridgeSteps` functions of at most `bridgeLines` lines read whole that a body read
	 * calls and that call another body read (`bridgeCalls`), or a body read reaches over a key hop
	 * (`bridgeKeyHops`; bridge-steps.ts), within `bridgeShare` past what is spent (0 lines: none).
	 */
	bridgeLines: number;
	bridgeSteps: number;
	bridgeCalls: boolean;
	bridgeKeyHops: boolean;
	bridgeShare: number;
	/**
	 * Offline, after everything else: per chain step held only as a signature (or in slices that cut
	 * the line), at most `joinLines` lines where it calls another chain step the material holds
	 * (map-join-lines.ts), and at most `pathJoins` lines where two adjacent steps of a skeleton meet
	 * (map-path-joins.ts), the best rated first, in what is left and the room of at most
	 * `joinRoomLines` step-outline lines the question's words do not rate (0: none). Listed earlier (with the key-hop lines, or after the held files' definitions)
	 * they pushed the bodies' tail out of the budget, gold as often: Langfuse, Capgo and Bruno
	 * gained, a held-out set lost (lf49, body52).
	 */
	joinLines: number;
	pathJoins: number;
	joinRoomLines: number;
	/**
	 * With the model's picks, last: for the first `chainCallSteps` chain steps held only as a
	 * signature that are a seed, a seed's caller, a call hop or a key's dispatcher, the line of their
	 * first `chainCallLines` calls to a chain node (the next node first) and the `if`/`switch`
	 * deciding each (map-chain-calls.ts), in what is left and the room of at most `chainCallRoom`
	 * map lines on no chain that the question's words do not rate (not a value's or its maker's),
	 * last listed first (0 steps: none). The step outline's unrated lines alone left no room with
	 * the model's picks; the tail's waiting entries as the room cost Rocket.Chat and Langfuse lines. The central body a reader wanted was held as its
	 * declaration line alone (session 52's readers; bud52's census: 37 missed gold lines there).
	 */
	chainCallSteps: number;
	chainCallLines: number;
	chainCallRoom: number;
}

/** No bridge steps: both reaches read none (bridge-steps.ts stays for a reach that would). */
const NO_BRIDGES = {
	bridgeLines: 0,
	bridgeSteps: 0,
	bridgeCalls: false,
	bridgeKeyHops: false,
	bridgeShare: 0,
};

/** The answer stage's material (and the LLM's prompt). */
export const MATERIAL_REACH: MapReach = {
	foldersInMap: true,
	stepOutlineFiles: 25,
	stepOutlineDefs: 12,
	registerHeads: true,
	keyHopLines: true,
	leadHopSteps: 30,
	ratedKeyHops: 2,
	localHeads: 2,
	declarationLines: true,
	heldFileDefs: 20,
	registerLines: 20,
	slicesByImportance: true,
	sliceTail: 8,
	neighboursBeforeOutline: true,
	implementations: 2,
	valuesCalledThrough: 3,
	restOfSlices: 90,
	pickCallees: 8,
	pickCalleeLines: 40,
	chainCallers: 3,
	sliceGapLines: 40,
	pickFollowShare: 0.03,
	rootManifests: true,
	compactSignatures: true,
	signatureChars: 40,
	wordLineChars: 100,
	foldLookalikes: true,
	questionHits: 10,
	shortPicks: 10,
	lastBodyLines: 60,
	seedsLast: true,
	unpickedBelow: 2,
	waitingHopSteps: 75,
	sharedSteps: 2,
	sharedStepChains: 3,
	sharedStepShare: 0.04,
	contextBlocksLast: true,
	namesakes: true,
	hubMinFanIn: 10,
	moduleCallLines: 2,
	valueMakers: 3,
	compactBodies: true,
	headCallees: 1,
	enclosingSliceLines: 60,
	enclosingDefs: 2,
	enclosingShare: 0.06,
	enclosingMinLines: 150,
	enclosingHopsOnly: false,
	...NO_BRIDGES,
	joinLines: 4,
	pathJoins: 20,
	joinRoomLines: 10,
	chainCallSteps: 20,
	chainCallLines: 1,
	chainCallRoom: 40,
};
/**
 * The offline answer's citation pool: 15 files of 8 definitions, and paths per file (run 11 —
 * material: 30 files of 20 there gained Rocket.Chat a line and lost Hoppscotch's gain).
 */
export const CITATION_REACH: MapReach = {
	foldersInMap: false,
	stepOutlineFiles: 15,
	stepOutlineDefs: 8,
	registerHeads: false,
	keyHopLines: false,
	leadHopSteps: 0,
	ratedKeyHops: 0,
	localHeads: 0,
	declarationLines: false,
	heldFileDefs: 0,
	registerLines: 0,
	slicesByImportance: false,
	sliceTail: 0,
	neighboursBeforeOutline: false,
	implementations: 0,
	valuesCalledThrough: 0,
	restOfSlices: 0,
	pickCallees: 0,
	pickCalleeLines: 0,
	chainCallers: 0,
	sliceGapLines: 0,
	pickFollowShare: 0,
	rootManifests: false,
	compactSignatures: false,
	signatureChars: 44,
	wordLineChars: 0,
	foldLookalikes: false,
	questionHits: 0,
	shortPicks: 0,
	lastBodyLines: 0,
	seedsLast: false,
	unpickedBelow: 0,
	waitingHopSteps: 0,
	sharedSteps: 0,
	sharedStepChains: 2,
	sharedStepShare: 0,
	contextBlocksLast: false,
	namesakes: false,
	hubMinFanIn: 0,
	moduleCallLines: 0,
	valueMakers: 0,
	compactBodies: false,
	headCallees: 0,
	enclosingSliceLines: 0,
	enclosingDefs: 0,
	enclosingShare: 0,
	enclosingMinLines: 0,
	enclosingHopsOnly: false,
	...NO_BRIDGES,
	joinLines: 0,
	pathJoins: 0,
	joinRoomLines: 0,
	chainCallSteps: 0,
	chainCallLines: 0,
	chainCallRoom: 0,
};
