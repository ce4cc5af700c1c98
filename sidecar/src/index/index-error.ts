/** The error a reader throws for an index it cannot use: missing, of another format, or damaged. */
import { codedError } from "../coded-error.js";

export class IndexError extends codedError<"index-missing" | "index-incompatible" | "index-corrupt">(
	"IndexError",
) {}
