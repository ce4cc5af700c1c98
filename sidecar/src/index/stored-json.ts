/** JSON read back from an index: a row that does not parse is a damaged index, told as such. */
import { IndexError } from "./index-error.js";

/**
 * A JSON value stored in the index. Damage inside a row (a page that still reads, with garbled text)
 * is a damaged index, told as such, not an error in code.
 */
export function storedJson<T>(text: string, what: string, path: string): T {
	try {
		return JSON.parse(text) as T;
	} catch (err) {
		throw new IndexError(
			"index-corrupt",
			`cannot read index ${path}: its ${what} is not valid JSON (${(err as Error).message})`,
		);
	}
}
