// A reducer handed to `useReducer` inline: its switch reads the action whatever the parameters' names.
declare function useReducer<S, A>(reducer: (s: S, a: A) => S, initial: S): [S, (a: A) => void];

export function useCounter() {
	const [count, dispatch] = useReducer((n: number, e: { type: string }) => {
		switch (e.type) {
			case "counter/increment":
				return n + 1;
			case "counter/decrement":
				return n - 1;
			default:
				return n;
		}
	}, 0);
	return { count, up: () => dispatch({ type: "counter/increment" }), down: () => dispatch({ type: "counter/decrement" }) };
}
