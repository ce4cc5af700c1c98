/**
 * A declaration view of a file for an incremental run's program: the files there only for what
 * they declare (not extracted) need their declarations, not the bodies of functions whose types
 * are declared. The full run records, per TypeScript file, the ranges of such bodies (between the
 * braces); an incremental run blanks them to spaces (newlines kept, so every position and line is
 * the file's own) before the program parses the file — when the file's content is the one the
 * ranges were recorded from (its hash in the index). The parse and the binding skip what no type
 * another file sees can depend on.
 *
 * A body is blanked only where it cannot change a type, a declaration or a module's kind:
 * - functions, methods, get accessors and arrow functions with a declared return type, and
 *   constructors (which have none) unless their class has a property with neither a type nor an
 *   initializer (its type is inferred from the constructor's assignments);
 * - never in JavaScript files (assignments in a body declare members there) nor declaration files;
 * - never a body assigning a `this` property (`this.x = …`: the site extractor reads such
 *   assignments in a file's classes, base classes in other files included), nor one using
 *   `import.meta` (it makes a file a module), nor one whose returned functions are definitions
 *   (returned-functions.ts: other files' edges reach them through it, edges.ts `returnedByCall`).
 * Top-level call statements declare nothing (`Meteor.methods({ … })`): blanked whole, as import-scope.ts
 * does not follow their imports. Functions with inferred return types, object literals and class
 * field initialisers stay whole.
 */

/** The ranges as stored in the index (table file_bodies): comma-separated, each offset from the previous. */
export function encodeBodies(ranges: readonly number[]): string {
	let last = 0;
	return ranges
		.map((x) => {
			const d = x - last;
			last = x;
			return d.toString(36);
		})
		.join(",");
}

export function decodeBodies(text: string): number[] {
	if (text === "") return [];
	let last = 0;
	return text.split(",").map((d) => {
		last += Number.parseInt(d, 36);
		return last;
	});
}

/** `text` with every character of the ranges but line breaks replaced by spaces. */
export function blankBodies(text: string, ranges: readonly number[]): string {
	if (ranges.length === 0) return text;
	const parts: string[] = [];
	let at = 0;
	for (let i = 0; i + 1 < ranges.length; i += 2) {
		const start = ranges[i] as number;
		const end = ranges[i + 1] as number;
		if (start < at || end > text.length || end < start) return text; // not this text's ranges
		parts.push(text.slice(at, start), text.slice(start, end).replace(/[^\n\r\u2028\u2029]/g, " "));
		at = end;
	}
	parts.push(text.slice(at));
	return parts.join("");
}

/** The bodies recorded for a file in the previous index, and the hash of the content they are of. */
export interface RecordedBodies {
	hash: string;
	ranges: string;
}

/**
 * The file's text as a program holding it only for its declarations reads it: blanked when the
 * bodies were recorded from this very content (same hash), else as it is.
 */
export function declarationText(content: string, hash: string, recorded: RecordedBodies | undefined): string {
	return recorded && recorded.hash === hash ? blankBodies(content, decodeBodies(recorded.ranges)) : content;
}
