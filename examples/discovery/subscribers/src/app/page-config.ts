/** A framework's page module: a `config` export with no event key registers nothing. */
export default function Page() {
	return "page";
}

export const config = { runtime: "edge" };
