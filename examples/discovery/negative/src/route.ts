// Named like a route module, outside any routes folder: verb-named exports of a helper are no routes.
export function GET(key: string) {
	return localStorage.getItem(key);
}

export const POST = (message: string) => console.log("post", message);
