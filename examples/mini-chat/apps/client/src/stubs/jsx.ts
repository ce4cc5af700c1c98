// JSX element types for the example, so it type-checks without React's type package.
declare global {
	namespace JSX {
		type Element = { tag: unknown; props: unknown };
		interface IntrinsicElements {
			[tag: string]: Record<string, unknown>;
		}
	}
}

export {};
